import Foundation
import Testing
@testable import KeyboardLayoutSolver

/// The seeds of the ill-conditioned runs: seed 144 by default (it found required constraints violated
/// before c977308); `SOLVER_STRESS_SEEDS=150 swift test -c release --filter RandomizedTests` runs seeds
/// 0 to 149 (31 s in a release build; every one passes).
private let stressSeeds: [Int] = ProcessInfo.processInfo.environment["SOLVER_STRESS_SEEDS"]
    .flatMap { Int($0) }.map { Array(0..<max(1, $0)) } ?? [144]

/// Random add / remove / setConstant sequences, checked after every step against what must hold whatever
/// the solver does inside: every required constraint is satisfied (evaluated directly from the values),
/// a refused change leaves every value bit for bit as it was, a refusal's explanation is itself
/// infeasible, and the optional errors (summed per priority, highest first) are as small as those of a
/// solver built from scratch with the same constraints — incremental work reaches the same optimum.
@Suite struct RandomizedTests {
    /// The random systems a run draws from.
    private struct Shape {
        var variables: ClosedRange<Int>
        var terms: ClosedRange<Int>
        var constants: ClosedRange<Int>
        var coefficients: [Double]
        var priorities: [Float]
        /// Whether a required constraint's tolerance scales with its terms' magnitudes, and the optimum's
        /// with the values' (ill-conditioned systems: large constants, coefficients from 0.1 to 7.5).
        var relativeTolerance: Bool

        static let ordinary = Shape(variables: 3...8, terms: 1...3, constants: -100...100,
                                    coefficients: [1, -1, 1, -1, 2, -2, 0.5, 3],
                                    priorities: [1, 250, 251, 500, 750, 999], relativeTolerance: false)
        static let illConditioned = Shape(variables: 2...14, terms: 1...4, constants: -1000...1000,
                                          coefficients: [1, -1, 1, -1, 2, -2, 0.5, 3, 0.3, -1.7, 0.1, 7.5],
                                          priorities: [1, 2, 250, 251, 500, 749, 750, 999, 999.5], relativeTolerance: true)
    }

    private struct Run {
        let shape: Shape
        var generator: SeededGenerator
        var solver = LayoutSolver()
        var variables: [Variable] = []
        var live: [(id: LayoutSolver.ConstraintID, spec: ConstraintSpec)] = []
        var refusals = 0

        init(seed: UInt64, shape: Shape) throws {
            self.shape = shape
            generator = SeededGenerator(seed: seed)
            let count = Int.random(in: shape.variables, using: &generator)
            variables = try solver.makeVariables(count)
        }

        mutating func randomSpec() -> ConstraintSpec {
            var expression = Expression(constant: Double(Int.random(in: shape.constants, using: &generator)))
            let termCount = Int.random(in: shape.terms, using: &generator)
            for variable in variables.shuffled(using: &generator).prefix(termCount) {
                let coefficient = shape.coefficients.randomElement(using: &generator) ?? 1
                expression = expression + Expression(variable, times: coefficient)
            }
            let relation = [LayoutSolver.Relation.equal, .lessThanOrEqual, .greaterThanOrEqual]
                .randomElement(using: &generator) ?? .equal
            let priority: Priority =
                Int.random(in: 0..<100, using: &generator) < 45
                ? .required
                : Priority(shape.priorities.randomElement(using: &generator) ?? 500)
            return ConstraintSpec(expression, relation, priority)
        }

        var values: [Double] { variables.map { solver.value(of: $0) } }

        /// The constraints named by a refusal, with the refused one, must have no solution on their own.
        func checkExplanation(_ conflicting: [LayoutSolver.ConstraintID], refused: ConstraintSpec) {
            var specs: [ConstraintSpec] = []
            for id in conflicting {
                guard let entry = live.first(where: { $0.id == id }) else {
                    Issue.record("explanation names \(id), which is not in the solver")
                    return
                }
                #expect(entry.spec.priority.isRequired, "only required constraints are blamed")
                specs.append(entry.spec)
            }
            guard let (check, _, _) = try? buildSolver(variableCount: variables.count, specs) else {
                Issue.record("the blamed constraints conflict among themselves")
                return
            }
            var alone = check
            #expect(throws: LayoutSolver.Error.self, "the explanation is not a conflict") {
                try alone.add(refused.expression, refused.relation, priority: refused.priority)
            }
        }

        /// Every required constraint holds.
        func checkRequired(step: Int) {
            for (id, spec) in live where spec.priority.isRequired {
                let violation = solver.violation(of: spec.expression, spec.relation)
                let magnitude = spec.expression.terms.map { abs($0.coefficient * solver.value(of: $0.variable)) }.max() ?? 0
                let tolerance = shape.relativeTolerance ? 1e-6 * max(1, magnitude) : 1e-6
                let constraint = "\(id) \(spec.expression) \(spec.relation) 0 (terms up to \(magnitude))"
                #expect(violation <= tolerance, "step \(step): \(constraint) is off by \(violation)")
            }
        }

        /// Summed optional error per priority, highest first.
        static func errors(of solver: LayoutSolver, _ specs: [ConstraintSpec]) -> [(Float, Double)] {
            var sums: [Float: Double] = [:]
            for spec in specs where !spec.priority.isRequired {
                sums[spec.priority.rawValue, default: 0] += solver.violation(of: spec.expression, spec.relation)
            }
            return sums.sorted { $0.key > $1.key }.map { ($0.key, $0.value) }
        }

        /// The same optimum as a solver built from scratch.
        func checkOptimality(step: Int) {
            let specs = live.map(\.spec)
            guard let fresh = try? buildSolver(variableCount: variables.count, specs) else {
                Issue.record("step \(step): a fresh build refuses constraints the solver holds")
                return
            }
            let mine = Self.errors(of: solver, specs)
            let theirs = Self.errors(of: fresh.solver, specs)
            // Differences below the values' rounding are no difference (ill-conditioned systems only).
            let floor = shape.relativeTolerance ? 1e-7 * max(1, variables.map { abs(solver.value(of: $0)) }.max() ?? 0) : 0
            for ((priority, a), (_, b)) in zip(mine, theirs) where abs(a - b) > floor {
                #expect(isClose(a, b, tolerance: 1e-6), "step \(step): at \(priority) \(a), fresh \(b)")
                if !isClose(a, b, tolerance: 1e-6) { break }
            }
        }

        mutating func step(_ step: Int) {
            let roll = Int.random(in: 0..<10, using: &generator)
            if roll < 5 || live.isEmpty {
                let spec = randomSpec()
                let before = values
                do {
                    let id = try solver.add(spec.expression, spec.relation, priority: spec.priority)
                    live.append((id, spec))
                } catch .unsatisfiable(nil, let conflicting) {
                    refusals += 1
                    #expect(spec.priority.isRequired)
                    #expect(values == before, "step \(step): a refused add moved the solution")
                    #expect(solver.constraintCount == live.count)
                    checkExplanation(conflicting, refused: spec)
                } catch {
                    Issue.record("step \(step): unexpected \(error)")
                }
            } else if roll < 7 {
                let (id, _) = live.remove(at: Int.random(in: live.indices, using: &generator))
                let removed = solver.remove(id)
                #expect(removed)
            } else {
                let index = Int.random(in: live.indices, using: &generator)
                let constant = Double(Int.random(in: shape.constants, using: &generator))
                let before = values
                do {
                    try solver.setConstant(constant, of: live[index].id)
                    live[index].spec.expression.constant = constant
                } catch .unsatisfiable(let id, let conflicting) {
                    refusals += 1
                    #expect(id == live[index].id)
                    #expect(values == before, "step \(step): a refused constant moved the solution")
                    var changed = live[index].spec
                    changed.expression.constant = constant
                    let others = live
                    live.remove(at: index)
                    checkExplanation(conflicting, refused: changed)
                    live = others
                } catch {
                    Issue.record("step \(step): unexpected \(error)")
                }
            }
            checkRequired(step: step)
            if step % 5 == 0 { checkOptimality(step: step) }
        }
    }

    private func run(seed: Int, shape: Shape, steps: Int) throws {
        var run = try Run(seed: UInt64(seed) &* 0x9E37_79B9 &+ 17, shape: shape)
        for step in 0..<steps {
            run.step(step)
        }
        run.checkOptimality(step: steps)
        #expect(run.refusals > 0, "the run exercised refusals")
    }

    @Test(arguments: 0..<16)
    func randomOperationsKeepRequiredConstraintsAndReachTheOptimum(seed: Int) throws {
        try run(seed: seed, shape: .ordinary, steps: 300)
    }

    /// The same on ill-conditioned systems, longer: seed 144 violated required constraints until the
    /// solver compared priority levels with a tolerance and set unblocked columns aside (c977308).
    @Test(arguments: stressSeeds)
    func illConditionedSystemsKeepRequiredConstraintsAndReachTheOptimum(seed: Int) throws {
        try run(seed: seed, shape: .illConditioned, steps: 900)
    }
}
