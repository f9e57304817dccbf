extension StringProtocol {
    /// The text without the blanks around it: what Foundation's `trimmingCharacters(in: .whitespaces)`
    /// removes (tab and the space separators, Unicode category Zs), without bridging to `NSString` and
    /// `CharacterSet` (whose code a daemon's start would otherwise bring into memory for one option).
    ///
    /// ```swift
    /// " en-US\t".trimmingBlanks()   // "en-US"
    /// ```
    package func trimmingBlanks() -> SubSequence {
        let isBlank = { (character: Character) in
            character.unicodeScalars.allSatisfy { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
        }
        let start = firstIndex { !isBlank($0) } ?? endIndex
        let end = lastIndex { !isBlank($0) }.map(index(after:)) ?? start
        return self[start..<end]
    }
}
