import Foundation
import KeyboardEmulator

/// The plain custom keyboard scenarios type with: an ``InputViewController`` that may set its own height
/// in `viewDidLoad`, as keyboards do with a height constraint.
open class ScenarioKeyboard: InputViewController {
    /// The height set in `viewDidLoad` (`nil`: the system's default height).
    public var initialHeight: Double?

    public init(initialHeight: Double? = nil) {
        self.initialHeight = initialHeight
        super.init()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        if let initialHeight { preferredHeight = initialHeight }
    }
}
