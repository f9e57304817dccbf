import Foundation
import KeyboardProcessMemory
import Testing

/// The process's memory as Linux and glibc tell it. The figures are the whole process's, and other suites
/// run alongside: each test moves them by far more than those do (hundreds of MiB), and asks half of it.
@Suite struct ProcessMemoryTests {
    /// The resident set agrees with /proc/self/statm read another way, and grows with memory touched.
    @Test func theResidentSetIsStatmsSecondField() throws {
        let reader = try #require(ProcessMemory.ResidentReader())
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        func statm() throws -> Int {
            let fields = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8).split(separator: " ")
            return try #require(Int(fields[1])) * pageSize
        }
        // Between two readings of its own, give or take what other suites did in between.
        let first = try statm()
        let bytes = reader.residentBytes()
        let last = try statm()
        #expect(bytes % pageSize == 0)
        #expect(bytes >= min(first, last) - (8 << 20) && bytes <= max(first, last) + (8 << 20))

        let size = 256 << 20
        let block = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: pageSize)
        defer { block.deallocate() }
        memset(block, 1, size)
        #expect(reader.residentBytes() >= bytes + size / 2)
    }

    /// Memory malloc hands out counts until it is freed (a large block is mapped, `hblkhd`, whether or not
    /// it is touched).
    @Test func heapInUseCountsWhatMallocHandedOut() throws {
        let before = ProcessMemory.heapInUse()
        let size = 1 << 30
        let block = try #require(malloc(size))
        let during = ProcessMemory.heapInUse()
        free(block)
        let after = ProcessMemory.heapInUse()
        #expect(during - before >= size / 2)
        #expect(during - after >= size / 2)
    }
}
