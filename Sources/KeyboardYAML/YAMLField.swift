import Yams

/// The typed reads of a node that layouts and scenarios share: a scalar's text, a strict boolean, a list,
/// and a mapping's entries by plain-string key, checked against the keys it takes.
///
/// A read fails with a ``YAMLFieldError``: what the node is instead, and where. The format's parser puts it
/// in its own words — a layout says `expected a string`, a scenario `name must be a string` — so each
/// format keeps its messages over one set of checks. Numbers stay each format's: a layout reads Swift's
/// number syntax, a scenario YAML's.
///
/// ```swift
/// let (entries, problems) = try YAMLField.entries(node, allowed: ["id", "name"])
/// for problem in problems { report(problem) }      // a key that is a list; an unknown key, with its place
/// for (key, keyNode, value) in entries { … try YAMLField.text(value) … }
/// ```
public enum YAMLField {
    /// One entry of a mapping: its key's text, the key's node (for its place) and the value.
    public typealias Entry = (key: String, keyNode: Node, value: Node)

    /// The text of a scalar.
    public static func text(_ node: Node) throws(YAMLFieldError) -> String {
        guard case .scalar(let scalar) = node else { throw YAMLFieldError(.notText, at: node) }
        return scalar.string
    }

    /// A strict boolean (``YAMLSource/bool(_:)``): `true` or `false`, nothing else.
    public static func bool(_ node: Node) throws(YAMLFieldError) -> Bool {
        guard case .scalar(let scalar) = node else { throw YAMLFieldError(.notABoolean(nil), at: node) }
        guard let value = YAMLSource.bool(scalar.string) else { throw YAMLFieldError(.notABoolean(scalar.string), at: node) }
        return value
    }

    /// The items of a list.
    public static func items(_ node: Node) throws(YAMLFieldError) -> Node.Sequence {
        guard case .sequence(let sequence) = node else { throw YAMLFieldError(.notAList, at: node) }
        return sequence
    }

    /// The entries of a mapping whose keys are plain strings, in order.
    ///
    /// A node that is no mapping throws. A key that is not text, or not among `allowed` (when given), is
    /// a problem: its entry is left out and the problems are returned in the order of the file, for the
    /// parser to report them all or throw the first.
    public static func entries(_ node: Node, allowed: [String]? = nil) throws(YAMLFieldError)
        -> (entries: [Entry], problems: [YAMLFieldError]) {
        guard case .mapping(let mapping) = node else { throw YAMLFieldError(.notAMapping, at: node) }
        var entries: [Entry] = []
        var problems: [YAMLFieldError] = []
        for (keyNode, value) in mapping {
            guard case .scalar(let scalar) = keyNode else {
                problems.append(YAMLFieldError(.keyNotText, at: keyNode))
                continue
            }
            if let allowed, !allowed.contains(scalar.string) {
                problems.append(YAMLFieldError(.unknownKey(scalar.string, known: allowed), at: keyNode))
                continue
            }
            entries.append((scalar.string, keyNode, value))
        }
        return (entries, problems)
    }
}

/// Why a node is not what a field takes (``YAMLField``), and where; the format's parser words it.
public struct YAMLFieldError: Error, Sendable, Hashable {
    /// What the node is instead.
    public enum Kind: Sendable, Hashable {
        /// A mapping or a list where text was expected.
        case notText
        /// Not `true` or `false`: the scalar's text, `nil` for a mapping or a list.
        case notABoolean(String?)
        /// Not a list.
        case notAList
        /// Not a mapping.
        case notAMapping
        /// A mapping's key that is a list or a mapping.
        case keyNotText
        /// A key the mapping does not take; `known` are the keys it takes.
        case unknownKey(String, known: [String])
    }

    /// What the node is instead.
    public var kind: Kind
    /// Where: the node's place (a key's, for a key's problem).
    public var location: YAMLSource.Location?

    /// A problem of the node at `location`.
    public init(_ kind: Kind, location: YAMLSource.Location?) {
        self.kind = kind
        self.location = location
    }

    /// A problem of `node`, at its place.
    public init(_ kind: Kind, at node: Node) {
        self.init(kind, location: YAMLSource.location(node))
    }
}
