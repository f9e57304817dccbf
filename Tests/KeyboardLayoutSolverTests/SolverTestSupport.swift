@testable import KeyboardLayoutSolver

typealias Expression = LayoutSolver.Expression
typealias Variable = LayoutSolver.Variable
typealias Priority = LayoutSolver.Priority

/// A deterministic generator (SplitMix64) for the randomized tests: the same seed, the same run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Whether two values agree within `tolerance` (absolute, or relative for large values).
func isClose(_ a: Double, _ b: Double, tolerance: Double = 1e-6) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}

extension LayoutSolver {
    /// The expression's value in the current solution.
    func evaluate(_ expression: Expression) -> Double {
        expression.terms.reduce(expression.constant) { $0 + $1.coefficient * value(of: $1.variable) }
    }

    /// How far the current solution is from satisfying `expression relation 0` (zero when it does).
    func violation(of expression: Expression, _ relation: Relation) -> Double {
        let value = evaluate(expression)
        switch relation {
        case .equal: return abs(value)
        case .lessThanOrEqual: return max(0, value)
        case .greaterThanOrEqual: return max(0, -value)
        }
    }

    /// Makes `count` variables named `prefix0`, `prefix1`, …
    mutating func makeVariables(_ count: Int, prefix: String = "v") throws -> [Variable] {
        try (0..<count).map { index throws(Error) in try makeVariable(name: "\(prefix)\(index)") }
    }
}

/// A constraint as the tests write it, so a system can be built again from scratch.
struct ConstraintSpec {
    var expression: Expression
    var relation: LayoutSolver.Relation
    var priority: Priority

    init(_ expression: Expression, _ relation: LayoutSolver.Relation, _ priority: Priority = .required) {
        self.expression = expression
        self.relation = relation
        self.priority = priority
    }
}

/// A solver with `variableCount` variables (the same handles in every solver built this way) and the
/// given constraints, added in order.
func buildSolver(
    variableCount: Int, _ specs: [ConstraintSpec]
) throws(LayoutSolver.Error) -> (solver: LayoutSolver, variables: [Variable], ids: [LayoutSolver.ConstraintID]) {
    var solver = LayoutSolver()
    var variables: [Variable] = []
    for index in 0..<variableCount {
        variables.append(try solver.makeVariable(name: "v\(index)"))
    }
    var ids: [LayoutSolver.ConstraintID] = []
    for spec in specs {
        ids.append(try solver.add(spec.expression, spec.relation, priority: spec.priority))
    }
    return (solver, variables, ids)
}

/// A row of three buttons in a 300-point container, UIStackView-like (spacing 8, the last button's
/// right edge on the container's), each with intrinsic-size wishes: variables are
/// `[container.x, container.width, b0.x, b0.width, b1.x, b1.width, b2.x, b2.width]`.
func buttonRowSpecs() throws -> (variableCount: Int, specs: [ConstraintSpec]) {
    var scratch = LayoutSolver()
    let v = try scratch.makeVariables(8)
    let (containerX, containerWidth) = (v[0], v[1])
    let x = [v[2], v[4], v[6]]
    let width = [v[3], v[5], v[7]]
    var specs = [
        ConstraintSpec(Expression(containerX) - 10, .equal),
        ConstraintSpec(Expression(containerWidth) - 300, .equal),
        ConstraintSpec(Expression(x[0]) - Expression(containerX), .equal),
        ConstraintSpec(
            Expression(x[2]) + Expression(width[2]) - Expression(containerX) - Expression(containerWidth), .equal),
    ]
    for i in 1..<3 {
        specs.append(ConstraintSpec(Expression(x[i]) - Expression(x[i - 1]) - Expression(width[i - 1]) - 8, .equal))
    }
    for i in 0..<3 {
        specs.append(ConstraintSpec(Expression(width[i]) - 40, .greaterThanOrEqual, .defaultHigh))
        specs.append(ConstraintSpec(Expression(width[i]) - 40, .lessThanOrEqual, i == 2 ? .defaultLow : Priority(251)))
        specs.append(ConstraintSpec(Expression(width[i]) - 120, .lessThanOrEqual))
    }
    specs.append(ConstraintSpec(Expression(width[0]) - Expression(width[1]), .equal, Priority(500)))
    specs.append(ConstraintSpec(Expression(x[1]) - 90, .equal, Priority(100)))
    return (8, specs)
}
