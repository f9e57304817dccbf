import KeyboardEmulator
import KeyboardHost

/// A scene (`UIScene`): one of the app's user interfaces and its activation state. The emulator has one
/// scene per screen, the window scene (``UIWindowScene``); scenes of one screen are equal.
open class UIScene: NSObject {
    /// Whether a scene is on screen and receiving events (`UIScene.ActivationState`), with UIKit's raw values.
    public enum ActivationState: Int, Sendable, Hashable {
        case unattached = -1
        case foregroundActive = 0
        case foregroundInactive
        case background
    }

    /// The app's state as a scene's: `foregroundActive` while the main app is active, `foregroundInactive`
    /// while it leaves the foreground, `background` after (`UIApplication.shared.applicationState`).
    public var activationState: ActivationState {
        switch UIApplication.shared.applicationState {
        case .active: .foregroundActive
        case .inactive: .foregroundInactive
        case .background: .background
        }
    }

    override init() {}
}

/// A window's scene (`UIWindowScene`): the interface orientation and screen of the session the window
/// shows (`KeyboardSession.current`, as `UIScreen.main` follows it), and the app's windows on that screen.
/// A window's `windowScene` makes one on each read; scenes of one screen are equal (`==`, sets).
public final class UIWindowScene: UIScene {
    /// The screen the scene is on.
    public let screen: UIScreen

    init(screen: UIScreen) {
        self.screen = screen
    }

    /// The orientation of the interface: the current session's (portrait without one).
    public var interfaceOrientation: UIInterfaceOrientation { KeyboardSession.current?.orientation ?? .portrait }

    /// The scene's traits: its screen's.
    public var traitCollection: UITraitCollection { screen.traitCollection }

    /// The app's windows on this scene's screen (the main app's window while a frame model exists).
    public var windows: [UIWindow] { UIApplication.shared.windows.filter { $0.screen.isEqual(screen) } }

    /// The scene's key window (iOS 15's `keyWindow`).
    public var keyWindow: UIWindow? { windows.first { $0.isKeyWindow } }

    /// Equal to the scene of the same screen.
    public override func isEqual(_ object: Any?) -> Bool {
        (object as? UIWindowScene)?.screen.isEqual(screen) == true
    }

    public override var hash: Int { screen.hash }
}

extension UIWindow {
    /// The window's scene.
    public var windowScene: UIWindowScene? { UIWindowScene(screen: screen) }
}

extension UIApplication {
    /// The app's scenes (`connectedScenes`): the one window scene, while a frame model exists — so the
    /// iOS 13 idiom `connectedScenes.compactMap { $0 as? UIWindowScene }.first?.windows` finds the window.
    public var connectedScenes: Set<UIScene> {
        windows.isEmpty ? [] : [UIWindowScene(screen: .main)]
    }
}
