extension String {
    /// 64 bits of FNV-1a over the UTF-8 bytes, as 16 hex digits: a file name the same on every run and
    /// machine (Swift's `hashValue` is seeded per process), for names derived from a path or a key.
    var stableDigest: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
