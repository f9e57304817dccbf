import Testing
@testable import KeyboardLayoutSolver

@Suite struct IncrementalTests {
    @Test func theButtonRowSolvesAsUIStackViewWould() throws {
        let (count, specs) = try buttonRowSpecs()
        let (solver, v, _) = try buildSolver(variableCount: count, specs)
        // 300 - 2·8 = 284 to share. b2 hugs at 250, below b0's and b1's 251, so it stretches first, up to
        // its required cap of 120; b0 and b1 (kept equal at 500) share the rest: 2·w + 120 = 284, w = 82.
        #expect(isClose(solver.value(of: v[7]), 120))
        #expect(isClose(solver.value(of: v[3]), 82))
        #expect(isClose(solver.value(of: v[5]), 82))
        #expect(isClose(solver.value(of: v[4]), 10 + 82 + 8))
    }

    /// Every constraint's constant, changed in place, gives what a solver built with that constant gives —
    /// or, when the change makes a required constraint impossible, is refused as that build is.
    @Test func setConstantMatchesAFreshSolve() throws {
        let (count, specs) = try buttonRowSpecs()
        let (original, v, ids) = try buildSolver(variableCount: count, specs)
        var refusals = 0
        for index in specs.indices {
            for newConstant in [-400.0, -150, -60, -25, 0, 17, 90, 310] {
                var incremental = original
                var changed = specs
                changed[index].expression.constant = newConstant
                let fresh = try? buildSolver(variableCount: count, changed)
                do {
                    try incremental.setConstant(newConstant, of: ids[index])
                } catch {
                    refusals += 1
                    #expect(fresh == nil, "refused constraint \(index) to \(newConstant), which a fresh build accepts")
                    for variable in v {
                        let value = incremental.value(of: variable)
                        #expect(value == original.value(of: variable), "unchanged after a refusal")
                    }
                    #expect(incremental.constant(of: ids[index]) == specs[index].expression.constant)
                    continue
                }
                guard let fresh else {
                    Issue.record("accepted constraint \(index) to \(newConstant), which a fresh build refuses")
                    continue
                }
                for variable in v {
                    #expect(
                        isClose(incremental.value(of: variable), fresh.solver.value(of: variable)),
                        "constraint \(index) to \(newConstant): \(variable)")
                }
                // And back again: the original solution.
                try incremental.setConstant(specs[index].expression.constant, of: ids[index])
                for variable in v {
                    #expect(isClose(incremental.value(of: variable), original.value(of: variable)))
                }
            }
        }
        #expect(refusals > 0, "some of these changes break a required constraint")
    }

    @Test func setConstantMovesTheLayout() throws {
        var solver = LayoutSolver()
        let (x, width) = try (solver.makeVariable(), solver.makeVariable())
        let right = try solver.makeVariable()
        try solver.add(Expression(x) - 16, .equal)
        let widthConstraint = try solver.add(Expression(width) - 100, .equal)
        try solver.add(Expression(right), .equal, Expression(x) + Expression(width))
        #expect(isClose(solver.value(of: right), 116))
        for newWidth in [0.0, 50, 375, 414, 1024] {
            try solver.setConstant(-newWidth, of: widthConstraint)
            #expect(isClose(solver.value(of: right), 16 + newWidth))
        }
    }

    @Test func removingAConstraintRestoresThePreviousSolution() throws {
        let (count, specs) = try buttonRowSpecs()
        var (solver, v, _) = try buildSolver(variableCount: count, specs)
        let before = v.map { solver.value(of: $0) }
        // A required width for b2, then a strong wish for b0: both move the layout.
        let narrow = try solver.add(Expression(v[7]) - 80, .equal)
        let wide = try solver.add(Expression(v[3]) - 100, .equal, priority: Priority(900))
        #expect(isClose(solver.value(of: v[7]), 80))
        #expect(isClose(solver.value(of: v[3]), 100))
        let removed = (solver.remove(narrow), solver.remove(wide))
        #expect(removed == (true, true))
        for (variable, value) in zip(v, before) {
            #expect(isClose(solver.value(of: variable), value), "\(variable)")
        }
        #expect(solver.constraintCount == specs.count)
    }

    /// Removing constraints in any order leaves what a fresh build of the rest gives.
    @Test(arguments: [0, 3, 7, 12])
    func removeMatchesAFreshSolveOfTheRest(seed: Int) throws {
        let (count, specs) = try buttonRowSpecs()
        var (solver, v, ids) = try buildSolver(variableCount: count, specs)
        var generator = SeededGenerator(seed: UInt64(seed))
        var remaining = Array(specs.indices)
        while remaining.count > specs.count / 2 {
            let position = Int.random(in: remaining.indices, using: &generator)
            solver.remove(ids[remaining.remove(at: position)])
            let fresh = try buildSolver(variableCount: count, remaining.map { specs[$0] }).solver
            for variable in v where !fresh.isAmbiguous(variable) {
                #expect(isClose(solver.value(of: variable), fresh.value(of: variable)), "\(variable)")
            }
        }
    }

    @Test func suggestedValuesMoveAVariableCheaply() throws {
        var solver = LayoutSolver()
        let (x, y) = try (solver.makeVariable(), solver.makeVariable())
        try solver.add(Expression(y), .equal, 2 * Expression(x))
        try solver.add(Expression(x) - 100, .lessThanOrEqual)
        let id = try solver.suggest(x, value: 10, priority: Priority(999))
        #expect(isClose(solver.value(of: y), 20))
        let again = try solver.suggest(x, value: 30, priority: Priority(999))
        #expect(again == id, "the same constraint, changed")
        #expect(isClose(solver.value(of: y), 60))
        try solver.suggest(x, value: 500, priority: Priority(999))
        #expect(isClose(solver.value(of: x), 100), "the required bound wins")
        try solver.suggest(x, value: 7, priority: Priority(10))
        #expect(isClose(solver.value(of: x), 7))
        let withdrawn = (solver.removeSuggestion(for: x), solver.removeSuggestion(for: x))
        #expect(withdrawn == (true, false))
        #expect(solver.constraintCount == 2)
    }

    /// The solver is a value: a copy goes its own way.
    @Test func copiesAreIndependent() throws {
        var solver = LayoutSolver()
        let x = try solver.makeVariable()
        let id = try solver.add(Expression(x) - 1, .equal)
        var copy = solver
        try copy.setConstant(-2, of: id)
        #expect(solver.value(of: x) == 1)
        #expect(copy.value(of: x) == 2)
    }
}
