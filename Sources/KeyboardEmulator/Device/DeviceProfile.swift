import Foundation

/// An emulated device: its screen, safe areas and the hardware facts a keyboard depends on.
///
/// Screen sizes are in points with the device held in portrait; ``screenSize(in:)`` turns them for
/// landscape. The built-in profiles are listed in ``all``.
///
/// ```swift
/// let device = DeviceProfile.iPhone16
/// device.screenSize(in: .landscapeLeft)      // 852 × 393
/// device.needsInputModeSwitchKey              // false: Face ID iPhones draw the globe key themselves
/// ```
public struct DeviceProfile: Sendable, Hashable, Codable, Identifiable {
    /// The user interface idiom (as `UIUserInterfaceIdiom`).
    public enum Idiom: String, Sendable, Hashable, Codable {
        case phone
        case pad
    }

    /// A short identifier used on the command line (`iphone-16`, `ipad-pro-12.9`, …).
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

    /// iPhone 15: 6.1", Face ID, 393 × 852 points.
    public static let iPhone15 = faceIDPhone(id: "iphone-15", name: "iPhone 15", width: 393, height: 852, topInset: 59)

    /// iPhone 15 Pro Max: 6.7", Face ID, 430 × 932 points.
    public static let iPhone15ProMax = faceIDPhone(id: "iphone-15-pro-max", name: "iPhone 15 Pro Max", width: 430, height: 932, topInset: 59)

    /// iPhone 16: 6.1", 393 × 852 points, the iPhone 15's screen. The default device.
    public static let iPhone16 = faceIDPhone(id: "iphone-16", name: "iPhone 16", width: 393, height: 852, topInset: 59)

    /// iPhone 16 Plus: 6.7", 430 × 932 points.
    public static let iPhone16Plus = faceIDPhone(id: "iphone-16-plus", name: "iPhone 16 Plus", width: 430, height: 932, topInset: 59)

    /// iPhone 16 Pro: 6.3", 402 × 874 points.
    public static let iPhone16Pro = faceIDPhone(id: "iphone-16-pro", name: "iPhone 16 Pro", width: 402, height: 874, topInset: 62)

    /// iPhone 16 Pro Max: 6.9", 440 × 956 points.
    public static let iPhone16ProMax = faceIDPhone(id: "iphone-16-pro-max", name: "iPhone 16 Pro Max", width: 440, height: 956, topInset: 62)

    /// iPhone 16e: 6.1", 390 × 844 points, a notch (the iPhone 14's screen).
    public static let iPhone16e = faceIDPhone(id: "iphone-16e", name: "iPhone 16e", width: 390, height: 844, topInset: 47)

    /// iPad (10th generation): 10.9", 820 × 1180 points.
    public static let iPad10 = pad(id: "ipad-10", name: "iPad (10th generation)", width: 820, height: 1180)

    /// iPad Pro 11" (M4): 834 × 1210 points.
    public static let iPadPro11M4 = pad(id: "ipad-pro-11-m4", name: "iPad Pro 11\" (M4)", width: 834, height: 1210)

    /// iPad Pro 12.9": 1024 × 1366 points.
    public static let iPadPro12_9 = pad(id: "ipad-pro-12.9", name: "iPad Pro 12.9\"", width: 1024, height: 1366)

    /// iPad Pro 13" (M4): 1032 × 1376 points.
    public static let iPadPro13M4 = pad(id: "ipad-pro-13-m4", name: "iPad Pro 13\" (M4)", width: 1032, height: 1376)

    /// A Face ID iPhone: home indicator (34 pt portrait, 21 pt landscape), the sensor housing's inset at the
    /// top in portrait and at both sides in landscape.
    private static func faceIDPhone(id: String, name: String, width: Double, height: Double, topInset: Double) -> DeviceProfile {
        DeviceProfile(
            id: id, name: name, idiom: .phone,
            portraitScreenSize: CGSize(width: width, height: height), scale: 3, hasHomeButton: false,
            portraitSafeArea: EdgeInsets(top: topInset, bottom: 34),
            landscapeSafeArea: EdgeInsets(left: topInset, bottom: 21, right: topInset))
    }

    /// A Face ID iPad: the status bar's 24 pt at the top and the home indicator's 20 pt at the bottom.
    private static func pad(id: String, name: String, width: Double, height: Double) -> DeviceProfile {
        DeviceProfile(
            id: id, name: name, idiom: .pad,
            portraitScreenSize: CGSize(width: width, height: height), scale: 2, hasHomeButton: false,
            portraitSafeArea: EdgeInsets(top: 24, bottom: 20),
            landscapeSafeArea: EdgeInsets(top: 24, bottom: 20))
    }

    /// Every built-in profile, in the order `keyboardd`'s "next device" key cycles them: the default
    /// first, then the small home-button iPhone (the greatest change of height one key away), the other
    /// 2024 iPhones, the 2023 ones, then the iPads.
    public static let all: [DeviceProfile] = [
        .iPhone16, .iPhoneSE3, .iPhone16Plus, .iPhone16Pro, .iPhone16ProMax, .iPhone16e,
        .iPhone15, .iPhone15ProMax,
        .iPad10, .iPadPro11M4, .iPadPro12_9, .iPadPro13M4,
    ]

    /// The default device: iPhone 16. Its screen and keyboard heights are the iPhone 15's (393 × 852;
    /// 336 pt with Predictive in portrait, reference §5), so only the name changed.
    public static let `default` = iPhone16

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
