extension String {
    /// The string as an error message may quote it: control characters (C0, DEL, C1) escaped as
    /// `\u{1B}`, so that a message never carries raw terminal bytes, and cut after `limit` characters.
    ///
    /// ```swift
    /// "bad\u{1B}[2J".escapedForMessage      // "bad\u{1B}[2J" with the escape spelled out
    /// ```
    package func escapedForMessage(limit: Int = 80) -> String {
        var escaped = ""
        for (count, character) in enumerated() {
            if count == limit {
                escaped += "…"
                break
            }
            for scalar in character.unicodeScalars {
                if scalar.isTerminalControl {
                    escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped
    }
}

extension Unicode.Scalar {
    /// Whether a terminal would act on the scalar instead of drawing it: C0 controls, DEL and C1 controls
    /// (U+0080–U+009F, which 8-bit terminals read as CSI, OSC and the rest).
    package var isTerminalControl: Bool { value < 0x20 || (0x7F...0x9F).contains(value) }
}
