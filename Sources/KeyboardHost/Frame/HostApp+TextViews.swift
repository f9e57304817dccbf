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
        textViews[ObjectIdentifier(field)] = WeakTextView(view: view)
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

    package func replaceText(of field: TextField, with text: String) -> Bool {
        guard let session = model?.session, session.focusedField === field else { return false }
        session.replaceText(in: NSRange(location: 0, length: field.document.text.utf16.count), with: text)
        return true
    }
}

/// A text view of the app, held weakly by its field.
struct WeakTextView {
    weak var view: (any TextEditingView)?
}
