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

/// The solver's tolerances.
enum Tolerance {
    /// Decisions — is a constant negative, does a column improve the objective, can a coefficient be
    /// pivoted on — treat magnitudes below this as zero.
    static let epsilon = 1.0e-8
    /// Coefficients below this are dropped from rows: rounding residue. It is well below ``epsilon``
    /// because a small but genuine coefficient matters once its symbol takes a value: dropping 10⁻⁹ of a
    /// variable worth a thousand points moves a frame by 10⁻⁶. Residue of cancelling terms of order one
    /// is about 10⁻¹⁶ of them.
    static let negligible = 1.0e-11
    /// Reduced costs and objective changes are compared level by level with this tolerance, relative to
    /// the largest entry of the vector compared (see ``Objective/improves(_:)``): rounding on
    /// ill-conditioned systems reaches a few 10⁻⁸ of it, and a higher level's residue must not outvote
    /// the lower levels.
    static let lexicographic = 1.0e-7
    /// The smallest coefficient a row may be pivoted on, relative to the row's largest (see
    /// ``Row/pivotTolerance``).
    static let pivot = 1.0e-7
}
