/// The interface orientation of the emulated device, named as `UIInterfaceOrientation`.
///
/// Raw values match UIKit's (`portrait` 1 … `landscapeRight` 4).
public enum InterfaceOrientation: Int, Sendable, Hashable, Codable, CaseIterable {
    case unknown = 0
    case portrait = 1
    case portraitUpsideDown = 2
    case landscapeLeft = 3
    case landscapeRight = 4

    /// Whether the screen is wider than it is tall in this orientation.
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }

    /// Whether the screen is taller than it is wide in this orientation (`unknown` counts as portrait).
    public var isPortrait: Bool { !isLandscape }

    /// The orientation a quarter turn clockwise, as `keyboardd`'s rotate key cycles them.
    public var rotatedClockwise: InterfaceOrientation {
        switch self {
        case .portrait, .unknown: .landscapeLeft
        case .landscapeLeft: .portraitUpsideDown
        case .portraitUpsideDown: .landscapeRight
        case .landscapeRight: .portrait
        }
    }

    /// The name used on the command line and in the protocol (`portrait`, `landscapeLeft`, …).
    public var name: String {
        switch self {
        case .unknown: "unknown"
        case .portrait: "portrait"
        case .portraitUpsideDown: "portraitUpsideDown"
        case .landscapeLeft: "landscapeLeft"
        case .landscapeRight: "landscapeRight"
        }
    }

    /// Parses a name as printed by ``name`` (also accepts `landscape`, meaning `landscapeLeft`).
    public init?(name: String) {
        if name == "landscape" { self = .landscapeLeft; return }
        guard let match = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = match
    }

    /// The names an orientation is given by (scenarios, the command line, the protocol); `unknown` is
    /// not one.
    public static let acceptedNames = allCases.flatMap { orientation -> [String] in
        switch orientation {
        case .unknown: []
        case .landscapeLeft: ["landscape", orientation.name]
        default: [orientation.name]
        }
    }

    /// ``acceptedNames`` as a message or a help text lists them: "portrait, …, landscapeLeft or landscapeRight".
    public static var acceptedNamesList: String {
        "\(acceptedNames.dropLast().joined(separator: ", ")) or \(acceptedNames.last!)"
    }

    /// Why a name is not an orientation.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let name: String
        public init(name: String) { self.name = name }
        public var description: String {
            "unknown orientation '\(name.escapedForMessage())' (expected \(InterfaceOrientation.acceptedNamesList))"
        }
    }

    /// Parses one of ``acceptedNames``: the one parser every adapter (YAML, JSON, CLI) uses.
    public init(parsing name: String) throws(ParseError) {
        guard let orientation = InterfaceOrientation(name: name), orientation != .unknown else { throw ParseError(name: name) }
        self = orientation
    }
}
