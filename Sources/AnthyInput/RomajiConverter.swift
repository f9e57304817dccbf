/// Romaji → hiragana as the iOS Japanese romaji keyboard converts while typing (Hepburn and the common
/// kunrei and IME spellings): `nihongo` → にほんご, `kka` → っか, `nn` and `n` before a consonant → ん,
/// `-` → ー. anthy converts kana, not romaji, so this small table sits in front of it.
struct RomajiConverter {
    /// The kana typed so far.
    private(set) var kana = ""
    /// Letters not yet making a kana (`k` of `ka` before the `a`).
    private(set) var pending = ""

    init(kana: String = "") {
        self.kana = kana
    }

    var isEmpty: Bool { kana.isEmpty && pending.isEmpty }

    /// What the preedit shows: the kana, then the pending letters.
    var text: String { kana + pending }

    /// Adds a letter (lower-cased), `-` or a hiragana; answers `false` for anything else.
    mutating func append(_ character: Character) -> Bool {
        // Kana from an on-screen kana key join the reading as they are.
        if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
           (0x3041...0x309F).contains(scalar.value) || scalar == "ー" {
            kana += pending
            pending = ""
            kana.append(character)
            return true
        }
        guard let lower = character.lowercased().first, lower.isASCII, lower.isLetter || lower == "-" || lower == "'" else {
            return false
        }
        pending.append(lower)
        convert()
        return true
    }

    /// Deletes the last pending letter, else the last kana; answers `false` when empty.
    mutating func deleteBackward() -> Bool {
        if !pending.isEmpty {
            pending.removeLast()
        } else if !kana.isEmpty {
            kana.removeLast()
        } else {
            return false
        }
        return true
    }

    /// Ends the input: a pending `n` becomes ん; other pending letters stay as letters.
    mutating func finish() -> String {
        if pending == "n" || pending == "nn" { pending = "ん" }
        defer { kana = ""; pending = "" }
        return kana + pending
    }

    private mutating func convert() {
        while !pending.isEmpty {
            if let kana = Self.table[pending] {
                self.kana += kana
                pending = ""
                return
            }
            let letters = Array(pending)
            // A doubled consonant is a small tsu: kk → っk.
            if letters.count >= 2, letters[0] == letters[1], letters[0] != "n", Self.consonants.contains(letters[0]) {
                kana += "っ"
                pending.removeFirst()
                continue
            }
            // ん: n' ends one explicitly; n before a consonant other than y is one; nn is one, and before a
            // vowel (konnichiha) its second n starts the next syllable.
            if letters.count >= 2, letters[0] == "n" {
                if letters[1] == "'" {
                    kana += "ん"
                    pending.removeFirst(2)
                    continue
                }
                if letters[1] == "n" {
                    guard letters.count >= 3 else { return }
                    kana += "ん"
                    pending.removeFirst(Self.vowels.contains(letters[2]) || letters[2] == "y" ? 1 : 2)
                    continue
                }
                if Self.consonants.contains(letters[1]), letters[1] != "y" {
                    kana += "ん"
                    pending.removeFirst()
                    continue
                }
            }
            // Still a prefix of some spelling: wait for more letters.
            if Self.prefixes.contains(pending) { return }
            // Not a spelling: the first letter stays as it is.
            kana.append(letters[0])
            pending.removeFirst()
        }
    }

    private static let consonants: Set<Character> = Set("bcdfghjklmnpqrstvwxyz")
    private static let vowels: Set<Character> = Set("aiueo")

    private static let table: [String: String] = {
        var table: [String: String] = [
            "a": "あ", "i": "い", "u": "う", "e": "え", "o": "お",
            "-": "ー", "xtu": "っ", "ltu": "っ", "xa": "ぁ", "xi": "ぃ", "xu": "ぅ", "xe": "ぇ", "xo": "ぉ",
            "xya": "ゃ", "xyu": "ゅ", "xyo": "ょ", "shi": "し", "chi": "ち", "tsu": "つ", "fu": "ふ", "ji": "じ",
            "sha": "しゃ", "shu": "しゅ", "she": "しぇ", "sho": "しょ", "cha": "ちゃ", "chu": "ちゅ", "che": "ちぇ",
            "cho": "ちょ", "ja": "じゃ", "ju": "じゅ", "je": "じぇ", "jo": "じょ", "fa": "ふぁ", "fi": "ふぃ",
            "fe": "ふぇ", "fo": "ふぉ", "wo": "を", "wa": "わ", "wi": "うぃ", "we": "うぇ", "ye": "いぇ",
            "ti": "ち", "tu": "つ", "si": "し", "hu": "ふ", "zi": "じ", "di": "ぢ", "du": "づ",
            "thi": "てぃ", "dhi": "でぃ", "tsa": "つぁ",
        ]
        let rows: [(String, [String])] = [
            ("k", ["か", "き", "く", "け", "こ"]), ("s", ["さ", "し", "す", "せ", "そ"]),
            ("t", ["た", "ち", "つ", "て", "と"]), ("n", ["な", "に", "ぬ", "ね", "の"]),
            ("h", ["は", "ひ", "ふ", "へ", "ほ"]), ("m", ["ま", "み", "む", "め", "も"]),
            ("y", ["や", "い", "ゆ", "いぇ", "よ"]), ("r", ["ら", "り", "る", "れ", "ろ"]),
            ("g", ["が", "ぎ", "ぐ", "げ", "ご"]), ("z", ["ざ", "じ", "ず", "ぜ", "ぞ"]),
            ("d", ["だ", "ぢ", "づ", "で", "ど"]), ("b", ["ば", "び", "ぶ", "べ", "ぼ"]),
            ("p", ["ぱ", "ぴ", "ぷ", "ぺ", "ぽ"]), ("v", ["ゔぁ", "ゔぃ", "ゔ", "ゔぇ", "ゔぉ"]),
        ]
        for (consonant, kana) in rows {
            for (vowel, syllable) in zip(["a", "i", "u", "e", "o"], kana) where table[consonant + vowel] == nil {
                table[consonant + vowel] = syllable
            }
        }
        // Contracted sounds: kya きゃ, nyu にゅ, …
        let contracted: [(String, String)] = [
            ("k", "き"), ("s", "し"), ("t", "ち"), ("n", "に"), ("h", "ひ"), ("m", "み"), ("r", "り"),
            ("g", "ぎ"), ("z", "じ"), ("d", "ぢ"), ("b", "び"), ("p", "ぴ"),
        ]
        for (consonant, i) in contracted {
            for (vowel, small) in [("a", "ゃ"), ("u", "ゅ"), ("o", "ょ")] { table[consonant + "y" + vowel] = i + small }
        }
        return table
    }()

    private static let prefixes: Set<String> = {
        var prefixes: Set<String> = []
        for spelling in table.keys {
            for length in 1..<max(spelling.count, 1) { prefixes.insert(String(spelling.prefix(length))) }
        }
        return prefixes
    }()
}
