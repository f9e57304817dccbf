/// The measures of short texts measured lately, per face, in font units: a label is shaped once and then
/// answered for every point size from a hash lookup (about 0.2 µs instead of 2 to 5 µs for `hb_shape`).
///
/// Two generations of at most ``capacity`` entries each: when the current one is full it becomes the previous
/// one (the one before is dropped), and a hit in the previous one is carried into the current one. So at most
/// 2 × ``capacity`` entries of at most ``maximumTextLength`` bytes each are held, the labels in use stay, and
/// every operation is O(1). A hit returns exactly what shaping returned, so the cache changes no result.
struct MeasureCache {
    /// Entries per generation.
    static let capacity = 512
    /// The longest text, in UTF-8 bytes, that is cached (labels; longer text is shaped every time).
    static let maximumTextLength = 64

    /// A face (``TextMetrics/Face/slot``) and a text's UTF-8 bytes: bytes, not a `String`, whose equality
    /// is canonical equivalence (NFC and NFD forms would share an entry though they may shape apart).
    struct Key: Hashable {
        var slot: Int
        var text: [UInt8]

        init(slot: Int, text: String) {
            self.slot = slot
            self.text = Array(text.utf8)
        }
    }

    private var current: [Key: HarfBuzzFont.Measure] = [:]
    private var previous: [Key: HarfBuzzFont.Measure] = [:]

    /// The measure kept for `key`, if any.
    mutating func measure(for key: Key) -> HarfBuzzFont.Measure? {
        if let measure = current[key] { return measure }
        guard let measure = previous[key] else { return nil }
        insert(measure, for: key)
        return measure
    }

    /// Keeps `measure` for `key`.
    mutating func insert(_ measure: HarfBuzzFont.Measure, for key: Key) {
        if current.count >= Self.capacity {
            previous = current
            current = Dictionary(minimumCapacity: Self.capacity)
        }
        current[key] = measure
    }
}
