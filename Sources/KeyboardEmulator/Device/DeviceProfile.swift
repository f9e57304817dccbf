import Foundation

/// An emulated device: its screen, safe areas and the hardware facts a keyboard depends on.
///
/// Screen sizes are in points with the device held in portrait; ``screenSize(in:)`` turns them for
/// landscape. The built-in profiles are listed in ``all``.
///
/// ```swift
/// let device = DeviceProfile.iPhone15
/// device.screenSize(in: .landscapeLeft)      // 852 × 393
/// device.needsInputModeSwitchKey              // false: Face ID iPhones draw the globe key themselves
/// ```
public struct DeviceProfile: Sendable, Hashable, Codable, Identifiable {
    /// The user interface idiom (as `UIUserInterfaceIdiom`).
    public enum Idiom: String, Sendable, Hashable, Codable {
        case phone
        case pad
    }

    /// A short identifier used on the command line (`iphone-15`, `ipad-pro-12.9`, …).
    public var id: String
    /// The marketing name.
    public var name: String
    public var idiom: Idiom
    /// The screen in points, portrait.
    public var portraitScreenSize: CGSize
    /// Pixels per point.
    public var scale: Double
    /// `true` for devices with a home button; `false` for Face ID devices with a home indicator.
    public var hasHomeButton: Bool
    /// The safe-area insets in portrait.
    public var portraitSafeArea: EdgeInsets
    /// The safe-area insets in landscape (left-hand side in `landscapeLeft`; mirrored for `landscapeRight`).
    public var landscapeSafeArea: EdgeInsets

    public init(
        id: String, name: String, idiom: Idiom, portraitScreenSize: CGSize, scale: Double,
        hasHomeButton: Bool, portraitSafeArea: EdgeInsets, landscapeSafeArea: EdgeInsets
    ) {
        self.id = id
        self.name = name
        self.idiom = idiom
        self.portraitScreenSize = portraitScreenSize
        self.scale = scale
        self.hasHomeButton = hasHomeButton
        self.portraitSafeArea = portraitSafeArea
        self.landscapeSafeArea = landscapeSafeArea
    }

    /// The screen size in points for an orientation.
    public func screenSize(in orientation: InterfaceOrientation) -> CGSize {
        orientation.isLandscape
            ? CGSize(width: portraitScreenSize.height, height: portraitScreenSize.width)
            : portraitScreenSize
    }

    /// The screen's bounds for an orientation, origin at zero.
    public func screenBounds(in orientation: InterfaceOrientation) -> CGRect {
        CGRect(origin: .zero, size: screenSize(in: orientation))
    }

    /// The safe-area insets for an orientation.
    public func safeAreaInsets(in orientation: InterfaceOrientation) -> EdgeInsets {
        switch orientation {
        case .portrait, .unknown:
            return portraitSafeArea
        case .portraitUpsideDown:
            // Phones do not rotate upside down; the insets are those of portrait turned around.
            return EdgeInsets(
                top: portraitSafeArea.bottom, left: portraitSafeArea.right,
                bottom: portraitSafeArea.top, right: portraitSafeArea.left)
        case .landscapeLeft:
            return landscapeSafeArea
        case .landscapeRight:
            return EdgeInsets(
                top: landscapeSafeArea.top, left: landscapeSafeArea.right,
                bottom: landscapeSafeArea.bottom, right: landscapeSafeArea.left)
        }
    }

    /// Whether a custom keyboard must draw its own globe key (`UIInputViewController.needsInputModeSwitchKey`).
    ///
    /// False on Face ID iPhones, where the system draws globe and dictation keys in a strip below the
    /// keyboard; true on home-button iPhones and on iPads (reference §2).
    public var needsInputModeSwitchKey: Bool {
        idiom == .pad || hasHomeButton
    }
}

extension DeviceProfile {
    /// iPhone SE (3rd generation): 4.7", home button.
    public static let iPhoneSE3 = DeviceProfile(
        id: "iphone-se-3", name: "iPhone SE (3rd generation)", idiom: .phone,
        portraitScreenSize: CGSize(width: 375, height: 667), scale: 2, hasHomeButton: true,
        portraitSafeArea: EdgeInsets(top: 20), landscapeSafeArea: EdgeInsets())

    /// iPhone 15: 6.1", Face ID, 393 × 852 points. The default device.
    public static let iPhone15 = DeviceProfile(
        id: "iphone-15", name: "iPhone 15", idiom: .phone,
        portraitScreenSize: CGSize(width: 393, height: 852), scale: 3, hasHomeButton: false,
        portraitSafeArea: EdgeInsets(top: 59, bottom: 34),
        landscapeSafeArea: EdgeInsets(left: 59, bottom: 21, right: 59))

    /// iPhone 15 Pro Max: 6.7", Face ID, 430 × 932 points.
    public static let iPhone15ProMax = DeviceProfile(
        id: "iphone-15-pro-max", name: "iPhone 15 Pro Max", idiom: .phone,
        portraitScreenSize: CGSize(width: 430, height: 932), scale: 3, hasHomeButton: false,
        portraitSafeArea: EdgeInsets(top: 59, bottom: 34),
        landscapeSafeArea: EdgeInsets(left: 59, bottom: 21, right: 59))

    /// iPad (10th generation): 10.9", 820 × 1180 points.
    public static let iPad10 = DeviceProfile(
        id: "ipad-10", name: "iPad (10th generation)", idiom: .pad,
        portraitScreenSize: CGSize(width: 820, height: 1180), scale: 2, hasHomeButton: false,
        portraitSafeArea: EdgeInsets(top: 24, bottom: 20),
        landscapeSafeArea: EdgeInsets(top: 24, bottom: 20))

    /// iPad Pro 12.9": 1024 × 1366 points.
    public static let iPadPro12_9 = DeviceProfile(
        id: "ipad-pro-12.9", name: "iPad Pro 12.9\"", idiom: .pad,
        portraitScreenSize: CGSize(width: 1024, height: 1366), scale: 2, hasHomeButton: false,
        portraitSafeArea: EdgeInsets(top: 24, bottom: 20),
        landscapeSafeArea: EdgeInsets(top: 24, bottom: 20))

    /// Every built-in profile, in the order `keyboardd`'s "next device" key cycles them.
    public static let all: [DeviceProfile] = [.iPhone15, .iPhoneSE3, .iPhone15ProMax, .iPad10, .iPadPro12_9]

    /// The default device: iPhone 15.
    public static let `default` = iPhone15

    /// The built-in profile with this ``id``.
    public static func named(_ id: String) -> DeviceProfile? {
        all.first { $0.id == id }
    }

    /// Why an id names no device.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let id: String
        public init(id: String) { self.id = id }
        public var description: String {
            "unknown device '\(id.escapedForMessage())' (expected one of: \(DeviceProfile.all.map(\.id).joined(separator: ", ")))"
        }
    }

    /// The built-in profile with this id: the one parser every adapter (YAML, JSON, CLI) uses.
    public init(parsing id: String) throws(ParseError) {
        guard let profile = Self.named(id) else { throw ParseError(id: id) }
        self = profile
    }
}
