import Testing
@testable import KeyboardLayoutSolver

@Suite struct InequalityTests {
    @Test func boundsPullAnOptionalWishToTheNearestEdge() throws {
        var solver = LayoutSolver()
        let x = try solver.makeVariable()
        try solver.add(Expression(x) - 10, .greaterThanOrEqual)   // x ≥ 10
        try solver.add(Expression(x) - 20, .lessThanOrEqual)      // x ≤ 20
        let wish = try solver.add(Expression(x) - 100, .equal, priority: .defaultHigh)
        #expect(isClose(solver.value(of: x), 20))
        try solver.setConstant(0, of: wish)       // x == 0 wished
        #expect(isClose(solver.value(of: x), 10))
        try solver.setConstant(-15, of: wish)     // x == 15 fits
        #expect(isClose(solver.value(of: x), 15))
    }

    @Test func aRequiredInequalityOverridesAnOptionalEquality() throws {
        var solver = LayoutSolver()
        let width = try solver.makeVariable()
        try solver.add(Expression(width) - 44, .equal, priority: .defaultHigh)
        try solver.add(Expression(width) - 30, .lessThanOrEqual)
        #expect(isClose(solver.value(of: width), 30))
    }

    /// A required inequality that the current solution violates but that can hold: it goes in through an
    /// artificial variable, and the solution moves to satisfy it.
    @Test func addsAViolatedButSatisfiableInequality() throws {
        var solver = LayoutSolver()
        let x = try solver.makeVariable()
        let y = try solver.makeVariable()
        try solver.add(Expression(x) - Expression(y) - 10, .greaterThanOrEqual)   // x ≥ y + 10
        try solver.add(Expression(y), .greaterThanOrEqual)                         // y ≥ 0
        try solver.add(Expression(x) - 50, .equal, priority: .defaultLow)
        try solver.add(Expression(y) - 45, .equal, priority: .defaultLow)
        // Now add x ≤ 30: rows over slacks only; the solution must move.
        try solver.add(Expression(x) - 30, .lessThanOrEqual)
        #expect(solver.value(of: x) <= 30 + 1e-9)
        #expect(solver.value(of: x) - solver.value(of: y) >= 10 - 1e-9)
        #expect(solver.value(of: y) >= -1e-9)
    }

    @Test func keepsAViewInsideItsContainer() throws {
        var solver = LayoutSolver()
        let (containerX, containerWidth, x, width) = try (
            solver.makeVariable(), solver.makeVariable(), solver.makeVariable(), solver.makeVariable()
        )
        try solver.add(Expression(containerX) - 20, .equal)
        try solver.add(Expression(containerWidth) - 100, .equal)
        try solver.add(Expression(x) - Expression(containerX), .greaterThanOrEqual)
        try solver.add(
            Expression(x) + Expression(width), .lessThanOrEqual, Expression(containerX) + Expression(containerWidth))
        try solver.add(Expression(width) - 500, .equal, priority: .defaultHigh)   // wants to be wider than fits
        try solver.add(Expression(x) - 200, .equal, priority: .defaultLow)       // and further right
        #expect(isClose(solver.value(of: width), 100))
        #expect(isClose(solver.value(of: x), 20))
    }

    @Test func greaterThanAndLessThanMeetAtAPoint() throws {
        var solver = LayoutSolver()
        let x = try solver.makeVariable()
        try solver.add(Expression(x) - 5, .greaterThanOrEqual)
        try solver.add(Expression(x) - 5, .lessThanOrEqual)
        #expect(isClose(solver.value(of: x), 5))
    }
}
