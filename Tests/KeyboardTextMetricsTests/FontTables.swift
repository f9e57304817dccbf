import CHarfBuzz

/// A font's own table values, read from the raw `hhea` and `OS/2` bytes (not through the
/// `hb_ot_metrics_*` path the module uses), to check the module against.
struct FontTables {
    var unitsPerEm: Int
    var hheaAscender: Int
    var hheaDescender: Int
    var hheaLineGap: Int
    /// `OS/2` version; `sCapHeight` and `sxHeight` exist from version 2 on.
    var os2Version: Int
    var capHeight: Int?
    var xHeight: Int?

    init?(path: String) {
        guard let blob = hb_blob_create_from_file_or_fail(path) else { return nil }
        let face = hb_face_create(blob, 0)
        hb_blob_destroy(blob)
        defer { hb_face_destroy(face) }
        guard let hhea = Self.table(face, "hhea"), hhea.count >= 10,
            let os2 = Self.table(face, "OS/2"), os2.count >= 2
        else { return nil }
        unitsPerEm = Int(hb_face_get_upem(face))
        hheaAscender = Self.int16(hhea, 4)
        hheaDescender = Self.int16(hhea, 6)
        hheaLineGap = Self.int16(hhea, 8)
        os2Version = Self.int16(os2, 0)
        capHeight = os2Version >= 2 && os2.count >= 90 ? Self.int16(os2, 88) : nil
        xHeight = os2Version >= 2 && os2.count >= 88 ? Self.int16(os2, 86) : nil
    }

    /// The bytes of the table tagged `tag`, if the face has it.
    private static func table(_ face: OpaquePointer?, _ tag: String) -> [UInt8]? {
        let value = tag.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        let blob = hb_face_reference_table(face, value)
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return nil }
        return data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) { Array(UnsafeBufferPointer(start: $0, count: Int(length))) }
    }

    private static func int16(_ bytes: [UInt8], _ offset: Int) -> Int {
        Int(Int16(bitPattern: UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])))
    }
}
