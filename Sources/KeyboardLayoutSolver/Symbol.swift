/// A column of the tableau: a caller's variable, or one of the symbols a constraint brings with it.
///
/// Symbols are small integers so that rows can be sorted arrays of `(symbol, coefficient)` and every
/// per-symbol fact (its kind, the row it is basic in, the rows it occurs in) an array lookup: no
/// hashing and no reference counting on the hot path.
struct Symbol: Hashable, Comparable, Sendable {
    /// The index into the tableau's per-symbol arrays; negative for ``none``.
    var id: Int32

    /// No symbol: a constraint without an "other" error, a row of the objective.
    static let none = Symbol(id: -1)

    var index: Int { Int(id) }

    var isNone: Bool { id < 0 }

    static func < (lhs: Symbol, rhs: Symbol) -> Bool { lhs.id < rhs.id }
}

/// What a symbol stands for, which decides where it may go in the tableau.
enum SymbolKind: UInt8, Sendable {
    /// A caller's variable: unrestricted in sign, and made basic whenever a row offers one, so that
    /// restricted rows and the objective never mention an external parameter.
    case external
    /// The slack of an inequality: never negative.
    case slack
    /// An error of an optional constraint: never negative, weighted in the objective.
    case error
    /// The marker of a required equality: always zero, so it never enters the basis.
    case dummy

    /// Whether the simplex may bring the symbol into the basis (a restricted, movable symbol).
    var isPivotable: Bool { self == .slack || self == .error }

    /// Whether a row with this basic symbol must keep its constant non-negative (or, for a dummy, zero).
    var isRestricted: Bool { self != .external }
}

/// The one tolerance of the solver: coefficients and constants closer to zero than this are zero.
enum Tolerance {
    static let epsilon = 1.0e-8
}
