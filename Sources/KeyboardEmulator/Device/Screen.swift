import Foundation

/// The screen (`UIScreen`): bounds and scale of the emulated device in its current orientation.
///
/// `Screen.main` follows ``KeyboardSession/current`` (the session made current last on this thread);
/// a screen made for a session (``KeyboardSession/screen``) follows that session. Without any session it is an
/// iPhone 15 in portrait.
public final class Screen: @unchecked Sendable {
    // Unchecked: the session is read on the thread that drives it, the only thread that may use UIKit
    // names, as on iOS's main thread.
    private weak var session: KeyboardSession?
    private let followsCurrentSession: Bool

    private init(session: KeyboardSession?, followsCurrentSession: Bool) {
        self.session = session
        self.followsCurrentSession = followsCurrentSession
    }

    /// The screen of a session.
    public convenience init(session: KeyboardSession) {
        self.init(session: session, followsCurrentSession: false)
    }

    /// The screen of ``KeyboardSession/current``.
    public static let main = Screen(session: nil, followsCurrentSession: true)

    private var source: (device: DeviceProfile, orientation: InterfaceOrientation) {
        let session = followsCurrentSession ? KeyboardSession.current : session
        return (session?.device ?? .default, session?.orientation ?? .portrait)
    }

    /// The screen in points, for the current orientation.
    public var bounds: CGRect {
        let (device, orientation) = source
        return device.screenBounds(in: orientation)
    }

    /// The screen in pixels, portrait-up as UIKit reports it.
    public var nativeBounds: CGRect {
        let device = source.device
        return CGRect(
            x: 0, y: 0, width: device.portraitScreenSize.width * device.scale,
            height: device.portraitScreenSize.height * device.scale)
    }

    /// Pixels per point.
    public var scale: CGFloat { source.device.scale }
    public var nativeScale: CGFloat { source.device.scale }

    /// The traits of the screen.
    public var traitCollection: TraitCollection {
        let session = followsCurrentSession ? KeyboardSession.current : session
        return session?.traitCollection ?? TraitCollection(device: .default, orientation: .portrait, appearance: .default)
    }

    /// The device's safe-area insets for the current orientation.
    var deviceInsets: EdgeInsets {
        let (device, orientation) = source
        return device.safeAreaInsets(in: orientation)
    }
}

/// The physical orientation of the device (`UIDeviceOrientation`); landscape is named for where the
/// home side points, so it is the interface orientation turned around.
public enum DeviceOrientation: Int, Sendable, Hashable {
    case unknown = 0, portrait, portraitUpsideDown, landscapeLeft, landscapeRight, faceUp, faceDown

    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
    public var isFlat: Bool { self == .faceUp || self == .faceDown }
    public var isValidInterfaceOrientation: Bool { isPortrait || isLandscape }

    /// The device orientation that shows an interface orientation.
    public init(_ orientation: InterfaceOrientation) {
        switch orientation {
        case .unknown: self = .unknown
        case .portrait: self = .portrait
        case .portraitUpsideDown: self = .portraitUpsideDown
        case .landscapeLeft: self = .landscapeRight
        case .landscapeRight: self = .landscapeLeft
        }
    }
}

/// The device (`UIDevice`): idiom, orientation, names, and the keyboard click.
///
/// `Device.current` follows ``KeyboardSession/current``, like ``Screen/main``.
public final class Device: Sendable {
    private init() {}

    /// The device of ``KeyboardSession/current``.
    public static let current = Device()

    private var session: KeyboardSession? { KeyboardSession.current }
    private var profile: DeviceProfile { session?.device ?? .default }

    public var userInterfaceIdiom: UserInterfaceIdiom { profile.idiom == .pad ? .pad : .phone }
    public var orientation: DeviceOrientation { DeviceOrientation(session?.orientation ?? .portrait) }
    /// The device's name (`iPhone 15`).
    public var name: String { profile.name }
    /// `iPhone` or `iPad`.
    public var model: String { profile.idiom == .pad ? "iPad" : "iPhone" }
    public var localizedModel: String { model }
    public var systemName: String { profile.idiom == .pad ? "iPadOS" : "iOS" }
    /// The emulated system version: that of the session's fidelity profile (``FidelityProfile/ios``;
    /// default the newest modelled, `26.1`).
    public var systemVersion: String { (session?.fidelity.ios ?? .newest).systemVersion }
    public var isMultitaskingSupported: Bool { true }
    public var identifierForVendor: UUID? { Self.vendorIdentifier }
    private static let vendorIdentifier = UUID()
    public var isGeneratingDeviceOrientationNotifications: Bool { true }
    public func beginGeneratingDeviceOrientationNotifications() {}
    public func endGeneratingDeviceOrientationNotifications() {}

    /// Plays the keyboard click, as UIKit does: only while a keyboard whose input view adopts
    /// ``InputViewAudioFeedback`` and answers `true` is up, and only if the user's keyboard clicks are on
    /// (``KeyboardSession/keyboardClicksEnabled``). A played click is the session event
    /// ``SessionEvent/inputClick``; a silent one leaves no event.
    public func playInputClick() {
        session?.playInputClick()
    }
}
