/// Names of trait values as UIKit spells the cases (`emailAddress`, `URL`, `numberPad`, …): what layout
/// files, the command line and the protocol use.
public protocol TraitNamed: CaseIterable, CustomStringConvertible {
    /// UIKit's case name.
    var name: String { get }
}

extension TraitNamed {
    public var description: String { name }

    /// Parses a name as printed by ``name``.
    public init?(name: String) {
        guard let match = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = match
    }

    /// Every valid name, for error messages.
    public static var allNames: [String] { allCases.map(\.name) }
}

extension KeyboardType: TraitNamed {
    public var name: String {
        switch self {
        case .default: "default"
        case .asciiCapable: "asciiCapable"
        case .numbersAndPunctuation: "numbersAndPunctuation"
        case .URL: "URL"
        case .numberPad: "numberPad"
        case .phonePad: "phonePad"
        case .namePhonePad: "namePhonePad"
        case .emailAddress: "emailAddress"
        case .decimalPad: "decimalPad"
        case .twitter: "twitter"
        case .webSearch: "webSearch"
        case .asciiCapableNumberPad: "asciiCapableNumberPad"
        }
    }

    /// Whether the type is a full text keyboard (letters, with return); `false` for the pads.
    public var isText: Bool {
        switch self {
        case .numberPad, .phonePad, .decimalPad, .asciiCapableNumberPad: false
        default: true
        }
    }
}

extension ReturnKeyType: TraitNamed {
    public var name: String {
        switch self {
        case .default: "default"
        case .go: "go"
        case .google: "google"
        case .join: "join"
        case .next: "next"
        case .route: "route"
        case .search: "search"
        case .send: "send"
        case .yahoo: "yahoo"
        case .done: "done"
        case .emergencyCall: "emergencyCall"
        case .continue: "continue"
        }
    }
}

extension TextAutocapitalizationType: TraitNamed {
    public var name: String {
        switch self {
        case .none: "none"
        case .words: "words"
        case .sentences: "sentences"
        case .allCharacters: "allCharacters"
        }
    }
}
