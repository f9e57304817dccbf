import Foundation
import KeyboardEmulator

// A text field or text view in the app's window that becomes first responder focuses a field of the
// session: the keyboard comes up for this app, with the view's traits and accessory view.
extension HostApp: WindowKeyboardHost {
    package func focusField(for view: any TextEditingView, existing: TextField?) -> TextField? {
        guard let model else { return nil }
        let session = model.session
        let field: TextField
        if let existing, session.fields.contains(where: { $0 === existing }) {
            field = existing
            field.traits = view.textInputTraits
        } else {
            field = session.addField(
                view.unboundText, traits: view.textInputTraits, isMultiline: view.isMultilineText,
                textInputContextIdentifier: view.textInputContextIdentifier)
            if model.mainApp !== self { model.assign(field, to: self) }
        }
        model.inputAccessoryHeight = view.inputAccessoryView?.frame.height ?? 0
        textViews[ObjectIdentifier(field)] = WeakTextView(view: view, lastText: field.document.text)
        model.textViewsChanged()
        session.focus(field)
        return field
    }

    /// Tells the app's text views what the session did to their fields: focus moved away, return pressed.
    func sessionFocusChanged(to focused: TextField?) {
        for (id, box) in textViews {
            guard let view = box.view else {
                textViews[id] = nil
                continue
            }
            if focused.map(ObjectIdentifier.init) != id { view.fieldLostFocus() }
        }
    }

    func returnKeyPressed(in documentIdentifier: UUID) {
        guard let field = model?.session.fields.first(where: { $0.documentIdentifier == documentIdentifier }) else { return }
        textViews[ObjectIdentifier(field)]?.view?.returnKeyPressed()
    }

    package func resignField(_ field: TextField, for view: any TextEditingView) {
        guard let model else { return }
        let session = model.session
        if session.focusedField === field {
            session.resignFocus()
            model.inputAccessoryHeight = 0
        }
    }

    package func select(_ range: NSRange, in field: TextField) -> Bool {
        guard let session = model?.session, session.focusedField === field else { return false }
        session.setSelectedRange(range)
        return true
    }

    package func post(_ name: Notification.Name, for view: any TextEditingView) {
        systemNotificationCenter.post(name: name, object: view)
    }

    /// Typing may have changed the focused field's text: its text view hears of it when the text is not what
    /// it was (a delete at the start, a committed composition or a caret move changes nothing).
    func textChangedByTyping(in field: TextField) {
        guard let box = textViews[ObjectIdentifier(field)], let view = box.view else { return }
        let text = field.document.text
        guard text != box.lastText else { return }
        textViews[ObjectIdentifier(field)]?.lastText = text
        view.textChangedByTyping()
    }

    package func replaceText(of field: TextField, with text: String) -> Bool {
        guard let session = model?.session, session.focusedField === field else { return false }
        // The app's own change is not typing (the keyboard is told of it, and its text view must not hear of
        // it): the next typed change is measured from here.
        textViews[ObjectIdentifier(field)]?.lastText = text
        session.replaceText(in: NSRange(location: 0, length: field.document.text.utf16.count), with: text)
        textViews[ObjectIdentifier(field)]?.lastText = field.document.text
        return true
    }
}

/// A text view of the app, held weakly by its field, with the field's text when it last heard of typing.
struct WeakTextView {
    weak var view: (any TextEditingView)?
    var lastText: String
}
