import Glibc

extension UnsafeMutableBufferPointer where Element: BitwiseCopyable {
    /// A buffer of `capacity` elements initialised to all-zero bytes, for element types whose zero is the
    /// value wanted (`false`, `0`, `nil`, an enum without payloads' first case — stored as its index 0,
    /// whatever its raw value). One `memset`:
    /// `initialize(repeating:)` copies element by element through the type's witnesses in a debug build —
    /// 12 k instructions for a table of 769 flags, which every key processor and hardware keyboard makes.
    package static func allocateZeroed(capacity: Int) -> Self {
        let buffer = Self.allocate(capacity: capacity)
        if let base = buffer.baseAddress { memset(base, 0, capacity * MemoryLayout<Element>.stride) }
        return buffer
    }
}
