import Foundation
import KeyboardEmulator

/// The window of a ``HostApp``: its frame is the app's window on the model's screen.
final class HostWindow: Window {
    private unowned let app: HostApp

    init(app: HostApp) {
        self.app = app
        super.init(frame: .zero)
        host = app
        if let session = app.model?.session { screen = session.screen }
        // Each app is its own process on iOS, and its window is that process's key window.
        makeKey()
    }

    /// A host window is made by its app, never decoded.
    required init?(coder: NSCoder) {
        return nil
    }

    /// The app's traits: the session's device, orientation and layout direction, in the light style.
    override var traitCollection: TraitCollection {
        guard let session = app.model?.session else { return super.traitCollection }
        return applyingStyleOverride(TraitCollection(device: session.device, orientation: session.orientation,
                                                     appearance: .default, layoutDirection: session.layoutDirection))
    }

    override var frame: CGRect {
        get { app.model.map { app.window(in: $0.screen) } ?? super.frame }
        set {
            if app.model == nil { super.frame = newValue } else { app.windowFrame = newValue }
        }
    }
}
