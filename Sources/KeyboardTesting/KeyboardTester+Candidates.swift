import KeyboardEmulator

extension KeyboardTester where Controller: CandidateProviding {
    /// What the keyboard's candidate bar lists now, best first; throws when the keyboard is not up.
    ///
    /// ```swift
    /// try tester.asKeyboard { keyboard in
    ///     for letter in ["n", "i", "h", "a", "o"] { keyboard.tap(labelled: letter) }
    /// }
    /// #expect(try tester.candidates().first == "你好")
    /// try tester.selectCandidate("你好")
    /// #expect(tester.state == "你好|")
    /// ```
    public func candidates() throws(KeyboardTesterError) -> [String] {
        try keyboard().candidates
    }

    /// Taps the candidate at `index` on the bar; throws when the bar has no such candidate.
    public func selectCandidate(at index: Int) throws(KeyboardTesterError) {
        let keyboard = try keyboard()
        guard keyboard.selectCandidate(at: index) else {
            throw .candidateNotFound("#\(index)", available: keyboard.candidates)
        }
    }

    /// Taps the first candidate on the bar that is `text`; throws naming what the bar lists when none is.
    public func selectCandidate(_ text: String) throws(KeyboardTesterError) {
        let keyboard = try keyboard()
        let candidates = keyboard.candidates
        guard let index = candidates.firstIndex(of: text), keyboard.selectCandidate(at: index) else {
            throw .candidateNotFound(text, available: candidates)
        }
    }
}
