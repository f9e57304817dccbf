import Foundation
import UIKit

/// A keyboard that sets its own `UIInputView`, styles its return key with an attributed title, reads its
/// touches' force, its window scene's orientation and the input-mode notification. `@unchecked Sendable`
/// so that its notification block may capture it in Swift 6 mode (see "What import UIKit gives you").
final class Probe4KeyboardViewController: UIInputViewController, @unchecked Sendable {
    let returnKey = UIButton(type: .system)
    let selection = UISelectionFeedbackGenerator()
    let notification = UINotificationFeedbackGenerator()
    private(set) var inputModeChanges = 0
    private(set) var lastForce: CGFloat?
    private(set) var lastTouchType: UITouch.TouchType?
    private var observer: NSObjectProtocol?
    /// Where it observes the input-mode notification: `.default` as on iOS; a test passes its own.
    private let center: NotificationCenter

    init(center: NotificationCenter = .default) {
        self.center = center
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        let input = UIInputView(frame: .zero, inputViewStyle: .keyboard)
        input.allowsSelfSizing = true
        inputView = input
        view.layer.borderColor = UIColor.gray.cgColor
        view.layer.borderWidth = 1
        view.backgroundColor = UIColor(named: "KeyboardBackground") ?? .systemGray6
        let title = NSAttributedString(string: "return", attributes: [
            .font: UIFont.systemFont(ofSize: 16, weight: .semibold), .foregroundColor: UIColor.systemBlue,
        ])
        returnKey.setAttributedTitle(title, for: .normal)
        returnKey.frame = CGRect(x: 300, y: 200, width: 88, height: 42)
        returnKey.addAction(UIAction { [unowned self] _ in textDocumentProxy.insertText("\n") }, for: .touchUpInside)
        view.addSubview(returnKey)
        let longPress = UILongPressGestureRecognizer()
        longPress.minimumPressDuration = 0.4
        let pan = UIPanGestureRecognizer()
        view.addGestureRecognizer(longPress)
        view.addGestureRecognizer(pan)
        _ = pan.translation(in: view)
        _ = pan.velocity(in: view)
        selection.prepare()
        selection.selectionChanged()
        notification.notificationOccurred(.success)
        _ = UIDevice.current.orientation.isLandscape
        _ = traitCollection.verticalSizeClass == .compact
        _ = UIScreen.main.nativeScale
        _ = view.safeAreaInsets.bottom
        observer = center.addObserver(
            forName: UITextInputMode.currentInputModeDidChangeNotification, object: nil, queue: nil
        ) { [unowned self] _ in inputModeChanges += 1 }
        switch textDocumentProxy.returnKeyType {
        case .search?: returnKey.setTitle("search", for: .normal)
        case .go?: returnKey.setTitle("go", for: .normal)
        default: break
        }
    }

    deinit {
        if let observer { center.removeObserver(observer) }
    }

    /// The orientation as keyboards read it on iOS 13 and later (`nil` in the emulator: the keyboard's view
    /// is in no window).
    var sceneOrientation: UIInterfaceOrientation? { view.window?.windowScene?.interfaceOrientation }

    override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
        coordinator.animate(alongsideTransition: { _ in self.view.layoutIfNeeded() }, completion: { _ in })
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesBegan(touches, with: event)
        guard let touch = touches.first else { return }
        _ = view.hitTest(touch.location(in: view), with: event)
        _ = touch.previousLocation(in: view)
        lastForce = touch.force
        lastTouchType = touch.type
    }
}
