import Foundation

/// What the keyboard asks of the system: the input mode list (the globe key), its height, dismissal, the
/// hardware keys it passes on.
extension KeyboardSession {
    // MARK: Input modes

    /// Replaces the enabled input modes; the active one stays if still enabled, else the first is active.
    public func setInputModes(_ modes: [TextInputMode]) {
        let selected = inputModeList.setModes(modes, contextIdentifier: focusedField?.textInputContextIdentifier)
        if let selected { post(.inputModeChanged(identifier: selected.identifier)) }
    }

    /// Makes an enabled input mode active (a no-op for a mode that is not enabled or already active).
    public func selectInputMode(_ mode: TextInputMode) {
        let selected = inputModeList.select(mode, contextIdentifier: focusedField?.textInputContextIdentifier)
        if let selected { post(.inputModeChanged(identifier: selected.identifier)) }
    }

    /// Makes the next enabled input mode active, wrapping around (the globe key).
    public func advanceToNextInputMode() {
        selectInputMode(inputModeList.next)
    }

    func restoreRememberedInputMode(for field: TextField) {
        // Not `selectInputMode`: focus has not moved yet, and that would file the mode under the old field.
        if let restored = inputModeList.restore(for: field.textInputContextIdentifier) {
            post(.inputModeChanged(identifier: restored.identifier))
        }
    }

    func documentInputMode(for field: TextField) -> TextInputMode? {
        inputModeList.documentMode(for: field.textInputContextIdentifier)
    }

    // MARK: The keyboard's view

    /// Whether `view` is the view of the keyboard shown now: a finger on a view that is not (the keyboard
    /// was dismissed, replaced, or the system keyboard took the field) is cancelled.
    package func isShowing(_ view: View) -> Bool {
        presence == .custom && controller?.viewIfLoaded === view
    }

    // MARK: Requests from the controller

    func controllerPassedOn(_ presses: Set<Press>, event: PressesEvent?, from controller: InputViewController) {
        guard controller === self.controller else { return }
        pressesPassedOn?(controller, presses, event)
    }

    func controllerPreferredHeightDidChange(_ controller: InputViewController) {
        if controller === self.controller, controller.isViewLoaded { resizeKeyboardView(of: controller) }
        guard controller === self.controller else { return }
        post(.preferredHeightChanged(controller.preferredHeight))
    }

    func controllerDismissKeyboard(_ controller: InputViewController) {
        guard controller === self.controller else { return }
        post(.dismissKeyboard)
        resignFocus()
    }

    func controllerAdvanceToNextInputMode(_ controller: InputViewController) {
        guard controller === self.controller else { return }
        advanceToNextInputMode()
    }

    func controllerHandleInputModeList(_ controller: InputViewController, phase: Event.Phase) {
        guard controller === self.controller else { return }
        switch phase {
        case .began:
            inputModeListTouchStart = clock.now
        case .moved, .stationary:
            break
        case .ended:
            let start = inputModeListTouchStart ?? clock.now
            inputModeListTouchStart = nil
            if clock.now - start < .milliseconds(500) {
                advanceToNextInputMode()
            } else {
                post(.inputModeListPresented)
            }
        case .cancelled:
            inputModeListTouchStart = nil
        }
    }
}
