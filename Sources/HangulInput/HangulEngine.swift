import CHangul
import KeyboardComposition
import KeyboardEmulator

/// Korean composition through libhangul (Debian's `libhangul1`), the engine IBus and fcitx use: jamo
/// compose into syllables, and backspace takes a syllable apart jamo by jamo, as the iOS Korean keyboard
/// does.
///
/// Keys are the QWERTY letters of the arrangement (`gksrmf` is 한글 on 2-set) or, for the 2-set
/// keyboard's on-screen keys, the compatibility jamo themselves (ㅎ ㅏ ㄴ …).
public final class HangulEngine: CompositionEngine {
    /// libhangul could not make the keyboard.
    public struct UnavailableError: Error, CustomStringConvertible {
        public let keyboard: InputMethod.HangulKeyboard
        public var description: String {
            "libhangul has no keyboard '\(keyboard.engineID)' for \(InputMethod.hangul(keyboard).name) (install Debian's libhangul1 and libhangul-data)"
        }
    }

    public let inputMethod: InputMethod
    private let keyboard: InputMethod.HangulKeyboard
    private let context: OpaquePointer

    public init(keyboard: InputMethod.HangulKeyboard) throws(UnavailableError) {
        guard let context = hangul_ic_new(keyboard.engineID) else { throw UnavailableError(keyboard: keyboard) }
        self.context = context
        self.keyboard = keyboard
        self.inputMethod = .hangul(keyboard)
    }

    deinit {
        hangul_ic_delete(context)
    }

    public var preedit: String { Self.string(hangul_ic_get_preedit_string(context)) }

    public func process(_ character: Character) -> CompositionUpdate {
        guard let ascii = key(for: character) else {
            // Not a key of the arrangement: what is composed is committed, the character goes on.
            return CompositionUpdate(commit: flush(), preedit: "", consumed: false)
        }
        let consumed = hangul_ic_process(context, Int32(ascii))
        let commit = Self.string(hangul_ic_get_commit_string(context))
        if !consumed {
            return CompositionUpdate(commit: commit + flush(), preedit: "", consumed: false)
        }
        return CompositionUpdate(commit: commit, preedit: preedit)
    }

    public func backspace() -> CompositionUpdate? {
        guard !hangul_ic_is_empty(context), hangul_ic_backspace(context) else { return nil }
        return CompositionUpdate(preedit: preedit)
    }

    public func flush() -> String {
        Self.string(hangul_ic_flush(context))
    }

    public func reset() {
        hangul_ic_reset(context)
    }

    /// Hangul composes without candidates (hanja conversion is not offered).
    public var candidates: [String] { [] }

    public func selectCandidate(at index: Int) -> CompositionUpdate? { nil }

    /// The ASCII key libhangul expects for a typed character.
    private func key(for character: Character) -> UInt8? {
        if let ascii = character.asciiValue, ascii > 0x20, ascii < 0x7F { return ascii }
        guard keyboard == .twoSet, let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 else {
            return nil
        }
        return Self.twoSetKeys[scalar]
    }

    /// The 2-set arrangement: each compatibility jamo and the QWERTY key that types it.
    private static let twoSetKeys: [Unicode.Scalar: UInt8] = {
        let rows: [(jamo: String, keys: String)] = [
            ("ㅂㅈㄷㄱㅅㅛㅕㅑㅐㅔ", "qwertyuiop"), ("ㅁㄴㅇㄹㅎㅗㅓㅏㅣ", "asdfghjkl"), ("ㅋㅌㅊㅍㅠㅜㅡ", "zxcvbnm"),
            ("ㅃㅉㄸㄲㅆㅒㅖ", "QWERTOP"),
        ]
        var table: [Unicode.Scalar: UInt8] = [:]
        for row in rows {
            for (jamo, key) in zip(row.jamo.unicodeScalars, row.keys.utf8) { table[jamo] = key }
        }
        return table
    }()

    /// A zero-terminated UCS-4 string from libhangul.
    private static func string(_ pointer: UnsafePointer<ucschar>?) -> String {
        guard var pointer else { return "" }
        var scalars = String.UnicodeScalarView()
        while pointer.pointee != 0 {
            if let scalar = Unicode.Scalar(pointer.pointee) { scalars.append(scalar) }
            pointer += 1
        }
        return String(scalars)
    }
}
