import Foundation  // malloc, realloc, free (the core imports Foundation only)

/// One `malloc` block of bytes that grows with `realloc`, shared by copies of a ``TextStorage`` until one
/// of them writes (copy-on-write, which the storage does through `isKnownUniquelyReferenced`).
///
/// Why not `[UInt8]`: an array grows by allocating a second buffer and copying into it, so a 50 MB text
/// that outgrows its free space needs 100 MB for a moment, and it initializes every byte it reserves, so
/// free space is resident memory from the start. glibc's `realloc` moves a block that has a mapping of its
/// own (above its `mmap` threshold, which glibc raises up to 32 MiB as large blocks are freed) by remapping
/// its pages; a smaller block may still be copied. Bytes this block hands out are not initialized: pages of
/// free space nobody has written to are not resident.
///
/// The storage reads only bytes it wrote. `@unchecked Sendable`: the block is written only through a
/// uniquely referenced storage, and a shared one is only read.
final class ByteBlock: @unchecked Sendable {
    /// The first byte; it moves when the block grows.
    private(set) var base: UnsafeMutablePointer<UInt8>
    /// The number of bytes.
    private(set) var capacity: Int

    init(capacity: Int) {
        base = Self.bytes(malloc(max(capacity, 1)), capacity)
        self.capacity = capacity
    }

    deinit { free(base) }

    /// Grows (or shrinks) the block; bytes up to the smaller capacity keep their values, the rest are not
    /// initialized.
    func resize(to newCapacity: Int) {
        base = Self.bytes(realloc(base, max(newCapacity, 1)), newCapacity)
        capacity = newCapacity
    }

    /// The bytes of a fresh allocation; running out of memory stops the program, as it does for `Array`.
    private static func bytes(_ memory: UnsafeMutableRawPointer?, _ capacity: Int) -> UnsafeMutablePointer<UInt8> {
        guard let memory else { fatalError("out of memory: a text buffer of \(capacity) bytes") }
        return memory.bindMemory(to: UInt8.self, capacity: max(capacity, 1))
    }
}
