import Foundation

extension TextDocument {
    /// Calls `body` with the text in consecutive pieces of at most about `maxUTF16Count` UTF-16 units,
    /// each cut at a grapheme boundary: for writing a large document out without copying it whole.
    ///
    /// ```swift
    /// try document.forEachChunk { chunk in try handle.write(contentsOf: Data(chunk.utf8)) }
    /// ```
    public func forEachChunk(maxUTF16Count: Int = 1 << 20, _ body: (String) throws -> Void) rethrows {
        let count = utf16Count
        let step = max(maxUTF16Count, 16)
        var start = 0
        while start < count {
            var end = min(count, start + step)
            if end < count {
                let boundary = characterBoundary(atOrBefore: end)
                end = boundary > start ? boundary : characterBoundary(atOrAfter: end)
            }
            try body(text(in: NSRange(location: start, length: end - start)))
            start = end
        }
    }
}
