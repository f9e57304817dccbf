/// The iOS release a session behaves as: ``FidelityProfile/init(ios:)`` takes that release's defaults,
/// and `UIDevice.current.systemVersion` reports it.
///
/// Only the releases whose differences the reference cites are modelled (reference §1 and §5): iOS 15
/// gives the one-sentence context window of earlier systems; iOS 16 and later the current line with its
/// break. The newest, ``newest``, is the default.
///
/// ```swift
/// let fidelity = FidelityProfile(ios: .iOS15)   // the pre-16 sentence window
/// try IOSVersion(parsing: "17")                  // .iOS17
/// ```
public enum IOSVersion: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case iOS15 = "15"
    case iOS16 = "16"
    case iOS17 = "17"
    case iOS18 = "18"
    case iOS26 = "26"

    /// The newest modelled release, the default: iOS 26.
    public static let newest = IOSVersion.iOS26

    /// The major version, as the command line writes it (`15`, …, `26`).
    public var major: Int { Int(rawValue) ?? 0 }

    /// What `UIDevice.current.systemVersion` answers: the release's last update the emulator models.
    public var systemVersion: String {
        switch self {
        case .iOS15: "15.8"
        case .iOS16: "16.7"
        case .iOS17: "17.7"
        case .iOS18: "18.7"
        case .iOS26: "26.1"
        }
    }

    public static func < (lhs: IOSVersion, rhs: IOSVersion) -> Bool { lhs.major < rhs.major }

    /// Why a string names no modelled release.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let text: String
        public init(text: String) { self.text = text }
        public var description: String {
            "unknown iOS version '\(text.escapedForMessage())' (expected one of: \(IOSVersion.allCases.map(\.rawValue).joined(separator: ", ")))"
        }
    }

    /// The release a string names: its major version (`"16"`), optionally with a minor (`"16.4"`) or an
    /// `iOS` prefix (`"iOS 16"`, `"ios16"`). The one parser every adapter (YAML, JSON, CLI) uses.
    public init(parsing text: String) throws(ParseError) {
        var rest = Substring(text)
        if rest.lowercased().hasPrefix("ios") { rest = rest.dropFirst(3).drop { $0 == " " } }
        let major = rest.prefix { $0 != "." }
        let minor = rest.dropFirst(major.count)
        let minorIsValid = minor.isEmpty || minor.count > 1 && minor.dropFirst().allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
        guard minorIsValid, let version = IOSVersion(rawValue: String(major)) else { throw ParseError(text: text) }
        self = version
    }
}
