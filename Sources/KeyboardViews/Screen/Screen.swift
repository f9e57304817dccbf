import Foundation

/// What a screen and the views on it read of the system around them: the emulated device in its
/// orientation, its traits, and where layout conflicts go. The core's `KeyboardSession` is one; the view
/// layer knows it only as this.
package protocol ScreenSource: AnyObject {
    /// The screen in points, for the current orientation.
    var screenBounds: CGRect { get }
    /// The screen in pixels, portrait-up as UIKit reports it.
    var screenNativeBounds: CGRect { get }
    /// Pixels per point.
    var screenScale: CGFloat { get }
    /// The device's safe-area insets for the current orientation.
    var screenSafeAreaInsets: EdgeInsets { get }
    /// The traits views outside a keyboard see.
    var traitCollection: TraitCollection { get }
    /// A conflict the layout engine met in a view tree on this screen.
    func reportLayoutConflict(_ report: LayoutConstraint.ConflictReport)
    /// The app object (`UIApplication`) at the end of the responder chain of the views shown here:
    /// keyboards walk `next` up to it to open URLs, as `UIApplication.shared` is unavailable in extensions.
    var applicationResponder: Responder? { get }
}

/// The screen (`UIScreen`): bounds and scale of the emulated device in its current orientation.
///
/// `Screen.main` follows the current screen (that of the session made current last on this thread); a
/// session's own screen follows that session. Without any session it is an iPhone 16 in portrait.
public final class Screen: NSObject, @unchecked Sendable {
    // Unchecked: the source is read on the thread that drives it, the only thread that may use UIKit
    // names, as on iOS's main thread. Weak: `main` reads the current screen's source from any thread
    // (the current screen of another thread when this one has none), which may be ending meanwhile; a
    // source that is gone reads `nil`, and the screen shows the standalone device.
    private weak var ownSource: (any ScreenSource)?
    private let followsCurrentScreen: Bool

    private init(source: (any ScreenSource)?, followsCurrentScreen: Bool) {
        self.ownSource = source
        self.followsCurrentScreen = followsCurrentScreen
        super.init()
        ownCoordinateSpace = ScreenCoordinateSpace(screen: self)
    }

    /// The screen of a source (a session's own screen).
    package convenience init(source: any ScreenSource) {
        self.init(source: source, followsCurrentScreen: false)
    }

    /// The screen of the session made current last.
    public static let main = Screen(source: nil, followsCurrentScreen: true)

    /// The screens made current — by their session's creation or its keyboard's appearance — per thread,
    /// else for any thread.
    /// A screen that outlives its session (held by a test, or as a notification's object) no longer counts:
    /// the screen made current before it does.
    package static let currentScreens = CurrentReference<Screen> { $0.ownSource != nil }

    /// What this screen shows now: its own source, or the current screen's for ``main``.
    package var source: (any ScreenSource)? {
        followsCurrentScreen ? Self.currentScreens.object?.ownSource : ownSource
    }

    /// The screen in points, for the current orientation.
    public var bounds: CGRect { source?.screenBounds ?? Standalone.bounds }

    /// Whether `object` is this screen (`NSObject.isEqual(_:)`): `UIScreen.main` and a session's own screen
    /// are equal while that session is current, as iOS has one screen object (the keyboard notifications'
    /// `object` is compared with `view.window?.screen`).
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? Screen else { return false }
        guard other !== self else { return true }
        guard let source, let otherSource = other.source else { return false }
        return source === otherSource
    }

    /// The hash that goes with ``isEqual(_:)``: one value for every screen, since which session a screen
    /// follows changes (equal screens must hash alike, and a screen in a set must stay findable).
    public override var hash: Int { 0 }

    /// The screen's coordinate space (`UIScreen.coordinateSpace`): points from the screen's top-left
    /// corner in the current orientation, where the keyboard notifications' frames are.
    public var coordinateSpace: any CoordinateSpace { ownCoordinateSpace }

    /// `UIScreen.fixedCoordinateSpace`, which UIKit fixes to the device in portrait: here the same as
    /// ``coordinateSpace`` (the emulator does not model the rotation between the two).
    public var fixedCoordinateSpace: any CoordinateSpace { ownCoordinateSpace }

    /// One object for the screen's space, as UIKit returns the same one at every read: set once in `init`
    /// (not lazily: `Screen.main` is read from every thread).
    private var ownCoordinateSpace: ScreenCoordinateSpace!

    /// The screen in pixels, portrait-up as UIKit reports it.
    public var nativeBounds: CGRect { source?.screenNativeBounds ?? Standalone.nativeBounds }

    /// Pixels per point.
    public var scale: CGFloat { source?.screenScale ?? Standalone.scale }
    /// Pixels per point of the physical screen (the same here).
    public var nativeScale: CGFloat { scale }

    /// The traits of the screen.
    public var traitCollection: TraitCollection { source?.traitCollection ?? .standalone }

    /// The device's safe-area insets for the current orientation.
    var deviceInsets: EdgeInsets { source?.screenSafeAreaInsets ?? Standalone.safeAreaInsets }

    /// The screen without any session: the default device (iPhone 16) in portrait. The core checks these
    /// figures against its device profile.
    package enum Standalone {
        package static let bounds = CGRect(x: 0, y: 0, width: 393, height: 852)
        package static let scale: CGFloat = 3
        package static let nativeBounds = CGRect(x: 0, y: 0, width: 393 * 3, height: 852 * 3)
        package static let safeAreaInsets = EdgeInsets(top: 59, left: 0, bottom: 34, right: 0)
    }
}
