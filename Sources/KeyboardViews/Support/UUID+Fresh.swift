import Foundation
import Synchronization

extension UUID {
    /// A version-4 UUID, unique in the process and random across processes, without a system call.
    ///
    /// Foundation's `UUID()` on Linux opens `/dev/urandom`, reads 16 bytes and closes it each time: three
    /// system calls, and every tester made three (a field's document identifier, a proxy's, a control's
    /// action). Here the bytes are drawn once per process; each UUID then puts a counter (48 bits) in its
    /// first six bytes, mixed with those random bytes, so no two of one process are equal, and keeps the
    /// version and variant bits of a random UUID.
    package static func fresh() -> UUID {
        let number = FreshUUIDs.counter.wrappingAdd(1, ordering: .relaxed).oldValue
        var bytes = FreshUUIDs.seed.uuid
        withUnsafeMutableBytes(of: &bytes) { raw in
            for index in 0..<6 { raw[index] ^= UInt8(truncatingIfNeeded: number >> (8 * UInt64(index))) }
            raw[6] = raw[6] & 0x0F | 0x40  // version 4
            raw[8] = raw[8] & 0x3F | 0x80  // RFC 4122 variant
        }
        return UUID(uuid: bytes)
    }
}

/// The process's random bytes and counter for ``Foundation/UUID/fresh()``.
private enum FreshUUIDs {
    static let seed = UUID()
    static let counter = Atomic<UInt64>(0)
}
