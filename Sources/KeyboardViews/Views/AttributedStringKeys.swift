import Foundation

/// The text attributes UIKit adds to `NSAttributedString.Key` (Foundation on Linux has none of them), with
/// UIKit's raw values. A button's attributed title is drawn in its `.font` and `.foregroundColor`.
extension NSAttributedString.Key {
    /// A `UIFont`.
    public static let font = NSAttributedString.Key("NSFont")
    /// A `UIColor` for the text.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// A `UIColor` behind the text.
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
    /// Extra space between characters, in points.
    public static let kern = NSAttributedString.Key("NSKern")
    /// An `NSParagraphStyle`.
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
    /// An `NSUnderlineStyle` raw value.
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
    /// An `NSUnderlineStyle` raw value.
    public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
    /// A vertical offset, in points.
    public static let baselineOffset = NSAttributedString.Key("NSBaselineOffset")
}
