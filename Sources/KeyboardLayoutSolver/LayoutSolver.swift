/// An incremental linear constraint solver with UIKit Auto Layout's semantics: the Cassowary algorithm
/// (Badros, Borning and Stuckey, 2001), in the shape of the kiwi solver, with UIKit's priorities.
///
/// Make a ``Variable`` for each unknown (a view's `minX`, `minY`, `width`, `height`), then ``add(_:_:priority:)``
/// constraints `expression relation 0`. Values are current after every call; reading one is a lookup.
///
/// ```swift
/// typealias Expression = LayoutSolver.Expression
/// var solver = LayoutSolver()
/// let x = try solver.makeVariable(name: "button.minX")
/// let width = try solver.makeVariable(name: "button.width")
/// try solver.add(Expression(x) - 8, .equal)                        // x == 8
/// let wish = try solver.add(Expression(width) - 44, .equal, priority: .defaultHigh)
/// try solver.add(Expression(width) - 30, .lessThanOrEqual)         // required: wins over the wish
/// solver.value(of: width)                                          // 30
/// try solver.setConstant(-20, of: wish)                            // width == 20 now fits
/// solver.value(of: width)                                          // 20
/// ```
///
/// Semantics, as UIKit's:
/// - A ``Priority/required`` constraint always holds. One that cannot is not added: ``add(_:_:priority:)``
///   throws ``Error/unsatisfiable(_:conflicting:)`` naming the required constraints it conflicts with,
///   and the solver is left exactly as it was (the caller logs and breaks a constraint, as UIKit does).
/// - Optional priorities form a strict hierarchy: no amount of error at one priority outweighs any error
///   at a higher one. Within a priority, errors add up (each point weighs 1). (Strict down to rounding:
///   the levels are compared with a tolerance of 10⁻⁷ relative to the coefficients compared, far below
///   anything a layout's multipliers produce.)
/// - Changing a constant (``setConstant(_:of:)``) edits the tableau in place and re-solves with the dual
///   simplex: it costs what the change touches, not a rebuild.
///
/// The solver is a value: copying it copies the whole system (lazily). It is not thread-safe to mutate
/// from several threads at once, as any Swift value; it is `Sendable`, so a copy may move to another.
///
/// Limits: at most ``maximumVariableCount`` variables and ``maximumConstraintCount`` constraints (or the
/// lower limits given to ``init(maximumVariableCount:maximumConstraintCount:)``); beyond them the calls
/// throw. Every optimisation is bounded by a pivot limit, so no input makes a call run forever.
public struct LayoutSolver: Sendable {
    /// The most variables one solver holds: enough for thousands of views, small enough that a runaway
    /// caller fails with an error rather than exhausting memory.
    public static let maximumVariableCount = 100_000

    /// The most constraints one solver holds at a time (removed ones do not count).
    public static let maximumConstraintCount = 100_000

    /// The largest constant magnitude the solver works with; larger finite constants are clamped to it.
    ///
    /// UIKit code writes "no wider than anything" as `width <= .greatestFiniteMagnitude`. In doubles,
    /// `1.8e308 - 50` is `1.8e308`: carried through a row, such a constant wipes out every ordinary number
    /// it meets, and the layout next to it collapses. At 10⁹ points (far beyond any screen) the bound is
    /// as good as infinite and a row holding it still resolves fractions of a point to about 10⁻⁷.
    public static let maximumConstantMagnitude = 1.0e9

    /// The most variables this solver makes (``maximumVariableCount`` unless a lower limit was given).
    public let variableLimit: Int
    /// The most constraints this solver holds (``maximumConstraintCount`` unless a lower limit was given).
    public let constraintLimit: Int

    var tableau = Tableau()
    /// Constraints by slot; a removed constraint's slot is reused under a new generation.
    var records: [ConstraintRecord?] = []
    var generations: [UInt32] = []
    var freeRecordSlots: [Int32] = []
    var variableNames: [String] = []
    /// The ids of variables, by index of ``variableNames``.
    var variableSymbols: [Symbol] = []
    /// The constraint standing for each suggested value (see ``suggest(_:value:priority:)``).
    var suggestions: [Variable: ConstraintID] = [:]

    /// How many constraints the solver holds.
    public internal(set) var constraintCount = 0

    /// How many variables the solver has made.
    public var variableCount: Int { variableSymbols.count }

    /// An empty solver.
    public init() {
        self.init(maximumVariableCount: Self.maximumVariableCount, maximumConstraintCount: Self.maximumConstraintCount)
    }

    /// An empty solver with lower limits than the default ones (larger values are clamped to them).
    public init(maximumVariableCount: Int, maximumConstraintCount: Int) {
        variableLimit = max(0, min(maximumVariableCount, Self.maximumVariableCount))
        constraintLimit = max(0, min(maximumConstraintCount, Self.maximumConstraintCount))
    }

    // MARK: Variables

    /// Makes a variable. Its value is 0 until constraints say otherwise.
    ///
    /// - Parameter name: kept for diagnostics (``name(of:)``, ``Variable``'s description is its index).
    /// - Throws: ``Error/tooManyVariables(limit:)`` at the limit.
    public mutating func makeVariable(name: String = "") throws(Error) -> Variable {
        guard variableSymbols.count < variableLimit else { throw .tooManyVariables(limit: variableLimit) }
        let symbol = tableau.makeSymbol(.external, owner: -1)
        variableSymbols.append(symbol)
        variableNames.append(name)
        return Variable(symbol: symbol, ordinal: Int32(variableSymbols.count - 1))
    }

    /// The name a variable was made with, or `nil` if this solver did not make it.
    public func name(of variable: Variable) -> String? {
        isKnown(variable) ? variableNames[Int(variable.ordinal)] : nil
    }

    /// The variable's value in the current solution.
    ///
    /// A variable this solver did not make (one from another solver, or made in a copy after it was taken)
    /// reads 0, as a variable in no constraint does.
    public func value(of variable: Variable) -> Double {
        isKnown(variable) ? tableau.value(of: variable.symbol) : 0
    }

    /// Whether the variable's value is not determined: it could change while every required constraint
    /// holds and no optional one is satisfied any worse (UIKit's ambiguous layout).
    ///
    /// A variable in no constraint is ambiguous; so is one whose row holds a free parameter (a variable
    /// or slack that no constraint or priority pins). A variable held by tight inequalities from both
    /// sides is not. This runs the simplex on a copy of the tableau: meant for diagnostics, not for every
    /// frame. A variable this solver did not make is ambiguous.
    public func isAmbiguous(_ variable: Variable) -> Bool {
        ambiguousVariables(among: [variable]) == [variable]
    }

    /// The variables among `variables` that are ambiguous (see ``isAmbiguous(_:)``), in their order.
    ///
    /// Cheaper than asking about each in turn: the copy of the tableau that the check may need is made
    /// once (a view's four variables, or every variable of a layout, at the cost of one).
    public func ambiguousVariables(among variables: [Variable]) -> [Variable] {
        let known = variables.filter(isKnown)
        let movable = tableau.canMove(known.map(\.symbol))
        var result: [Variable] = []
        var index = 0
        for variable in variables {
            if isKnown(variable) {
                if movable[index] { result.append(variable) }
                index += 1
            } else {
                result.append(variable)
            }
        }
        return result
    }

    func isKnown(_ variable: Variable) -> Bool {
        let ordinal = Int(variable.ordinal)
        return ordinal >= 0 && ordinal < variableSymbols.count && variableSymbols[ordinal] == variable.symbol
    }
}
