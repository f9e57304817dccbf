import Foundation

/// What hosts a window's text input: the emulated app, which turns a text view becoming first responder
/// into a focused field of its session (so the keyboard comes up) and its resigning into the keyboard
/// going down.
extension Window {
    /// The emulated app's keyboard, for the text views in this window.
    package var keyboardHost: (any WindowKeyboardHost)? { host as? any WindowKeyboardHost }
}

package protocol WindowKeyboardHost: AnyObject {
    /// Focuses a field for `view`: `existing` (the view's earlier field) if the session still has it, else
    /// a new one with the view's text and traits.
    func focusField(for view: any TextEditingView, existing: TextField?) -> TextField?
    /// Takes focus from `field` if it has it.
    func resignField(_ field: TextField, for view: any TextEditingView)
    /// Replaces the field's text as the app's code does (with the text callbacks); `false` when the field
    /// is not the focused one any more.
    func replaceText(of field: TextField, with text: String) -> Bool
    /// Selects a range of the field as the app's code does; `false` when the field is not focused any more.
    func select(_ range: NSRange, in field: TextField) -> Bool
    /// Posts a text view's notification (`UITextField.textDidChangeNotification`, …) where the app's code
    /// observes UIKit's notifications, the view as its object.
    func post(_ name: Notification.Name, for view: any TextEditingView)
}

/// A view that edits text and brings up the keyboard: `UITextField` and `UITextView`.
package protocol TextEditingView: View {
    var textInputTraits: TextInputTraits { get }
    var isMultilineText: Bool { get }
    var unboundText: String { get }
    /// The session's focus left this view's field (the keyboard dismissed itself, another field took
    /// focus): the view ends editing without asking the session again.
    func fieldLostFocus()
    /// The return key was pressed in this view's field.
    func returnKeyPressed()
    /// The keyboard (or a hardware key) changed this view's text.
    func textChangedByTyping()
}

/// How the text views bind to the emulated app's fields.
private final class FieldBinding {
    weak var field: TextField?
    weak var host: (any WindowKeyboardHost)?

    /// The field's text while bound.
    var text: String? { field?.document.text }

    /// Sets the bound field's text; unbinds (and answers `false`) when it is not focused any more.
    func setText(_ text: String) -> Bool {
        guard let field, let host, host.replaceText(of: field, with: text) else {
            self.field = nil
            return false
        }
        return true
    }

    /// Selects in the bound field; unbinds (and answers `false`) when it is not focused any more.
    func select(_ range: NSRange) -> Bool {
        guard let field, let host, host.select(range, in: field) else {
            self.field = nil
            return false
        }
        return true
    }
}

/// Focus handling shared by ``TextFieldView`` and ``TextView``.
private enum TextEditing {
    /// Focuses the view's field in its app's session (a view outside an app's window has none to focus).
    static func becomeFirstResponder(_ view: any TextEditingView, binding: FieldBinding) {
        guard let host = view.window?.keyboardHost else { return }
        binding.field = host.focusField(for: view, existing: binding.field)
        binding.host = host
    }

    static func resignFirstResponder(_ view: any TextEditingView, binding: FieldBinding) {
        if let field = binding.field { binding.host?.resignField(field, for: view) }
    }

    /// Posts one of the view's notifications through its app (none outside an app's window).
    static func post(_ name: Notification.Name, for view: any TextEditingView) {
        view.window?.keyboardHost?.post(name, for: view)
    }
}

/// A one-line text field (`UITextField`): its traits and text. In a window of an emulated host app
/// (`KeyboardTester.window`), `becomeFirstResponder()` focuses a field of the session with these traits —
/// the keyboard comes up and the notifications follow — and `text` is then the field's document.
open class TextFieldView: Control, TextEditingView {
    /// How the field's editing begins and ends (`UITextFieldDelegate`); every method is optional.
    public weak var delegate: (any TextFieldViewDelegate)?
    open var placeholder: String? {
        get { storedAttributedPlaceholder?.string ?? plainPlaceholder }
        set {
            plainPlaceholder = newValue
            storedAttributedPlaceholder = nil
        }
    }
    /// The placeholder with its attributes (`attributedPlaceholder`); ``placeholder`` is its string. Made from
    /// a plain placeholder only when read (Foundation on Linux never frees an attributed string's storage).
    open var attributedPlaceholder: NSAttributedString? {
        get { storedAttributedPlaceholder ?? plainPlaceholder.map { NSAttributedString(string: $0) } }
        set {
            storedAttributedPlaceholder = newValue
            plainPlaceholder = nil
        }
    }
    private var plainPlaceholder: String?
    private var storedAttributedPlaceholder: NSAttributedString?
    open var font: Font? = .systemFont(ofSize: 17)
    open var textColor: Color? = .label
    open var textAlignment: TextAlignment = .natural
    open var borderStyle: BorderStyle = .none
    open var clearButtonMode: ViewMode = .never

    // UITextInputTraits.
    open var autocapitalizationType: TextAutocapitalizationType = .sentences
    open var autocorrectionType: TextAutocorrectionType = .default
    open var spellCheckingType: TextSpellCheckingType = .default
    open var smartQuotesType: TextSmartQuotesType = .default
    open var smartDashesType: TextSmartDashesType = .default
    open var smartInsertDeleteType: TextSmartInsertDeleteType = .default
    open var keyboardType: KeyboardType = .default
    open var keyboardAppearance: KeyboardAppearance = .default
    open var returnKeyType: ReturnKeyType = .default
    open var enablesReturnKeyAutomatically = false
    open var isSecureTextEntry = false
    open var textContentType: TextContentType?

    /// The view shown above the keyboard while this field is first responder (its height adds to the
    /// keyboard's frame).
    open override var inputAccessoryView: View? {
        get { storedAccessoryView }
        set { storedAccessoryView = newValue }
    }
    private var storedAccessoryView: View?

    private let binding = FieldBinding()
    private var storedText: String? = ""

    /// The text: the bound field's document while the field is the session's, else what was set.
    open var text: String? {
        get { binding.text ?? storedText }
        set {
            storedText = newValue
            _ = binding.setText(newValue ?? "")
        }
    }

    /// The text as a field's document would start with it.
    package var unboundText: String { storedText ?? "" }

    /// Whether the field is being edited (first responder).
    public var isEditing: Bool { isFirstResponder }

    open override var canBecomeFirstResponder: Bool { isEnabled }

    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        guard !isFirstResponder else { return true }
        if delegate?.textFieldShouldBeginEditing(self) == false { return false }
        guard super.becomeFirstResponder() else { return false }
        TextEditing.becomeFirstResponder(self, binding: binding)
        delegate?.textFieldDidBeginEditing(self)
        sendActions(for: .editingDidBegin)
        TextEditing.post(Self.textDidBeginEditingNotification, for: self)
        return true
    }

    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard isFirstResponder else { return true }
        if delegate?.textFieldShouldEndEditing(self) == false { return false }
        storedText = text
        _ = super.resignFirstResponder()
        TextEditing.resignFirstResponder(self, binding: binding)
        delegate?.textFieldDidEndEditing(self)
        sendActions(for: .editingDidEnd)
        TextEditing.post(Self.textDidEndEditingNotification, for: self)
        return true
    }

    package func fieldLostFocus() {
        guard isFirstResponder else { return }
        storedText = text
        _ = super.resignFirstResponder()
        delegate?.textFieldDidEndEditing(self)
        sendActions(for: .editingDidEnd)
        TextEditing.post(Self.textDidEndEditingNotification, for: self)
    }

    /// Typing changed the text: `.editingChanged` and `UITextField.textDidChangeNotification`, as UIKit sends
    /// them for a user's edit (the app's own `text = …` sends neither).
    package func textChangedByTyping() {
        sendActions(for: .editingChanged)
        TextEditing.post(Self.textDidChangeNotification, for: self)
    }

    public static let textDidBeginEditingNotification = Notification.Name("UITextFieldTextDidBeginEditingNotification")
    public static let textDidEndEditingNotification = Notification.Name("UITextFieldTextDidEndEditingNotification")
    public static let textDidChangeNotification = Notification.Name("UITextFieldTextDidChangeNotification")

    /// Return in a one-line field: the delegate's `textFieldShouldReturn(_:)` and `.editingDidEndOnExit`.
    package func returnKeyPressed() {
        _ = delegate?.textFieldShouldReturn(self)
        sendActions(for: .editingDidEndOnExit)
    }

    /// The traits a focused field gets.
    package var textInputTraits: TextInputTraits {
        TextInputTraits(
            autocapitalizationType: autocapitalizationType, autocorrectionType: autocorrectionType,
            spellCheckingType: spellCheckingType, smartQuotesType: smartQuotesType, smartDashesType: smartDashesType,
            smartInsertDeleteType: smartInsertDeleteType, keyboardType: keyboardType,
            keyboardAppearance: keyboardAppearance, returnKeyType: returnKeyType,
            enablesReturnKeyAutomatically: enablesReturnKeyAutomatically, isSecureTextEntry: isSecureTextEntry,
            textContentType: textContentType)
    }

    package var isMultilineText: Bool { false }

    /// The field's border (`UITextField.BorderStyle`), recorded.
    public enum BorderStyle: Int, Sendable {
        case none = 0, line, bezel, roundedRect
    }

    /// When an overlay view shows (`UITextField.ViewMode`), recorded.
    public enum ViewMode: Int, Sendable {
        case never = 0, whileEditing, unlessEditing, always
    }
}

/// The delegate of a ``TextFieldView`` (`UITextFieldDelegate`); every method has a default.
public protocol TextFieldViewDelegate: AnyObject {
    func textFieldShouldBeginEditing(_ textField: TextFieldView) -> Bool
    func textFieldDidBeginEditing(_ textField: TextFieldView)
    func textFieldShouldEndEditing(_ textField: TextFieldView) -> Bool
    func textFieldDidEndEditing(_ textField: TextFieldView)
    func textFieldShouldReturn(_ textField: TextFieldView) -> Bool
}

extension TextFieldViewDelegate {
    public func textFieldShouldBeginEditing(_ textField: TextFieldView) -> Bool { true }
    public func textFieldDidBeginEditing(_ textField: TextFieldView) {}
    public func textFieldShouldEndEditing(_ textField: TextFieldView) -> Bool { true }
    public func textFieldDidEndEditing(_ textField: TextFieldView) {}
    public func textFieldShouldReturn(_ textField: TextFieldView) -> Bool { true }
}

/// The delegate of a ``TextView`` (`UITextViewDelegate`, a scroll view delegate too); every method has a
/// default. `textViewDidChange` follows typing (the keyboard's or a hardware key's), not the app's own
/// `text = …`, as in UIKit; `shouldChangeTextIn` is not asked (the keyboard edits the field's document).
public protocol TextViewDelegate: ScrollViewDelegate {
    func textViewShouldBeginEditing(_ textView: TextView) -> Bool
    func textViewDidBeginEditing(_ textView: TextView)
    func textViewShouldEndEditing(_ textView: TextView) -> Bool
    func textViewDidEndEditing(_ textView: TextView)
    func textViewDidChange(_ textView: TextView)
    func textViewDidChangeSelection(_ textView: TextView)
    func textView(_ textView: TextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
}

extension TextViewDelegate {
    public func textViewShouldBeginEditing(_ textView: TextView) -> Bool { true }
    public func textViewDidBeginEditing(_ textView: TextView) {}
    public func textViewShouldEndEditing(_ textView: TextView) -> Bool { true }
    public func textViewDidEndEditing(_ textView: TextView) {}
    public func textViewDidChange(_ textView: TextView) {}
    public func textViewDidChangeSelection(_ textView: TextView) {}
    public func textView(_ textView: TextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool { true }
}

/// A scrolling, multi-line text view (`UITextView`): like ``TextFieldView``, a first responder in an
/// emulated app's window focuses a (multi-line) field of the session. Its `delegate` (a scroll view's) is a
/// ``TextViewDelegate`` when it should hear editing.
open class TextView: ScrollView, TextEditingView {
    open var font: Font? = .systemFont(ofSize: 17)
    open var textColor: Color? = .label
    open var textAlignment: TextAlignment = .natural
    open var isEditable = true
    open var isSelectable = true
    open var textContainerInset = EdgeInsets(top: 8, left: 0, bottom: 8, right: 0)

    open var autocapitalizationType: TextAutocapitalizationType = .sentences
    open var autocorrectionType: TextAutocorrectionType = .default
    open var keyboardType: KeyboardType = .default
    open var keyboardAppearance: KeyboardAppearance = .default
    open var returnKeyType: ReturnKeyType = .default
    open var isSecureTextEntry = false
    open var textContentType: TextContentType?

    open override var inputAccessoryView: View? {
        get { storedAccessoryView }
        set { storedAccessoryView = newValue }
    }
    private var storedAccessoryView: View?

    private let binding = FieldBinding()
    private var storedText = ""

    open var text: String! {
        get { binding.text ?? storedText }
        set {
            storedText = newValue ?? ""
            _ = binding.setText(storedText)
        }
    }

    package var unboundText: String { storedText }

    /// The selection in UTF-16 units: the bound field's while editing (setting it moves the field's
    /// selection, and the keyboard hears of it), else the one set last, within the text.
    open var selectedRange: NSRange {
        get {
            if let range = binding.field?.document.selectedRange { return range }
            let length = storedText.utf16.count
            let location = min(max(storedSelection.location, 0), length)
            return NSRange(location: location, length: min(max(storedSelection.length, 0), length - location))
        }
        set {
            storedSelection = newValue
            _ = binding.select(newValue)
        }
    }
    private var storedSelection = NSRange(location: Int.max, length: 0)

    /// Scrolls so that the range is visible: the emulator lays out no text, so the view stays where it is.
    open func scrollRangeToVisible(_ range: NSRange) {}

    private var textDelegate: (any TextViewDelegate)? { delegate as? any TextViewDelegate }

    open override var canBecomeFirstResponder: Bool { isEditable }

    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        guard !isFirstResponder else { return true }
        if textDelegate?.textViewShouldBeginEditing(self) == false { return false }
        guard super.becomeFirstResponder() else { return false }
        TextEditing.becomeFirstResponder(self, binding: binding)
        textDelegate?.textViewDidBeginEditing(self)
        TextEditing.post(Self.textDidBeginEditingNotification, for: self)
        return true
    }

    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard isFirstResponder else { return true }
        if textDelegate?.textViewShouldEndEditing(self) == false { return false }
        storedText = text
        let resigned = super.resignFirstResponder()
        TextEditing.resignFirstResponder(self, binding: binding)
        textDelegate?.textViewDidEndEditing(self)
        TextEditing.post(Self.textDidEndEditingNotification, for: self)
        return resigned
    }

    /// Typing changed the text: the delegate's `textViewDidChange` and `UITextView.textDidChangeNotification`.
    package func textChangedByTyping() {
        textDelegate?.textViewDidChange(self)
        TextEditing.post(Self.textDidChangeNotification, for: self)
    }

    public static let textDidBeginEditingNotification = Notification.Name("UITextViewTextDidBeginEditingNotification")
    public static let textDidEndEditingNotification = Notification.Name("UITextViewTextDidEndEditingNotification")
    public static let textDidChangeNotification = Notification.Name("UITextViewTextDidChangeNotification")

    package var textInputTraits: TextInputTraits {
        TextInputTraits(
            autocapitalizationType: autocapitalizationType, autocorrectionType: autocorrectionType,
            keyboardType: keyboardType, keyboardAppearance: keyboardAppearance, returnKeyType: returnKeyType,
            isSecureTextEntry: isSecureTextEntry, textContentType: textContentType)
    }

    package var isMultilineText: Bool { true }

    package func fieldLostFocus() {
        guard isFirstResponder else { return }
        storedText = text
        _ = super.resignFirstResponder()
        textDelegate?.textViewDidEndEditing(self)
        TextEditing.post(Self.textDidEndEditingNotification, for: self)
    }

    /// A text view takes return as a newline.
    package func returnKeyPressed() {}
}
extension TextFieldView: DrawnTextField {}
