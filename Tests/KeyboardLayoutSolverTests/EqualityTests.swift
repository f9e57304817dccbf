import Testing
@testable import KeyboardLayoutSolver

@Suite struct EqualityTests {
    @Test func solvesASimpleEquality() throws {
        var solver = LayoutSolver()
        let x = try solver.makeVariable(name: "x")
        try solver.add(Expression(x) - 10, .equal)
        #expect(solver.value(of: x) == 10)
        #expect(solver.name(of: x) == "x")
        #expect(solver.constraintCount == 1)
    }

    @Test func solvesTwoEquationsInTwoUnknowns() throws {
        var solver = LayoutSolver()
        let x = try solver.makeVariable(name: "x")
        let y = try solver.makeVariable(name: "y")
        // x + y == 10, x - y == 4
        try solver.add(Expression(x) + Expression(y), .equal, Expression(constant: 10))
        try solver.add(Expression(x) - Expression(y) - 4, .equal)
        #expect(isClose(solver.value(of: x), 7))
        #expect(isClose(solver.value(of: y), 3))
    }

    @Test func chainsEqualitiesWithMultipliers() throws {
        var solver = LayoutSolver()
        let v = try solver.makeVariables(5)
        // v0 == 3; v(i+1) == 2·v(i) + 1 for a chain written before its anchor, so rows get rewritten.
        for i in 0..<4 {
            try solver.add(Expression(v[i + 1]), .equal, 2 * Expression(v[i]) + 1)
        }
        try solver.add(Expression(v[0]) - 3, .equal)
        let expected = [3.0, 7, 15, 31, 63]
        for i in 0..<5 {
            #expect(isClose(solver.value(of: v[i]), expected[i]), "v\(i)")
        }
        // A fractional multiplier the other way round: v0 == 0.25·v4 - 12.75 holds already (63/4 - 12.75 = 3).
        try solver.add(Expression(v[0]), .equal, 0.25 * Expression(v[4]) - 12.75)
        #expect(isClose(solver.value(of: v[4]), 63))
    }

    @Test func centersAViewWithHalfMultipliers() throws {
        var solver = LayoutSolver()
        let (outerX, outerWidth, innerX, innerWidth) = try (
            solver.makeVariable(), solver.makeVariable(), solver.makeVariable(), solver.makeVariable()
        )
        try solver.add(Expression(outerX) - 10, .equal)
        try solver.add(Expression(outerWidth) - 100, .equal)
        try solver.add(Expression(innerWidth) - 30, .equal)
        // inner.centerX == outer.centerX
        try solver.add(
            Expression(innerX) + 0.5 * Expression(innerWidth), .equal,
            Expression(outerX) + Expression(outerWidth, times: 0.5))
        #expect(isClose(solver.value(of: innerX), 45))
    }

    @Test func acceptsTheSameConstraintTwice() throws {
        var solver = LayoutSolver()
        let x = try solver.makeVariable()
        let first = try solver.add(Expression(x) - 10, .equal)
        let second = try solver.add(Expression(x) - 10, .equal)
        #expect(first != second)
        #expect(solver.value(of: x) == 10)
        let removedFirst = solver.remove(first)
        #expect(removedFirst)
        #expect(solver.value(of: x) == 10, "the copy still holds")
        let removedSecond = solver.remove(second)
        let removedAgain = solver.remove(second)
        #expect(removedSecond)
        #expect(!removedAgain, "already removed")
    }

    @Test func acceptsRedundantRequiredEqualities() throws {
        var solver = LayoutSolver()
        let x = try solver.makeVariable()
        let y = try solver.makeVariable()
        let sum = try solver.add(Expression(x) + Expression(y) - 10, .equal)
        let difference = try solver.add(Expression(x) - Expression(y), .equal)
        // Implied by the two above: 2x == 10, and x + 3y == 20.
        let doubled = try solver.add(2 * Expression(x) - 10, .equal)
        try solver.add(Expression(x) + 3 * Expression(y) - 20, .equal)
        #expect(isClose(solver.value(of: x), 5))
        #expect(isClose(solver.value(of: y), 5))
        // Remove the originals: what is left still pins both.
        solver.remove(sum)
        solver.remove(difference)
        #expect(isClose(solver.value(of: x), 5))
        #expect(isClose(solver.value(of: y), 5))
        solver.remove(doubled)
        #expect(isClose(solver.value(of: x) + 3 * solver.value(of: y), 20))
    }

    @Test func acceptsAnExpressionWithoutVariablesWhenItHolds() throws {
        var solver = LayoutSolver()
        try solver.add(Expression(constant: 0), .equal)
        try solver.add(Expression(constant: 5), .greaterThanOrEqual)
        try solver.add(Expression(constant: -5), .lessThanOrEqual)
        #expect(solver.constraintCount == 3)
    }

    @Test func addsRepeatedTermsAndDropsCancellingOnes() throws {
        var solver = LayoutSolver()
        let x = try solver.makeVariable()
        let y = try solver.makeVariable()
        // x + x + y - y == 8  →  x == 4
        let expression = Expression(terms: [.init(x), .init(x), .init(y), .init(y, -1)], constant: -8)
        try solver.add(expression, .equal)
        #expect(isClose(solver.value(of: x), 4))
        #expect(solver.value(of: y) == 0)
        #expect(solver.isAmbiguous(y))
    }

    @Test func describesExpressions() throws {
        var solver = LayoutSolver()
        let x = try solver.makeVariable()
        let y = try solver.makeVariable()
        #expect((2 * Expression(x) - Expression(y) + 8).description == "2.0·v0 - v1 + 8.0")
        #expect((-Expression(x) - 1).description == "-v0 - 1.0")
        #expect(Expression(constant: 3).description == "3.0")
    }
}
