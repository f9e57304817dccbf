import CHangul
import KeyboardComposition
import KeyboardEmulator

/// Korean composition through libhangul (Debian's `libhangul1`), the engine IBus and fcitx use: jamo
/// compose into syllables, and backspace takes a syllable apart jamo by jamo, as the iOS Korean keyboard
/// does.
///
/// Keys are the QWERTY letters of the arrangement (`gksrmf` is 한글 on 2-set, `mfskgw` on 3-set) or the
/// jamo on-screen keys type: compatibility jamo on 2-set (ㅎ ㅏ ㄴ …), conjoining jamo on 3-set, whose
/// initial and final consonants are different keys. The map between the two is libhangul's own table.
public final class HangulEngine: CompositionEngine {
    /// libhangul is not installed, or could not make the keyboard.
    public struct UnavailableError: Error, CustomStringConvertible {
        public let keyboard: InputMethod.HangulKeyboard
        /// Why the library did not open (the loader's words), or `nil` when it opened without the keyboard.
        public let loadFailure: String?
        public var description: String {
            if let loadFailure {
                return "libhangul is not installed (\(loadFailure)); install Debian's libhangul1 and libhangul-data"
            }
            return "libhangul has no keyboard '\(keyboard.engineID)' for \(InputMethod.hangul(keyboard).name) (install Debian's libhangul1 and libhangul-data)"
        }
    }

    public let inputMethod: InputMethod
    private let context: OpaquePointer
    /// The on-screen keys' jamo and the ASCII key of the arrangement that types each.
    private let keys: [Unicode.Scalar: UInt8]

    public init(keyboard: InputMethod.HangulKeyboard) throws(UnavailableError) {
        if let failure = CHangulLoad() {
            throw UnavailableError(keyboard: keyboard, loadFailure: String(cString: failure))
        }
        guard let context = hangul_ic_new(keyboard.engineID) else {
            throw UnavailableError(keyboard: keyboard, loadFailure: nil)
        }
        self.context = context
        self.keys = Self.keyTable(for: keyboard)
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

    /// The ASCII key libhangul expects for a typed character: printable ASCII as it is (a hardware key of the
    /// arrangement), or a jamo an on-screen key types.
    private func key(for character: Character) -> UInt8? {
        if let ascii = character.asciiValue, ascii > 0x20, ascii < 0x7F { return ascii }
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else { return nil }
        return keys[scalar]
    }

    /// The jamo of a libhangul keyboard and the ASCII key that types each, read from libhangul's own table.
    ///
    /// Each conjoining jamo maps to its key (3-set keys type an initial ㄱ and a final ㄱ on different keys,
    /// so its on-screen keys send conjoining jamo); each compatibility jamo (ㄱ, what the 2-set keys send)
    /// maps to the key of its initial or medial form if the keyboard has one, else its final form.
    private static func keyTable(for keyboard: InputMethod.HangulKeyboard) -> [Unicode.Scalar: UInt8] {
        guard let table = hangul_keyboard_list_get_keyboard(keyboard.engineID) else { return [:] }
        var keys: [Unicode.Scalar: UInt8] = [:]
        var compatibility: [Unicode.Scalar: (key: UInt8, isFinal: Bool)] = [:]
        for ascii in UInt8(0x21)..<0x7F {
            let jamo = hangul_keyboard_get_mapping(table, 0, UInt32(ascii))
            guard hangul_is_jamo(jamo), let scalar = Unicode.Scalar(jamo) else { continue }
            if keys[scalar] == nil { keys[scalar] = ascii }
            guard let plain = Unicode.Scalar(hangul_jamo_to_cjamo(jamo)), plain != scalar else { continue }
            let isFinal = hangul_is_jongseong(jamo)
            if let known = compatibility[plain], !known.isFinal || isFinal { continue }
            compatibility[plain] = (ascii, isFinal)
        }
        for (scalar, entry) in compatibility where keys[scalar] == nil { keys[scalar] = entry.key }
        return keys
    }

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
