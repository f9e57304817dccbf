import Foundation

/// A keyboard language the user enabled (`UITextInputMode`).
///
/// In the emulator each enabled layout is an input mode; `identifier` is the layout id.
public final class TextInputMode: Sendable, Hashable, CustomStringConvertible {
    /// The layout or keyboard id (`en-US`, `de-DE`, `emoji`, …).
    public let identifier: String
    /// The BCP 47 language (`en-US`), or `nil` for modes without one (emoji, dictation).
    public let primaryLanguage: String?

    /// Posted to the apps when the user switches to another input mode
    /// (`UITextInputMode.currentInputModeDidChangeNotification`); the host frame model posts it to each
    /// foreground app's center.
    public static let currentInputModeDidChangeNotification = Notification.Name("UITextInputCurrentInputModeDidChangeNotification")

    public init(identifier: String, primaryLanguage: String?) {
        self.identifier = identifier
        self.primaryLanguage = primaryLanguage
    }

    public static func == (lhs: TextInputMode, rhs: TextInputMode) -> Bool {
        lhs.identifier == rhs.identifier && lhs.primaryLanguage == rhs.primaryLanguage
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
        hasher.combine(primaryLanguage)
    }

    public var description: String { identifier }
}
