import Testing
@testable import KeyboardLayoutSolver

@Suite struct AmbiguityTests {
    @Test func aVariableInNoConstraintIsAmbiguous() throws {
        var solver = LayoutSolver()
        let x = try solver.makeVariable()
        #expect(solver.isAmbiguous(x))
    }

    @Test func aPinnedVariableIsNot() throws {
        var solver = LayoutSolver()
        let (x, y) = try (solver.makeVariable(), solver.makeVariable())
        try solver.add(Expression(x) - 3, .equal)
        try solver.add(Expression(y) - 2 * Expression(x), .equal)
        #expect(!solver.isAmbiguous(x))
        #expect(!solver.isAmbiguous(y))
    }

    /// Two views share a width but nothing says how: each is ambiguous; their sum is not.
    @Test func anUnderConstrainedSplitIsAmbiguous() throws {
        var solver = LayoutSolver()
        let (a, b, total) = try (solver.makeVariable(), solver.makeVariable(), solver.makeVariable())
        try solver.add(Expression(total) - 300, .equal)
        try solver.add(Expression(a) + Expression(b) - Expression(total), .equal)
        try solver.add(Expression(a), .greaterThanOrEqual)
        try solver.add(Expression(b), .greaterThanOrEqual)
        #expect(solver.isAmbiguous(a))
        #expect(solver.isAmbiguous(b))
        #expect(!solver.isAmbiguous(total))
        // An optional wish settles it.
        try solver.add(Expression(a) - 100, .equal, priority: .defaultLow)
        #expect(!solver.isAmbiguous(a))
        #expect(!solver.isAmbiguous(b))
        #expect(isClose(solver.value(of: b), 200))
    }

    @Test func aLowerBoundAloneLeavesAVariableAmbiguous() throws {
        var solver = LayoutSolver()
        let x = try solver.makeVariable()
        try solver.add(Expression(x) - 10, .greaterThanOrEqual)
        #expect(solver.isAmbiguous(x))
        try solver.add(Expression(x) - 10, .lessThanOrEqual)
        #expect(!solver.isAmbiguous(x), "held from both sides at one point")
    }

    /// Equal-priority wishes that cancel out leave a range of equally good values.
    @Test func opposingWishesOfEqualWeightLeaveARange() throws {
        var solver = LayoutSolver()
        let x = try solver.makeVariable()
        try solver.add(Expression(x) - 10, .equal, priority: Priority(500))
        try solver.add(Expression(x) - 20, .equal, priority: Priority(500))
        #expect(solver.isAmbiguous(x))
        try solver.add(Expression(x) - 12, .equal, priority: Priority(400))
        #expect(!solver.isAmbiguous(x))
        #expect(isClose(solver.value(of: x), 12))
    }

    /// Degenerate corners: bounds that meet through other variables pin without a single tight row saying so.
    @Test func degenerateBoundsStillPin() throws {
        var solver = LayoutSolver()
        let (x, width) = try (solver.makeVariable(), solver.makeVariable())
        try solver.add(Expression(x), .greaterThanOrEqual)                           // x ≥ 0
        try solver.add(Expression(x) + Expression(width) - 100, .lessThanOrEqual)    // x + w ≤ 100
        try solver.add(Expression(width) - 100, .greaterThanOrEqual)                 // w ≥ 100
        #expect(!solver.isAmbiguous(x))
        #expect(!solver.isAmbiguous(width))
        #expect(isClose(solver.value(of: x), 0))
        #expect(isClose(solver.value(of: width), 100))
    }

    @Test func askingAboutManyAtOnceAgreesWithAskingOneByOne() throws {
        var solver = LayoutSolver()
        let v = try solver.makeVariables(6)
        try solver.add(Expression(v[0]) - 1, .equal)
        try solver.add(Expression(v[1]) + Expression(v[2]) - 10, .equal)
        try solver.add(Expression(v[3]), .greaterThanOrEqual)
        try solver.add(Expression(v[3]), .lessThanOrEqual)
        try solver.add(Expression(v[4]) - Expression(v[0]), .greaterThanOrEqual)
        try solver.add(Expression(v[4]) - 5, .equal, priority: .defaultLow)
        let oneByOne = v.filter { solver.isAmbiguous($0) }
        #expect(oneByOne == [v[1], v[2], v[5]])
        #expect(solver.ambiguousVariables(among: v) == oneByOne)
        #expect(solver.ambiguousVariables(among: v.reversed()) == oneByOne.reversed())
    }

    @Test func aForeignVariableIsAmbiguousAndReadsZero() throws {
        var other = LayoutSolver()
        _ = try other.makeVariable()
        let foreign = try other.makeVariable()
        try other.add(Expression(foreign) - 5, .equal)
        let solver = LayoutSolver()
        #expect(solver.isAmbiguous(foreign))
        #expect(solver.value(of: foreign) == 0)
        #expect(solver.name(of: foreign) == nil)
    }
}
