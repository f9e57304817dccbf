import Foundation
import KeyboardEmulator
import KeyboardLayouts
import KeyboardSpelling

/// Swipe typing (QuickPath) on the built-in keyboard: a finger's path over the letter keys types the
/// word it best matches among the language's words, with a space after it; the bar offers the next best.
extension StandardKeyboardController {
    /// The centres of the current page's keys in the keys' area (points, from its top-left corner): rows
    /// of the row model's height, keys as wide as their units across the keyboard's width, each row
    /// centred — the geometry a swipe's path is read against.
    public func keyCentres() -> [(key: LayoutKey, centre: CGPoint)] {
        keyGeometry().frames.map { ($0.key, CGPoint(x: $0.frame.midX, y: $0.frame.midY)) }
    }

    /// The frames of the current page's keys (spacers left out) in the keys' area, and the width of one
    /// key unit and the height of a row (points).
    func keyGeometry() -> (frames: [(key: LayoutKey, frame: CGRect)], unit: Double, rowHeight: Double) {
        let device = keyboardSession?.device ?? .default
        let orientation = keyboardSession?.orientation ?? .portrait
        let width = Double(device.screenSize(in: orientation).width)
        let rowHeight = KeyboardMetrics.standard(device: device, orientation: orientation).rowHeight
        let page = currentPage
        let rowUnits = page.rows.map { $0.reduce(0) { $0 + $1.width } }
        guard let maxUnits = rowUnits.max(), maxUnits > 0 else { return ([], 0, rowHeight) }
        let unit = width / maxUnits
        var frames: [(key: LayoutKey, frame: CGRect)] = []
        for (r, row) in page.rows.enumerated() {
            var x = (maxUnits - rowUnits[r]) / 2 * unit
            for key in row {
                let keyWidth = key.width * unit
                if case .spacer = key.action {} else {
                    frames.append((key, CGRect(x: x, y: Double(r) * rowHeight, width: keyWidth, height: rowHeight)))
                }
                x += keyWidth
            }
        }
        return (frames, unit, rowHeight)
    }

    /// Types the word a path over the letter keys best matches (points in the keys' area, see
    /// ``keyCentres()``), then a space, as iOS's swipe typing does; the next best words go to the bar,
    /// where a tap swaps one in. Answers the word, or `nil` when none matched (a path that starts or ends
    /// far from every word's letters, a layout with an input method). Throws when the language has no
    /// dictionary to take words from (the error names its Debian package).
    @discardableResult
    public func swipeType(through path: [CGPoint]) throws(SpellingError) -> String? {
        swiped = nil
        guard composer == nil, path.count >= 2 else { return nil }
        let geometry = keyGeometry()
        let keys = geometry.frames.compactMap { entry -> SwipeDecoder.Key? in
            guard let letter = entry.key.swipeLetter else { return nil }
            return SwipeDecoder.Key(letter: letter, centre: CGPoint(x: entry.frame.midX, y: entry.frame.midY))
        }
        let vocabulary = try SwipeDecoder.vocabulary(for: primaryLanguage ?? layout.primaryLanguage)
        let words = SwipeDecoder(keys: keys, keyWidth: geometry.unit, vocabulary: vocabulary).words(for: path, limit: 4)
        guard let best = words.first else { return nil }
        let before = textDocumentProxy.documentContextBeforeInput ?? ""
        // A word swiped right after another word's letters gets its own space first.
        if let last = before.last, !last.isWhitespace, !last.isNewline { textDocumentProxy.insertText(" ") }
        let word = shiftedPageName.map { $0 == pageName } == true ? best.prefix(1).uppercased() + best.dropFirst() : best
        textDocumentProxy.insertText(word + " ")
        swiped = (word, Array(words.dropFirst()))
        returnFromShiftedPage()
        refreshAutoCapitalization()
        return word
    }

    /// Swaps the swiped word for the bar's `index`th word (the word itself at 0 keeps it).
    func selectSwipeAlternative(at index: Int) -> Bool {
        guard let swiped else { return false }
        let words = [swiped.word] + swiped.alternatives
        guard words.indices.contains(index) else { return false }
        self.swiped = nil
        guard index > 0, textDocumentProxy.documentContextBeforeInput?.hasSuffix(swiped.word + " ") == true else { return index == 0 }
        let replacement = swiped.word.first?.isUppercase == true ? words[index].prefix(1).uppercased() + words[index].dropFirst() : words[index]
        for _ in 0...swiped.word.count { textDocumentProxy.deleteBackward() }
        textDocumentProxy.insertText(replacement + " ")
        return true
    }
}

extension LayoutKey {
    /// The letter a swipe over this key spells (lower case), `nil` for a key that is not one letter.
    var swipeLetter: Character? {
        guard case .character(let text) = action, text.count == 1, let letter = text.lowercased().first, letter.isLetter else {
            return nil
        }
        return letter
    }
}
