import Testing
@testable import KeyboardLayoutSolver

@Suite struct ConflictTests {
    /// The conflicting constraints of an error, or `nil` if it is another error.
    private func conflicts(of error: LayoutSolver.Error) -> (LayoutSolver.ConstraintID?, [LayoutSolver.ConstraintID])? {
        guard case .unsatisfiable(let id, let conflicting) = error else { return nil }
        return (id, conflicting)
    }

    @Test func aConflictingEqualityNamesTheEqualityItContradicts() throws {
        var solver = LayoutSolver()
        let (x, y) = try (solver.makeVariable(), solver.makeVariable())
        let pinned = try solver.add(Expression(x) - 10, .equal)
        try solver.add(Expression(y) - 20, .equal)                        // unrelated
        try solver.add(Expression(y) - Expression(x), .greaterThanOrEqual)   // related, but not to blame
        let error = #expect(throws: LayoutSolver.Error.self) {
            try solver.add(Expression(x) - 20, .equal)
        }
        let (id, conflicting) = try #require(error.flatMap(conflicts))
        #expect(id == nil)
        #expect(conflicting == [pinned])
    }

    @Test func aConflictThroughAChainNamesTheChain() throws {
        var solver = LayoutSolver()
        let v = try solver.makeVariables(4)
        let anchor = try solver.add(Expression(v[0]), .equal)                                  // v0 == 0
        let link = try solver.add(Expression(v[1]) - Expression(v[0]) - 10, .equal)           // v1 == v0 + 10
        try solver.add(Expression(v[2]) - 5, .equal)                                          // unrelated
        try solver.add(Expression(v[3]) - Expression(v[2]), .lessThanOrEqual)                 // unrelated
        try solver.add(Expression(v[1]) - 3, .equal, priority: Priority(999))                 // optional: never blamed
        let error = #expect(throws: LayoutSolver.Error.self) {
            try solver.add(Expression(v[1]) - 5, .lessThanOrEqual)                            // v1 ≤ 5
        }
        let (_, conflicting) = try #require(error.flatMap(conflicts))
        #expect(conflicting == [anchor, link])
    }

    @Test func aConflictBetweenInequalitiesIsFoundThroughThePhaseOneObjective() throws {
        var solver = LayoutSolver()
        let (x, width, containerWidth) = try (solver.makeVariable(), solver.makeVariable(), solver.makeVariable())
        let container = try solver.add(Expression(containerWidth) - 100, .equal)
        let left = try solver.add(Expression(x) - 10, .greaterThanOrEqual)
        let right = try solver.add(Expression(x) + Expression(width) - Expression(containerWidth), .lessThanOrEqual)
        try solver.add(Expression(width) - 20, .equal, priority: .defaultHigh)
        let error = #expect(throws: LayoutSolver.Error.self) {
            try solver.add(Expression(width) - 95, .greaterThanOrEqual)                   // cannot fit
        }
        let (_, conflicting) = try #require(error.flatMap(conflicts))
        #expect(Set(conflicting) == [container, left, right])
    }

    @Test func aConstraintImpossibleOnItsOwnHasNoOtherCulprits() throws {
        var solver = LayoutSolver()
        let x = try solver.makeVariable()
        try solver.add(Expression(x) - 1, .equal)
        #expect(throws: LayoutSolver.Error.unsatisfiable(nil, conflicting: [])) {
            try solver.add(Expression(constant: 5), .equal)
        }
        #expect(throws: LayoutSolver.Error.unsatisfiable(nil, conflicting: [])) {
            try solver.add(Expression(constant: -5), .greaterThanOrEqual)
        }
    }

    /// After a refused constraint the solver is exactly as before, and goes on working.
    @Test func aRefusedConstraintLeavesTheSolverUnchangedAndUsable() throws {
        let (count, specs) = try buttonRowSpecs()
        var (solver, v, ids) = try buildSolver(variableCount: count, specs)
        let before = v.map { solver.value(of: $0) }
        // b0 wider than the container can hold next to b1 and b2 at their minimum... of the required kind:
        // widths are capped at 120 each (required), so 3·120 + 16 = 376 > 300 cannot be asked of all.
        for width in [v[3], v[5], v[7]] {
            if width != v[7] {
                try solver.add(Expression(width) - 120, .equal)
            } else {
                #expect(throws: LayoutSolver.Error.self) { try solver.add(Expression(width) - 120, .equal) }
            }
        }
        #expect(solver.constraintCount == specs.count + 2)
        // Undo the two accepted ones; the solution is the original one, bit for bit where it was determined.
        let (extraA, extraB) = (LayoutSolver.ConstraintID(slot: Int32(specs.count), generation: 0),
                                LayoutSolver.ConstraintID(slot: Int32(specs.count + 1), generation: 0))
        let removed = (solver.remove(extraA), solver.remove(extraB))
        #expect(removed == (true, true))
        for (variable, value) in zip(v, before) {
            #expect(isClose(solver.value(of: variable), value))
        }
        // Refused outright: the values do not move at all, and everything still works afterwards.
        let snapshot = v.map { solver.value(of: $0) }
        #expect(throws: LayoutSolver.Error.self) { try solver.add(Expression(v[1]) - 500, .equal) }
        #expect(v.map { solver.value(of: $0) } == snapshot)
        #expect(solver.constraintCount == specs.count)
        try solver.setConstant(-250, of: ids[1])            // container width 250
        #expect(isClose(solver.value(of: v[7]) + solver.value(of: v[6]), 260))
        let later = try solver.add(Expression(v[7]) - 100, .equal)
        #expect(isClose(solver.value(of: v[7]), 100))
        #expect(!ids.contains(later))
    }

    @Test func aRefusedConstantLeavesTheConstraintAsItWas() throws {
        var solver = LayoutSolver()
        let x = try solver.makeVariable()
        let floor = try solver.add(Expression(x) - 10, .greaterThanOrEqual)      // x ≥ 10
        let ceiling = try solver.add(Expression(x) - 20, .lessThanOrEqual)       // x ≤ 20
        try solver.add(Expression(x) - 15, .equal, priority: .defaultLow)
        #expect(isClose(solver.value(of: x), 15))
        #expect(throws: LayoutSolver.Error.unsatisfiable(ceiling, conflicting: [floor])) {
            try solver.setConstant(-5, of: ceiling)                                // x ≤ 5
        }
        #expect(solver.constant(of: ceiling) == -20)
        #expect(solver.value(of: x) == 15)
        try solver.setConstant(-12, of: ceiling)
        #expect(isClose(solver.value(of: x), 12))
    }

    @Test func aRefusedRequiredEqualityConstantNamesTheOtherEquality() throws {
        var solver = LayoutSolver()
        let (x, y) = try (solver.makeVariable(), solver.makeVariable())
        let sum = try solver.add(Expression(x) + Expression(y) - 10, .equal)
        let difference = try solver.add(Expression(x) - Expression(y), .equal)
        let redundant = try solver.add(Expression(x) - 5, .equal)
        try solver.add(Expression(y) - 1, .equal, priority: Priority(10))
        let error = #expect(throws: LayoutSolver.Error.self) { try solver.setConstant(-6, of: redundant) }
        let (id, conflicting) = try #require(error.flatMap(conflicts))
        #expect(id == redundant)
        #expect(Set(conflicting) == [sum, difference])
        #expect(solver.value(of: x) == 5)
    }

    @Test func optionalConstraintsNeverConflict() throws {
        var solver = LayoutSolver()
        let x = try solver.makeVariable()
        try solver.add(Expression(x) - 10, .equal)
        for priority in [1, 250, 500, 999] as [Float] {
            let id = try solver.add(Expression(x) + 10, .equal, priority: Priority(priority))
            try solver.setConstant(1e6, of: id)
        }
        #expect(solver.value(of: x) == 10)
    }

    @Test func becomingRequiredCanBeRefused() throws {
        var solver = LayoutSolver()
        let x = try solver.makeVariable()
        let fixed = try solver.add(Expression(x) - 10, .equal)
        let wish = try solver.add(Expression(x) - 20, .equal, priority: Priority(500))
        #expect(throws: LayoutSolver.Error.unsatisfiable(wish, conflicting: [fixed])) {
            try solver.setPriority(.required, of: wish)
        }
        #expect(solver.priority(of: wish) == Priority(500))
        #expect(solver.contains(wish))
        solver.remove(fixed)
        #expect(isClose(solver.value(of: x), 20), "the wish is still there, at its old priority")
    }

    @Test func describesTheConflictForTheLog() {
        let a = LayoutSolver.ConstraintID(slot: 1, generation: 0)
        let b = LayoutSolver.ConstraintID(slot: 4, generation: 2)
        let text = LayoutSolver.Error.unsatisfiable(nil, conflicting: [a, b]).description
        #expect(text == "Unable to simultaneously satisfy constraints: the new constraint conflicts with c1, c4.2")
    }
}
