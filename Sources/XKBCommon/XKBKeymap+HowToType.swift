/// The scalar → combinations table of one layout, built by iterating the keymap once.
struct HowToTypeTable {
    var layouts: [Int: [UInt32: [KeyCombination]]] = [:]
}

extension XKBKeymap {
    /// The key combinations in `layout` that produce `scalar`, best first (fewest modifiers, no Lock,
    /// lowest level, lowest keycode). Like `xkbcli how-to-type`. O(1) after the first call per layout.
    ///
    /// ```swift
    /// keymap.combinations(producing: "ß")   // [keycode 20 (KEY_MINUS) level 0 …] on de
    /// ```
    public func combinations(producing scalar: Unicode.Scalar, layout: Int = 0) -> [KeyCombination] {
        table(for: layout)[scalar.value] ?? []
    }

    /// Whether `scalar` can be typed in `layout` with one key and modifiers.
    public func canType(_ scalar: Unicode.Scalar, layout: Int = 0) -> Bool {
        table(for: layout)[scalar.value] != nil
    }

    /// The how-to-type table of `layout`, to ask about many scalars: one look-up under the keymap's lock
    /// for all of them, where each ``combinations(producing:layout:)`` takes the lock again.
    public func howToType(layout: Int = 0) -> HowToType {
        HowToType(layout: layout, table: table(for: layout))
    }

    /// How to type each scalar in one layout of a keymap (``howToType(layout:)``).
    public struct HowToType: Sendable {
        /// The layout.
        public let layout: Int
        fileprivate let table: [UInt32: [KeyCombination]]

        /// The key combinations that produce `scalar`, best first (as ``XKBKeymap/combinations(producing:layout:)``).
        public func combinations(producing scalar: Unicode.Scalar) -> [KeyCombination] {
            table[scalar.value] ?? []
        }

        /// Whether `scalar` can be typed with one key and modifiers.
        public func canType(_ scalar: Unicode.Scalar) -> Bool {
            table[scalar.value] != nil
        }
    }

    /// Whether every scalar of `text` can be typed in `layout` (dead-key sequences not considered).
    public func canType(_ text: String, layout: Int = 0) -> Bool {
        let table = table(for: layout)
        return text.unicodeScalars.allSatisfy { table[$0.value] != nil }
    }

    /// The scalars in `text` that cannot be typed in `layout`, in order, without repeats.
    public func untypeableScalars(in text: String, layout: Int = 0) -> [Unicode.Scalar] {
        let table = table(for: layout)
        var seen = Set<UInt32>()
        return text.unicodeScalars.filter { table[$0.value] == nil && seen.insert($0.value).inserted }
    }

    private func table(for layout: Int) -> [UInt32: [KeyCombination]] {
        // Built under the table's lock: two threads asking at once build it once.
        howToTypeTable.withLock { table in
            if let built = table.layouts[layout] { return built }
            let built = buildTable(layout: layout)
            table.layouts[layout] = built
            return built
        }
    }

    private func buildTable(layout: Int) -> [UInt32: [KeyCombination]] {
        var result: [UInt32: [KeyCombination]] = [:]
        guard layout >= 0, layout < layoutCount else { return result }
        var namesCache: [UInt32: [String]] = [:]
        for keycode in keycodes {
            let levels = levelCount(keycode: keycode, layout: layout)
            guard levels > 0 else { continue }
            for level in 0..<levels {
                let syms = keysyms(keycode: keycode, layout: layout, level: level)
                guard syms.count == 1, syms[0].utf32 != 0, let scalar = syms[0].scalar else { continue }
                for mask in modifierMasks(keycode: keycode, layout: layout, level: level) {
                    let names: [String]
                    if let cached = namesCache[mask] { names = cached } else {
                        names = modifierNames(in: mask)
                        namesCache[mask] = names
                    }
                    result[scalar.value, default: []].append(KeyCombination(
                        keycode: keycode, layout: layout, level: level, modifiers: mask,
                        modifierNames: names, keysym: syms[0]))
                }
            }
        }
        let lock = modifierMask(XKBState.ModifierName.capsLock)
        for key in result.keys {
            result[key]?.sort { a, b in
                let aLock = a.modifiers & lock != 0, bLock = b.modifiers & lock != 0
                if aLock != bLock { return !aLock }
                let aBits = a.modifiers.nonzeroBitCount, bBits = b.modifiers.nonzeroBitCount
                if aBits != bBits { return aBits < bBits }
                if a.level != b.level { return a.level < b.level }
                return a.keycode < b.keycode
            }
        }
        return result
    }
}
