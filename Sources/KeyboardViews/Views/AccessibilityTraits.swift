/// What an accessibility element is and does (`UIAccessibilityTraits`), with UIKit's bits: VoiceOver reads
/// them; the emulator records them (a button is ``button``, a label ``staticText``, an image view
/// ``image`` until set otherwise), so a test can check that a keyboard marks its keys ``keyboardKey``.
public struct AccessibilityTraits: OptionSet, Sendable, Hashable {
    public var rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    public static let none = AccessibilityTraits([])
    public static let button = AccessibilityTraits(rawValue: 0x1)
    public static let link = AccessibilityTraits(rawValue: 0x2)
    public static let image = AccessibilityTraits(rawValue: 0x4)
    public static let selected = AccessibilityTraits(rawValue: 0x8)
    public static let playsSound = AccessibilityTraits(rawValue: 0x10)
    /// A key of a keyboard: VoiceOver types it when the finger lifts.
    public static let keyboardKey = AccessibilityTraits(rawValue: 0x20)
    public static let staticText = AccessibilityTraits(rawValue: 0x40)
    public static let summaryElement = AccessibilityTraits(rawValue: 0x80)
    public static let notEnabled = AccessibilityTraits(rawValue: 0x100)
    public static let updatesFrequently = AccessibilityTraits(rawValue: 0x200)
    public static let searchField = AccessibilityTraits(rawValue: 0x400)
    public static let startsMediaSession = AccessibilityTraits(rawValue: 0x800)
    public static let adjustable = AccessibilityTraits(rawValue: 0x1000)
    public static let allowsDirectInteraction = AccessibilityTraits(rawValue: 0x2000)
    public static let causesPageTurn = AccessibilityTraits(rawValue: 0x4000)
    public static let tabBar = AccessibilityTraits(rawValue: 0x8000)
    public static let header = AccessibilityTraits(rawValue: 0x10000)
}
