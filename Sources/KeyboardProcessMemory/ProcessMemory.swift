import CMalloc
import Glibc

/// What the process uses of memory, as Linux and glibc tell it: the figures the emulator's footprint
/// sources read (the core reads no files itself).
///
/// ```swift
/// let reader = ProcessMemory.ResidentReader()
/// reader?.residentBytes()          // the whole process's resident set, from /proc/self/statm
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
}
