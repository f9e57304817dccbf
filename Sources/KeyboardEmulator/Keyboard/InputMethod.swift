/// The input method a layout composes with (`inputMethod:` in a layout file): its engine and, where the
/// engine has several, the keyboard or schema.
///
/// ```swift
/// let method = try InputMethod(parsing: "hangul-2set")   // .hangul(.twoSet)
/// method.name                                             // "hangul-2set"
/// ```
public enum InputMethod: Sendable, Hashable {
    /// Korean through libhangul.
    case hangul(HangulKeyboard)
    /// Chinese and other schemas through librime (`rime:luna_pinyin_simp`).
    case rime(schema: String)
    /// Japanese through anthy.
    case anthy

    /// A libhangul keyboard.
    public enum HangulKeyboard: String, Sendable, Hashable, CaseIterable {
        /// 두벌식, the iOS Korean keyboard's arrangement.
        case twoSet = "2set"
        /// 세벌식 final (3-set).
        case threeSetFinal = "3set"

        /// libhangul's keyboard id.
        public var engineID: String {
            switch self {
            case .twoSet: "2"
            case .threeSetFinal: "3f"
            }
        }
    }

    /// Why a name is not an input method.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let name: String
        public init(name: String) { self.name = name }
        public var description: String {
            "unknown input method '\(name.escapedForMessage())' (expected hangul-2set, hangul-3set, rime:<schema> or anthy)"
        }
    }

    /// Parses a name as written in layout files.
    public init(parsing name: String) throws(ParseError) {
        if name.hasPrefix("hangul-"), let keyboard = HangulKeyboard(rawValue: String(name.dropFirst("hangul-".count))) {
            self = .hangul(keyboard)
        } else if name.hasPrefix("rime:"), case let schema = String(name.dropFirst("rime:".count)),
                  !schema.isEmpty, schema.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) {
            self = .rime(schema: schema)
        } else if name == "anthy" {
            self = .anthy
        } else {
            throw ParseError(name: name)
        }
    }

    /// The name as written in layout files.
    public var name: String {
        switch self {
        case .hangul(let keyboard): "hangul-\(keyboard.rawValue)"
        case .rime(let schema): "rime:\(schema)"
        case .anthy: "anthy"
        }
    }
}
