import Foundation
import KeyboardComposition
import KeyboardEmulator
import KeyboardLayouts
import KeyboardSpelling

/// The keyboard `keyboardd` shows: it draws a layout file and types what its keys say.
///
/// It stands for the system's own keyboards, so it sets no height of its own: the frame model computes
/// the height from the layout, page, top bar, device and orientation (as iOS sizes its keyboards), and
/// ``layoutDidChange`` tells the runtime when the layout or page changes. On-screen taps (``tap(_:)``)
/// behave like the iOS keyboard (one-shot shift, auto-capitalization, double-space period). Hardware keys
/// take the default path of every controller (`super.pressesBegan(_:with:)`): the system inserts what
/// the keymap produced.
///
/// ```swift
/// let keyboard = StandardKeyboardController(layout: catalog.layout(id: "de-DE")!)
/// keyboard.tap(keyboard.currentPage.keys.first!)
/// ```
public final class StandardKeyboardController: InputViewController, CandidateProviding {
    /// The layout drawn: on an iPad its iPad key set (`padPages:`), if it has one.
    public private(set) var layout: Layout
    /// The layout as given, with both key sets.
    private var baseLayout: Layout
    /// The name of the page drawn.
    public private(set) var pageName: String
    /// Called with the layout and page name whenever either changes (the frame model resizes).
    public var layoutDidChange: ((Layout, String) -> Void)?
    /// Whether caps lock is on (on-screen keys): a double tap on shift turns it on, a tap turns it off.
    public private(set) var isCapsLocked = false
    /// How soon a second tap on shift must follow the first to turn caps lock on (iOS's double tap).
    /// Neither Apple nor the behaviour reference gives the interval, so it is a setting (default 0.35 s),
    /// measured on the session's clock: a replay or a test's `ManualClock` decides.
    public var capsLockDoubleTapInterval: Duration = .milliseconds(350)
    /// When shift was tapped, if it was the last key tapped (a double tap's first half).
    private var lastShiftTap: Duration?
    /// The layout's input method, composing through marked text (`nil` for direct typing). Read on every
    /// hardware key, never while another access is under way: it skips Swift's run-time exclusivity checks (in every build).
    @exclusivity(unchecked) public var composer: Composer?
    /// The key last pressed, for highlighting: its page, row and index. Written on every hardware key; no
    /// access to it overlaps another, so it skips Swift's run-time exclusivity checks (in every build: one code path).
    @exclusivity(unchecked) public internal(set) var highlightedKey: KeyPosition?
    /// What put the shifted page up, so auto-capitalization turns only its own shift off again.
    private var shiftState = ShiftState.off

    /// Who shifted the letters.
    private enum ShiftState {
        /// Not shifted by anyone (or shifted by hand and already used).
        case off
        /// Auto-capitalization shifted the letters for the next character.
        case automatic
        /// The user tapped shift (on or off): auto-capitalization waits for the next edit.
        case manual
    }

    /// Whether the last key was a tap on the space bar (a second one may make a period). Written on every
    /// key; no access to it overlaps another, so it skips Swift's run-time exclusivity checks (in every build: one code path).
    @exclusivity(unchecked) private var lastTapWasSpace = false

    /// A keyboard drawing `layout`; `composer` runs its input method (`Composer/init(inputMethodOf:progress:)`).
    public init(layout: Layout, composer: Composer? = nil) {
        self.layout = layout
        self.baseLayout = layout
        self.pageName = layout.initialPage.name
        self.composer = composer
        self.predictive = PredictiveBar(language: layout.primaryLanguage)
        super.init()
        self.primaryLanguage = layout.primaryLanguage
    }

    /// The predictive bar of a layout without an input method (``PredictiveBar``), as last computed.
    private var predictive: PredictiveBar
    /// Whether the text changed since ``predictive`` was computed.
    private var predictionsAreStale = true
    /// How many times the bar was computed (tests check that typing alone computes none).
    private(set) var predictionComputations = 0
    /// The finger on a drawn key, from its press to its lift (``fingerDown(on:at:)``).
    var finger = KeyFinger.idle
    /// How long the space bar is held before sliding moves the caret (default 0.5 s, UIKit's long-press
    /// default; the reference gives no figure). Moving first makes it a tap (KeyboardKit 603).
    public var spaceTrackpadDelay: Duration = .milliseconds(500)
    /// How far the finger slides for the caret to move one character, in points (default 10).
    public var trackpadPointsPerCharacter: Double = 10
    /// The word swipe typing last typed and the other words the path matched, while the bar offers them.
    var swiped: (word: String, alternatives: [String])?
    /// A finger on the keyboard's view (touches: ``touchesBegan(_:with:)``), from its press to its end.
    var keyTouch = KeyTouch.idle
    /// When a held backspace repeats and a held key opens its alternatives, for fingers on the view.
    public var keyRepeat = KeyRepeat()
    /// Why the last path over the letter keys typed nothing, when the language had no dictionary to read
    /// it with (`nil` after one that worked).
    public internal(set) var swipeFailure: SpellingError?

    public required init?(coder: NSCoder) { nil }

    /// The page drawn.
    public var currentPage: LayoutPage { layout.page(named: pageName) ?? layout.initialPage }

    /// Fills the predictive bar for the text around the caret.
    public override func viewDidLoad() {
        super.viewDidLoad()
        layout = baseLayout.forIdiom(keyboardSession?.device.idiom ?? .phone)
        showPage(layout.initialPage(for: textDocumentProxy.keyboardType ?? .default).name)
        refreshAutoCapitalization()
    }

    /// Shows the shifted letters where the field's `autocapitalizationType` wants a capital next (the
    /// start of the text, of a sentence after `. ` `! ` `? ` or a newline, of a word for `.words`, always
    /// for `.allCharacters`), and the plain letters again where it no longer does — unless the user tapped
    /// shift since the last edit. The keyboard runs it after each tap and on appearing; a host drawing the
    /// keys (the terminal UI) or tapping them (RPC) runs it first, since the text may have changed
    /// otherwise (hardware keys, the host), without a cost on every keystroke.
    public func refreshAutoCapitalization() {
        guard !isCapsLocked, shiftState != .manual, let shifted = shiftedPageName else { return }
        let letters = layout.initialPage.name
        let wantsCapital = Self.wantsCapital(
            before: textDocumentProxy.documentContextBeforeInput ?? "",
            type: textDocumentProxy.autocapitalizationType ?? .sentences)
        if wantsCapital, pageName == letters {
            shiftState = .automatic
            showPage(shifted)
        } else if !wantsCapital, pageName == shifted, shiftState == .automatic {
            shiftState = .off
            showPage(letters)
        }
    }

    /// The page the letters' shift key shows, when it holds the capitals of the letters (not for Korean's
    /// tense consonants or Thai's second level, which no capital calls for) and no input method composes
    /// the letters (pinyin is typed in lower case).
    var shiftedPageName: String? {
        guard layout.inputMethod == nil else { return nil }
        let letters = layout.initialPage
        for key in letters.keys {
            guard case .shift(let name) = key.action, let shifted = layout.page(named: name) else { continue }
            guard let position = letters.position(where: { $0.output.map { $0.lowercased() != $0.uppercased() } ?? false }),
                  let letter = letters[position]?.output, shifted[position]?.output == letter.uppercased()
            else { return nil }
            return name
        }
        return nil
    }

    /// Whether a capital comes next after `before` (the text before the caret).
    static func wantsCapital(before: String, type: TextAutocapitalizationType) -> Bool {
        switch type {
        case .none: return false
        case .allCharacters: return true
        case .words: return before.last.map { $0.isWhitespace } ?? true
        case .sentences:
            var characters = before.reversed().makeIterator()
            guard let last = characters.next() else { return true }
            if last.isNewline { return true }
            guard last.isWhitespace else { return false }
            var previous = characters.next()
            while let character = previous, character.isWhitespace, !character.isNewline { previous = characters.next() }
            guard let end = previous else { return true }
            return end.isNewline || end == "." || end == "!" || end == "?"
        }
    }

    /// Shows another layout (the input mode changed), starting at its initial page; what the previous
    /// layout's input method was composing is committed first.
    public func setLayout(_ layout: Layout, composer: Composer? = nil) {
        self.composer?.commit(in: textDocumentProxy)
        self.composer = composer
        self.baseLayout = layout
        self.layout = layout.forIdiom(keyboardSession?.device.idiom ?? .phone)
        primaryLanguage = layout.primaryLanguage
        predictive = PredictiveBar(language: layout.primaryLanguage)
        pageName = self.layout.initialPage(for: textDocumentProxy.keyboardType ?? .default).name
        isCapsLocked = false
        lastShiftTap = nil
        shiftState = .off
        layoutDidChange?(self.layout, pageName)
        refreshAutoCapitalization()
    }

    /// A change of device (an iPhone profile to an iPad one) draws the other key set, on the page of the
    /// same name if it has one.
    public override func viewWillTransition(to size: CGSize, with coordinator: any ViewControllerTransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
        let drawn = baseLayout.forIdiom(keyboardSession?.device.idiom ?? .phone)
        guard drawn.pages != layout.pages else { return }
        layout = drawn
        pageName = drawn.page(named: pageName)?.name ?? drawn.initialPage.name
        layoutDidChange?(layout, pageName)
    }

    /// Shows a page of the layout (a no-op for a page it does not have).
    public func showPage(_ name: String) {
        guard layout.page(named: name) != nil, name != pageName else { return }
        pageName = name
        layoutDidChange?(layout, pageName)
    }

    /// What the candidate bar shows: the input method's candidates, or for a layout without one the
    /// predictive bar's three suggestions (the typed word in quotes, the best correction, a completion).
    public var candidates: [String] {
        if let composer { return composer.candidates }
        if let swiped { return [swiped.word] + swiped.alternatives }
        return freshPredictions().candidates
    }

    /// The candidate the arrow keys highlighted (space or return takes it).
    public var highlightedCandidate: Int? { composer?.highlightedCandidate }

    /// Takes a candidate from the bar (a tap); answers whether there was one at `index`.
    @discardableResult
    public func selectCandidate(at index: Int) -> Bool {
        if let composer { return composer.selectCandidate(at: index, in: textDocumentProxy) }
        if swiped != nil { return selectSwipeAlternative(at: index) }
        guard case .suggesting(let word, let candidates, _) = freshPredictions().state, candidates.indices.contains(index),
              PredictiveBar.currentWord(textDocumentProxy) == word else { return false }
        // The quoted word keeps what was typed; another suggestion replaces it. Either way a space follows,
        // as a tap on iOS's bar adds one.
        if index == 0 {
            predictive.kept = word
            textDocumentProxy.insertText(" ")
        } else {
            PredictiveBar.replaceWord(word, with: candidates[index] + " ", in: textDocumentProxy)
        }
        predictive.lastCorrection = .none
        lastTapWasSpace = false
        refreshPredictions()
        refreshAutoCapitalization()
        return true
    }

    /// The text changed: the predictive bar is computed again when it is next read (``candidates``, a
    /// tap on the bar, space's autocorrection). Hunspell's suggestions cost milliseconds, so they are not
    /// worked out for text no one looks at — a replay of hardware keys never reads the bar.
    private func refreshPredictions() {
        predictionsAreStale = true
    }

    /// The predictive bar for the text as it is now (layouts without an input method).
    private func freshPredictions() -> PredictiveBar {
        if predictionsAreStale, composer == nil {
            predictive.refresh(textDocumentProxy, learned: keyboardSession?.learnedWords.all ?? [])
            predictionsAreStale = false
            predictionComputations += 1
        }
        return predictive
    }

    /// Refreshes the predictive bar after the host changed the text.
    public override func textDidChange(_ textInput: (any TextInput)?) {
        super.textDidChange(textInput)
        refreshPredictions()
    }

    /// Refreshes the predictive bar after the host moved the caret or selection.
    public override func selectionDidChange(_ textInput: (any TextInput)?) {
        super.selectionDidChange(textInput)
        refreshPredictions()
    }

    /// Ends the input method's composition the way a key the engine does not take ends it (a command chord,
    /// Escape): what is composed is committed (`Composer/commit(in:)`) and the engine holds nothing. The
    /// host calls it before an edit that does not go through the engine — a paste, a proxy call over RPC,
    /// another field taking focus — so that the engine never keeps a reading the document no longer shows
    /// (and a later commit never writes it a second time).
    public func commitComposition() {
        composer?.commit(in: textDocumentProxy)
    }

    /// Whether marked text is being composed in the focused field (a candidate-bar layout shows its bar).
    public var isComposing: Bool {
        keyboardSession?.focusedField?.document.markedTextRange != nil
    }

    // MARK: Hardware keys

    /// A hardware key ends a run of space-bar taps, goes through the input method if the layout has one,
    /// then gets the system's handling.
    public override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        lastTapWasSpace = false
        highlightedKey = nil   // the hardware key is the last pressed now
        guard let composer else {
            super.pressesBegan(presses, with: event)
            return
        }
        var passedOn: Set<Press> = []
        for press in presses {
            if let key = press.key, compose(key, with: composer) { continue }
            passedOn.insert(press)
        }
        if !passedOn.isEmpty { super.pressesBegan(passedOn, with: event) }
    }

    /// Runs a hardware key through the input method: characters go to the engine, backspace edits the
    /// composition, left and right move between a conversion's segments (anthy), arrows move the highlight
    /// along a candidate bar that lists something; a key the engine
    /// does not take (and any command chord) commits what is composed and goes on to the system. Answers
    /// whether the key was used up.
    private func compose(_ key: Key, with composer: Composer) -> Bool {
        let commands: KeyModifierFlags = [.control, .command, .alternate]
        guard key.modifierFlags.isDisjoint(with: commands) else {
            composer.commit(in: textDocumentProxy)
            return false
        }
        switch key.keyCode {
        case .keyboardDeleteOrBackspace:
            return composer.deleteBackward(in: textDocumentProxy)
        case .keyboardLeftArrow:
            // Left and right move between a conversion's segments (anthy), else along the candidate bar.
            if composer.moveSegment(by: -1, in: textDocumentProxy) || composer.moveHighlight(by: -1) { return true }
        case .keyboardRightArrow:
            if composer.moveSegment(by: 1, in: textDocumentProxy) || composer.moveHighlight(by: 1) { return true }
        case .keyboardUpArrow:
            if composer.moveHighlight(by: -1) { return true }
        case .keyboardDownArrow:
            if composer.moveHighlight(by: 1) { return true }
        default:
            break
        }
        guard key.characters.count == 1, let character = key.characters.first else {
            composer.commit(in: textDocumentProxy)
            return false
        }
        // Space and return belong to the engine only while it composes (Rime's space takes the first
        // candidate; Hangul's commits and lets the space through).
        if character.isWhitespace || character.isNewline, !composer.isComposing { return false }
        return composer.type(character, into: textDocumentProxy)
    }

    // MARK: On-screen keys

    /// The page as drawn: with caps lock on, its shift keys show ⇪.
    public var drawnPage: LayoutPage {
        var page = currentPage
        guard isCapsLocked else { return page }
        for r in page.rows.indices {
            for k in page.rows[r].indices {
                if case .shift = page.rows[r][k].action { page.rows[r][k].label = KeyAction.capsLock(page: "").defaultLabel }
            }
        }
        return page
    }

    /// Presses an on-screen key of the current page.
    public func tap(_ key: LayoutKey) {
        swiped = nil
        highlightedKey = currentPage.position { $0 == key }
        let previousShiftTap = lastShiftTap
        lastShiftTap = nil
        let wasSpace = lastTapWasSpace
        lastTapWasSpace = false
        if let composer {
            switch key.action {
            case .character(let text) where text.count == 1:
                if let character = text.first, composer.type(character, into: textDocumentProxy) {
                    returnFromShiftedPage()
                    return
                }
            case .backspace:
                if composer.deleteBackward(in: textDocumentProxy) { return }
            case .space where composer.isComposing:
                if composer.type(" ", into: textDocumentProxy) { return }
            case .return where composer.isComposing:
                if composer.type("\n", into: textDocumentProxy) { return }
            case .separator where composer.isComposing:
                // 分词: splits the syllables of a 9-key composition.
                if composer.type("'", into: textDocumentProxy) { return }
            case .shift, .capsLock, .page:
                break
            default:
                composer.commit(in: textDocumentProxy)
            }
        }
        let lastCorrection = predictive.lastCorrection
        predictive.lastCorrection = .none
        switch key.action {
        case .character(let text):
            textDocumentProxy.insertText(text)
            returnFromShiftedPage()
        case .space where composer == nil && freshPredictions().pendingCorrection(textDocumentProxy) != nil:
            // Autocorrection: the misspelled word becomes the bar's correction, then the space.
            let (word, correction) = predictive.pendingCorrection(textDocumentProxy)!
            PredictiveBar.replaceWord(word, with: correction + " ", in: textDocumentProxy)
            predictive.lastCorrection = .applied(original: word, replacement: correction)
            lastTapWasSpace = true
        case .backspace where composer == nil && lastCorrection != .none:
            // Right after an autocorrection, backspace restores the word as typed (without the space).
            if case .applied(let original, let replacement) = lastCorrection,
               textDocumentProxy.documentContextBeforeInput?.hasSuffix(replacement + " ") == true {
                PredictiveBar.replaceWord(replacement + " ", with: original, in: textDocumentProxy)
                predictive.kept = original
            } else {
                textDocumentProxy.deleteBackward()
            }
        case .space:
            if wasSpace, endsWithWordThenSpace() {
                textDocumentProxy.deleteBackward()
                textDocumentProxy.insertText(". ")
            } else {
                textDocumentProxy.insertText(" ")
                lastTapWasSpace = true
            }
        case .return:
            textDocumentProxy.insertText("\n")
        case .tab:
            textDocumentProxy.insertText("\t")
        case .backspace:
            textDocumentProxy.deleteBackward()
        case .shift(let page):
            shiftState = .manual
            let now = keyboardSession?.clock.now
            if isCapsLocked {
                // A tap turns caps lock off.
                isCapsLocked = false
                showPage(layout.initialPage.name)
            } else if let previousShiftTap, let now, now - previousShiftTap <= capsLockDoubleTapInterval {
                // The second tap of a double tap: caps lock, on the shifted page (the shifted page's own
                // shift key names the letters).
                isCapsLocked = true
                if pageName == layout.initialPage.name { showPage(page) }
            } else {
                lastShiftTap = now
                showPage(pageName == page ? layout.initialPage.name : page)
            }
        case .capsLock(let page):
            isCapsLocked.toggle()
            showPage(isCapsLocked ? page : layout.initialPage.name)
        case .page(let page):
            showPage(page)
        case .nextKeyboard, .emoji:
            advanceToNextInputMode()
        case .dismiss:
            dismissKeyboard()
        case .cursorLeft:
            textDocumentProxy.adjustTextPosition(byCharacterOffset: -1)
        case .cursorRight:
            textDocumentProxy.adjustTextPosition(byCharacterOffset: 1)
        case .dictation, .undo, .diacritic, .separator, .spacer:
            break
        }
        afterTap(key)
    }

    /// After a key that edits, auto-capitalization looks at the text again.
    private func afterTap(_ key: LayoutKey) {
        switch key.action {
        case .character, .space, .return, .tab, .backspace, .cursorLeft, .cursorRight:
            if shiftState == .manual { shiftState = .off }
            refreshAutoCapitalization()
            refreshPredictions()
        default:
            break
        }
    }

    /// The key of the current page labelled `label` (as drawn: `q`, `⇧`, `123`), else the first whose
    /// output is `label`, else the first whose action is named `label` (`space`, `return`, `shift`,
    /// `backspace`, `nextKeyboard`), else one whose label differs only in case (`h` finds `H` on the
    /// shifted page auto-capitalization put up); `nil` when the page has none.
    public func key(labelled label: String) -> LayoutKey? {
        let keys = currentPage.keys
        return keys.first { $0.label == label } ?? keys.first { $0.output == label } ?? keys.first { $0.action.name == label }
            ?? keys.first { $0.label.lowercased() == label.lowercased() }
    }

    /// The key of the current page a reference names, `nil` when the page has none.
    public func key(_ reference: KeyReference) -> LayoutKey? {
        switch reference {
        case .label(let label): key(labelled: label)
        case .position(let position): currentPage[position]
        }
    }

    // MARK: Fingers on the view (StandardKeyboardController+Touches.swift; an override cannot live in an extension)

    /// A finger goes down on the keyboard's view: on space it is the space bar's finger (a tap or the
    /// trackpad), on backspace a delete now and repetitions while held, on another key a press decided at
    /// the lift (a tap, a long press's alternative, a flick's secondary character, swipe typing).
    public override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { keyTouchBegan(touches) }
    public override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { keyTouchMoved(touches) }
    public override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { keyTouchEnded(touches) }
    /// The system took the touch (the finger left the keyboard, the keyboard went): nothing is typed; the
    /// trackpad leaves the caret where it last moved it.
    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { keyTouchCancelled(touches) }

    /// Press and hold, then release over one of the key's `alternatives` (the callout): that alternative is
    /// typed as a tap of it would be; released elsewhere (`nil`, or not one of them), nothing is typed.
    /// Answers whether something was typed.
    @discardableResult
    public func longPress(_ key: LayoutKey, choosing alternative: String?) -> Bool {
        highlightedKey = currentPage.position { $0 == key }
        lastTapWasSpace = false
        guard let alternative, key.alternatives.contains(alternative) else { return false }
        typeVariant(alternative)
        return true
    }

    /// A flick down on a key (the iPad's flick keys): types its `LayoutKey.secondary` character as a tap
    /// of a key giving it would. Answers whether the key has one (without, nothing is typed).
    @discardableResult
    public func flick(_ key: LayoutKey) -> Bool {
        highlightedKey = currentPage.position { $0 == key }
        guard let secondary = key.secondary else { return false }
        typeVariant(secondary)
        return true
    }

    /// Types a key's other character (a long press's alternative, a flick's secondary character) as a
    /// tap of a key giving it would: through the input method when it takes it, and back from the
    /// one-shot shifted page.
    func typeVariant(_ text: String) {
        lastTapWasSpace = false
        if let composer, text.count == 1, let character = text.first, composer.type(character, into: textDocumentProxy) {
            returnFromShiftedPage()
            return
        }
        composer?.commit(in: textDocumentProxy)
        textDocumentProxy.insertText(text)
        returnFromShiftedPage()
    }

    /// One repetition of a held backspace key: a character (inside a composition, a piece of it), or —
    /// once the hold has gone on (see ``KeyRepeat``) — the word before the caret with the spaces after it.
    public func repeatBackspace(_ unit: KeyRepeat.Unit) {
        if let composer, composer.deleteBackward(in: textDocumentProxy) { return }
        switch unit {
        case .character:
            textDocumentProxy.deleteBackward()
        case .word:
            let before = textDocumentProxy.documentContextBeforeInput ?? ""
            var count = 0
            var characters = before.reversed().makeIterator()
            var next = characters.next()
            while let character = next, character.isWhitespace { count += 1; next = characters.next() }
            while let character = next, !character.isWhitespace { count += 1; next = characters.next() }
            for _ in 0..<max(count, 1) { textDocumentProxy.deleteBackward() }
        }
    }

    /// Taps the key of the current page labelled `label` (see ``key(labelled:)``); answers whether there
    /// was one.
    @discardableResult
    public func tap(labelled label: String) -> Bool {
        guard let key = key(labelled: label) else { return false }
        tap(key)
        return true
    }

    /// After a character on a shifted page (one-shot shift), the letters page returns.
    func returnFromShiftedPage() {
        if shiftState == .automatic { shiftState = .off }
        guard !isCapsLocked, pageName != layout.initialPage.name else { return }
        if currentPage.keys.contains(where: { if case .shift = $0.action { true } else { false } }) {
            showPage(layout.initialPage.name)
        }
    }

    /// Whether the text before the caret is a letter or digit followed by one space (double-space period).
    private func endsWithWordThenSpace() -> Bool {
        guard let before = textDocumentProxy.documentContextBeforeInput, before.hasSuffix(" ") else { return false }
        let trimmed = before.dropLast()
        guard let last = trimmed.last else { return false }
        return last.isLetter || last.isNumber
    }
}
