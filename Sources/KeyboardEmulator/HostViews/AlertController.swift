import Foundation

/// An action of an alert or action sheet (`UIAlertAction`): its title, style, and what choosing it does.
public final class AlertAction: NSObject {
    /// How the action looks (`UIAlertAction.Style`), with UIKit's raw values.
    public enum Style: Int, Sendable {
        case `default` = 0, cancel, destructive
    }

    public let title: String?
    public let style: Style
    /// Whether the action can be chosen.
    public var isEnabled = true
    private let handler: ((AlertAction) -> Void)?

    public init(title: String?, style: Style, handler: ((AlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
    }

    func run() { handler?(self) }
}

/// An alert or action sheet (`UIAlertController`), presented with `present(_:animated:completion:)`: its
/// title, message, actions and text fields are there to read, and ``choose(_:)`` picks an action as a tap
/// on it would — the alert is dismissed, then the action's handler runs.
///
/// ```swift
/// let alert = UIAlertController(title: "Delete?", message: nil, preferredStyle: .alert)
/// alert.addAction(UIAlertAction(title: "Delete", style: .destructive) { _ in items.removeAll() })
/// present(alert, animated: true)
/// ```
open class AlertController: ViewController {
    /// The kind of alert (`UIAlertController.Style`), with UIKit's raw values.
    public enum Style: Int, Sendable {
        case actionSheet = 0, alert
    }

    open var message: String?
    public let preferredStyle: Style
    /// The actions, in the order they were added.
    public private(set) var actions: [AlertAction] = []
    /// The action the return key chooses (an alert's bold one).
    open var preferredAction: AlertAction?
    /// The text fields (alerts only), in the order they were added; `nil` without any.
    public private(set) var textFields: [TextFieldView]?

    public init(title: String?, message: String?, preferredStyle: Style) {
        self.message = message
        self.preferredStyle = preferredStyle
        super.init()
        self.title = title
    }

    /// Kept for source compatibility; the emulator loads no archives.
    public required init?(coder: NSCoder) {
        preferredStyle = .alert
        super.init(coder: coder)
    }

    open func addAction(_ action: AlertAction) {
        actions.append(action)
    }

    /// Adds a text field (an alert's; an action sheet has none, as UIKit refuses them), configured by the
    /// handler.
    open func addTextField(configurationHandler: ((TextFieldView) -> Void)? = nil) {
        precondition(preferredStyle == .alert, "text fields can only be added to an alert controller of style .alert")
        let field = TextFieldView(frame: .zero)
        configurationHandler?(field)
        textFields = (textFields ?? []) + [field]
    }

    /// Chooses an enabled action as a tap would: the alert is dismissed, then the handler runs. An action that
    /// is not this alert's, or is disabled, does nothing.
    public func choose(_ action: AlertAction) {
        guard action.isEnabled, actions.contains(where: { $0 === action }) else { return }
        dismiss(animated: true) { action.run() }
    }
}
