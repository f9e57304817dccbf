import Testing
import KeyboardEmulator

/// The lifecycle's rules on the state machine alone: no session, no controller, no proxy.
@Suite("The session's state machine")
struct SessionStateMachineTests {
    final class Field {}
    /// Stands for a shown keyboard: a number, so a move to a new proxy shows as a new one.
    typealias Lifecycle = SessionLifecycle<Field, Int>

    private func shown(_ field: Field, keyboard: Int = 1, connection: Lifecycle.Connection = .connected) -> Lifecycle {
        var lifecycle = Lifecycle()
        let step1 = lifecycle.focus(field, presence: .custom)
        #expect(step1)
        lifecycle.willMakeKeyboard(connection: connection)
        let step2 = lifecycle.keyboardMade(keyboard, for: field)
        #expect(step2)
        return lifecycle
    }

    @Test func startsUnfocusedWithoutAKeyboard() {
        let lifecycle = Lifecycle()
        #expect(lifecycle.field == nil)
        #expect(lifecycle.presence == .hidden)
        #expect(lifecycle.keyboard == nil)
        #expect(lifecycle.isConnected)
    }

    @Test func focusingAppearsThenShowsTheCustomKeyboard() {
        let field = Field()
        var lifecycle = Lifecycle()
        guard case .replace(ending: nil) = lifecycle.plan(focusing: field, wanted: .custom) else {
            Issue.record("focusing from no focus replaces nothing")
            return
        }
        let step3 = lifecycle.focus(field, presence: .custom)
        #expect(step3)
        // Appearing: the keyboard is the custom one, but its controller does not exist yet.
        #expect(lifecycle.presence == .custom)
        #expect(lifecycle.keyboard == nil)
        #expect(lifecycle.field === field)
        let step4 = lifecycle.keyboardMade(7, for: field)
        #expect(step4)
        #expect(lifecycle.keyboard == 7)
    }

    @Test func aSecureFieldIsServedByTheSystemKeyboard() {
        let field = Field()
        var lifecycle = Lifecycle()
        let step5 = lifecycle.focus(field, presence: .system)
        #expect(step5)
        #expect(lifecycle.presence == .system)
        #expect(lifecycle.keyboard == nil)
        // No controller is ever made for it.
        let step6 = lifecycle.keyboardMade(1, for: field)
        #expect(!step6)
    }

    @Test func anotherFieldWantingTheCustomKeyboardMovesIt() {
        let first = Field(), second = Field()
        var lifecycle = shown(first)
        guard case .moveKeyboard(let keyboard) = lifecycle.plan(focusing: second, wanted: .custom) else {
            Issue.record("the keyboard should move")
            return
        }
        #expect(keyboard == 1)
        let step7 = lifecycle.moveKeyboard(from: first, to: second, keyboard: 2)
        #expect(step7)
        #expect(lifecycle.field === second)
        #expect(lifecycle.keyboard == 2)
    }

    @Test func aSecureFieldAfterTheCustomKeyboardEndsIt() {
        let first = Field(), secure = Field()
        var lifecycle = shown(first)
        guard case .replace(ending: 1?) = lifecycle.plan(focusing: secure, wanted: .system) else {
            Issue.record("the custom keyboard should end")
            return
        }
        // Focus cannot move while the custom keyboard is up: it ends first.
        let step8 = lifecycle.focus(secure, presence: .system)
        #expect(!step8)
        let step9 = lifecycle.keyboardEnded()
        #expect(step9 == 1)
        #expect(lifecycle.presence == .system)
        #expect(lifecycle.field === first)
        let step10 = lifecycle.focus(secure, presence: .system)
        #expect(step10)
        #expect(lifecycle.field === secure)
    }

    @Test func focusingTheFocusedFieldDoesNothing() {
        let field = Field()
        let lifecycle = shown(field)
        guard case .none = lifecycle.plan(focusing: field, wanted: .custom) else {
            Issue.record("nothing should happen")
            return
        }
    }

    @Test func resigningReportsWhoDrewTheKeyboard() {
        let field = Field()
        var lifecycle = shown(field)
        lifecycle.keyboardEnded()
        let step11 = lifecycle.resign()
        #expect(step11 == .system)
        #expect(lifecycle.presence == .hidden)
        #expect(lifecycle.field == nil)
        let step12 = lifecycle.resign()
        #expect(step12 == .hidden)
    }

    @Test func theHostConnectsOnceAfterTheUnconnectedPhase() {
        let field = Field()
        var lifecycle = shown(field, connection: .connecting)
        #expect(!lifecycle.isConnected)
        let step13 = lifecycle.hostConnected()
        #expect(step13)
        #expect(lifecycle.isConnected)
        let step14 = lifecycle.hostConnected()
        #expect(!step14)
    }

    @Test func aMoveKeepsTheConnection() {
        let first = Field(), second = Field()
        var lifecycle = shown(first, connection: .connecting)
        let step15 = lifecycle.moveKeyboard(from: first, to: second, keyboard: 2)
        #expect(step15)
        #expect(!lifecycle.isConnected)
    }

    /// The keyboard's own code runs between the steps: a step that no longer applies changes nothing.
    @Test func aStepOvertakenByTheKeyboardsOwnTransitionChangesNothing() {
        let first = Field(), second = Field(), third = Field()
        var lifecycle = shown(first)
        // Planned a move to `second`; meanwhile (in textWillChange) the keyboard had focus go to `third`.
        lifecycle.keyboardEnded()
        lifecycle.resign()
        let step16 = lifecycle.focus(third, presence: .custom)
        #expect(step16)
        let step17 = lifecycle.moveKeyboard(from: first, to: second, keyboard: 2)
        #expect(!step17)
        // An initialiser that moved focus: the keyboard made for `first` is not shown for `third`.
        let step18 = lifecycle.keyboardMade(3, for: first)
        #expect(!step18)
        #expect(lifecycle.keyboard == nil)
        let step19 = lifecycle.keyboardEnded()
        #expect(step19 == nil)
    }

    @Test func theFrozenContextHoldsForItsFieldUntilItsTime() {
        let field = Field(), other = Field()
        var lifecycle = shown(field)
        let context = ProxyContext(before: "ab", after: nil, selectedText: nil, hasText: true)
        lifecycle.freezeContext(of: field, at: .seconds(1), for: .milliseconds(100)) { context }
        #expect(lifecycle.frozenContext(of: field, at: .seconds(1))?.before == "ab")
        #expect(lifecycle.frozenContext(of: other, at: .seconds(1)) == nil)
        #expect(lifecycle.frozenContext(of: field, at: .milliseconds(1100)) == nil)
        // The latency runs from the first edit: a second edit within it does not read the context again.
        var read = false
        lifecycle.freezeContext(of: field, at: .milliseconds(1050), for: .milliseconds(100)) {
            read = true
            return context
        }
        #expect(!read)
    }

    @Test func focusChangesClearTheFrozenContext() {
        let first = Field(), second = Field()
        var lifecycle = shown(first)
        let context = ProxyContext(before: "x", after: nil, selectedText: nil, hasText: true)
        lifecycle.freezeContext(of: first, at: .zero, for: .seconds(1)) { context }
        let step20 = lifecycle.moveKeyboard(from: first, to: second, keyboard: 2)
        #expect(step20)
        #expect(lifecycle.frozen == nil)
        lifecycle.freezeContext(of: second, at: .zero, for: .seconds(1)) { context }
        lifecycle.resign()
        #expect(lifecycle.frozen == nil)
        // Nothing freezes for a field without focus, nor without a latency.
        lifecycle.freezeContext(of: first, at: .zero, for: .seconds(1)) { context }
        #expect(lifecycle.frozen == nil)
        var focused = shown(first)
        focused.freezeContext(of: first, at: .zero, for: .zero) { context }
        #expect(focused.frozen == nil)
    }
}

@Suite("The input mode list")
struct InputModeListTests {
    let english = TextInputMode(identifier: "en-US", primaryLanguage: "en-US")
    let german = TextInputMode(identifier: "de-DE", primaryLanguage: "de-DE")
    let korean = TextInputMode(identifier: "ko-KR", primaryLanguage: "ko-KR")

    @Test func anEmptyListIsEnglishAlone() {
        let list = InputModeList([])
        #expect(list.modes == [english])
        #expect(list.current == english)
    }

    @Test func theGlobeKeyWrapsAround() {
        var list = InputModeList([english, german, korean])
        #expect(list.next == german)
        let step21 = list.select(korean, contextIdentifier: nil)
        #expect(step21 == korean)
        #expect(list.next == english)
        let step22 = list.select(korean, contextIdentifier: nil)
        #expect(step22 == nil)
        let step23 = list.select(TextInputMode(identifier: "fr-FR", primaryLanguage: "fr-FR"), contextIdentifier: nil)
        #expect(step23 == nil)
    }

    @Test func aFieldWithAContextIdentifierGetsItsModeBack() {
        var list = InputModeList([english, korean])
        _ = list.select(korean, contextIdentifier: "chat")
        _ = list.select(english, contextIdentifier: "search")
        #expect(list.documentMode(for: "chat") == korean)
        #expect(list.documentMode(for: nil) == english)
        let step24 = list.restore(for: "chat")
        #expect(step24 == korean)
        #expect(list.current == korean)
        let step25 = list.restore(for: "chat")
        #expect(step25 == nil)
        let step26 = list.restore(for: "unknown")
        #expect(step26 == nil)
    }

    @Test func replacingTheModesKeepsTheActiveOneWhileEnabled() {
        var list = InputModeList([english, german])
        _ = list.select(german, contextIdentifier: nil)
        let step27 = list.setModes([german, korean], contextIdentifier: nil)
        #expect(step27 == nil)
        #expect(list.current == german)
        let step28 = list.setModes([korean], contextIdentifier: "chat")
        #expect(step28 == korean)
        #expect(list.documentMode(for: "chat") == korean)
        let step29 = list.setModes([], contextIdentifier: nil)
        #expect(step29 == nil)
        #expect(list.modes == [korean])
        // A remembered mode no longer enabled is not restored.
        _ = list.setModes([english], contextIdentifier: nil)
        let step30 = list.restore(for: "chat")
        #expect(step30 == nil)
    }
}

extension SessionStateMachineTests {
    @Test func aDisappearingKeyboardIsDismissedOnce() {
        let field = Field()
        var lifecycle = shown(field)
        let first = lifecycle.keyboardWillDisappear()
        #expect(first)
        // It still serves the field while its callbacks run, but cannot go twice nor take a new focus.
        #expect(lifecycle.keyboard == 1)
        #expect(lifecycle.presence == .custom)
        let again = lifecycle.keyboardWillDisappear()
        #expect(!again)
        let refocused = lifecycle.focus(Field(), presence: .custom)
        #expect(!refocused)
        #expect(lifecycle.keyboardEnded() == 1)
        #expect(lifecycle.presence == .system)
    }
}

extension SessionStateMachineTests {
    @Test func theUnconnectedPhaseStartsBeforeTheKeyboardIsMade() {
        let field = Field()
        var lifecycle = Lifecycle()
        _ = lifecycle.focus(field, presence: .custom)
        #expect(lifecycle.isConnected, "announced as connected until the keyboard is about to be made")
        lifecycle.willMakeKeyboard(connection: .connecting)
        #expect(!lifecycle.isConnected)
        let made = lifecycle.keyboardMade(1, for: field)
        #expect(made)
        #expect(!lifecycle.isConnected)
    }

    @Test func focusCannotMoveWhileAKeyboardAppearsOrDisappears() {
        let first = Field(), second = Field()
        var lifecycle = Lifecycle()
        _ = lifecycle.focus(first, presence: .custom)
        guard case .refused = lifecycle.plan(focusing: second, wanted: .custom) else {
            Issue.record("focus moved while the keyboard appears")
            return
        }
        _ = lifecycle.keyboardMade(1, for: first)
        _ = lifecycle.keyboardWillDisappear()
        guard case .refused = lifecycle.plan(focusing: second, wanted: .system) else {
            Issue.record("focus moved while the keyboard disappears")
            return
        }
    }
}
