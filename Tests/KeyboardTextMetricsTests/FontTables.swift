import Foundation

/// A font's own table values, parsed from the font file's bytes here (not through HarfBuzz, which the module
/// uses), to check the module against: the OpenType table directory, then `head`, `hhea` and `OS/2`.
struct FontTables {
    var unitsPerEm: Int
    var hheaAscender: Int
    var hheaDescender: Int
    var hheaLineGap: Int
    /// `OS/2` version; `sCapHeight` and `sxHeight` exist from version 2 on.
    var os2Version: Int
    var capHeight: Int?
    var xHeight: Int?

    /// Reads a single-font OpenType file (`.otf`/`.ttf`, not a collection); nil unless it has the tables.
    init?(path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let bytes = [UInt8](data)
        guard let head = Self.table(bytes, "head"), head.count >= 20,
            let hhea = Self.table(bytes, "hhea"), hhea.count >= 10,
            let os2 = Self.table(bytes, "OS/2"), os2.count >= 2
        else { return nil }
        unitsPerEm = Int(Self.uint16(head, 18))
        hheaAscender = Self.int16(hhea, 4)
        hheaDescender = Self.int16(hhea, 6)
        hheaLineGap = Self.int16(hhea, 8)
        os2Version = Int(Self.uint16(os2, 0))
        capHeight = os2Version >= 2 && os2.count >= 90 ? Self.int16(os2, 88) : nil
        xHeight = os2Version >= 2 && os2.count >= 88 ? Self.int16(os2, 86) : nil
    }

    /// The bytes of the table tagged `tag`, from the table directory (12-byte header with the table count at
    /// offset 4, then 16-byte records: tag, checksum, offset, length).
    private static func table(_ font: [UInt8], _ tag: String) -> [UInt8]? {
        guard font.count >= 12 else { return nil }
        let tagBytes = Array(tag.utf8)
        for index in 0..<Int(uint16(font, 4)) {
            let record = 12 + 16 * index
            guard record + 16 <= font.count else { return nil }
            guard Array(font[record..<record + 4]) == tagBytes else { continue }
            let offset = Int(uint32(font, record + 8))
            let length = Int(uint32(font, record + 12))
            guard offset + length <= font.count else { return nil }
            return Array(font[offset..<offset + length])
        }
        return nil
    }

    private static func uint16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    private static func int16(_ bytes: [UInt8], _ offset: Int) -> Int {
        Int(Int16(bitPattern: uint16(bytes, offset)))
    }

    private static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(uint16(bytes, offset)) << 16 | UInt32(uint16(bytes, offset + 2))
    }
}
