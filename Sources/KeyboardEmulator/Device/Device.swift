import Foundation
import KeyboardViews

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
