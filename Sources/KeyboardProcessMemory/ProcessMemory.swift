import CMalloc
import Glibc
import Synchronization

/// What the process uses of memory, as Linux and glibc tell it: the figures the emulator's footprint
/// sources read (the core reads no files itself).
///
/// ```swift
/// let reader = ProcessMemory.ResidentReader()
/// reader?.residentBytes()          // the whole process's resident set, from /proc/self/statm
/// let paced = reader.map { ProcessMemory.PacedResidentReader($0) }
/// paced?.residentBytes()           // the same, read again only once 4 ms have passed
/// ProcessMemory.heapInUse()        // bytes malloc handed out and not freed (mallinfo2)
/// ```
public enum ProcessMemory {
    /// The bytes glibc's allocator has handed out and not taken back: small blocks in use (`uordblks`) and
    /// mapped ones (`hblkhd`). Walks the arenas; every thread's allocations count. Under a sanitizer, which
    /// replaces `malloc` (glibc's arenas then hold nothing), its allocator's own count
    /// (`__sanitizer_get_current_allocated_bytes`).
    public static func heapInUse() -> Int {
        if sanitizerAllocatedBytes != 0, let function = UnsafeRawPointer(bitPattern: sanitizerAllocatedBytes) {
            return unsafeBitCast(function, to: (@convention(c) () -> Int).self)()
        }
        let info = mallinfo2()
        return Int(info.uordblks) + Int(info.hblkhd)
    }

    /// The address of the sanitizer runtime's `__sanitizer_get_current_allocated_bytes`, 0 without one:
    /// looked up once in the process's global symbols.
    private static let sanitizerAllocatedBytes: UInt = {
        guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "__sanitizer_get_current_allocated_bytes") else {
            return 0
        }
        return UInt(bitPattern: symbol)
    }()

    /// Reads the process's resident set size from `/proc/self/statm`, kept open: one `pread` a reading
    /// (the kernel writes the file anew at offset 0), about a microsecond.
    public final class ResidentReader: @unchecked Sendable {
        // @unchecked: the descriptor is set once; pread has no shared offset.
        private let descriptor: Int32
        private let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

        /// Opens the file; `nil` where there is no /proc.
        public init?() {
            let descriptor = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            self.descriptor = descriptor
        }

        deinit { close(descriptor) }

        /// The resident set in bytes (the second field, in pages); 0 if the read fails.
        public func residentBytes() -> Int {
            var buffer = (0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64)
            return withUnsafeMutableBytes(of: &buffer) { raw -> Int in
                let count = pread(descriptor, raw.baseAddress, raw.count, 0)
                guard count > 0 else { return 0 }
                // "size resident shared text lib data dt": skip the first number, read the second.
                var index = 0, field = 0, value = 0
                while index < count {
                    let byte = raw[index]
                    if byte == UInt8(ascii: " ") {
                        field += 1
                        if field == 2 { break }
                    } else if field == 1, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                        value = value * 10 + Int(byte - UInt8(ascii: "0"))
                    }
                    index += 1
                }
                return value * pageSize
            }
        }
    }

    /// The resident set, read from /proc at most once per interval (default 4 ms); between readings, the
    /// last one. For a footprint sampled at every key press: a `pread` costs 1–3.5 µs, a key of a replay
    /// about a microsecond, so a reading per key would triple a replay's cost; the clock this checks
    /// (`CLOCK_MONOTONIC_COARSE`, a read of the kernel's tick in the vDSO) costs about 8 ns.
    ///
    /// Why a time bound is enough: memory counts when its pages are written, and writing pages takes time
    /// (10 MB written took 10 ms here, 1 GB/s), so a reading that is at most 4 ms old misses at most what
    /// the process wrote in those 4 ms (about 4 MB here), and a key that allocates much takes long enough
    /// to be read after. Thread-safe: two threads may both read at once, which costs a `pread` more.
    public final class PacedResidentReader: Sendable {
        private let reader: ResidentReader
        private let intervalNanoseconds: Int
        /// When the next reading from /proc is due (coarse monotonic nanoseconds).
        private let nextReading = Atomic<Int>(0)
        private let lastBytes = Atomic<Int>(0)

        public init(_ reader: ResidentReader, interval: Duration = .milliseconds(4)) {
            self.reader = reader
            let (seconds, attoseconds) = interval.components
            intervalNanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        }

        /// The resident set in bytes: read now if the last reading is an interval old, else that reading.
        public func residentBytes() -> Int {
            let now = Self.coarseNanoseconds()
            if now < nextReading.load(ordering: .relaxed) { return lastBytes.load(ordering: .relaxed) }
            let bytes = reader.residentBytes()
            lastBytes.store(bytes, ordering: .relaxed)
            nextReading.store(now + intervalNanoseconds, ordering: .relaxed)
            return bytes
        }

        private static func coarseNanoseconds() -> Int {
            var time = timespec()
            clock_gettime(CLOCK_MONOTONIC_COARSE, &time)
            return time.tv_sec * 1_000_000_000 + time.tv_nsec
        }
    }
}
