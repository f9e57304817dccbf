import Testing
@testable import KeyboardLayoutSolver

@Suite struct PriorityTests {
    /// Strict hierarchy: one constraint at 999 beats any amount of error at 998, however large.
    @Test(arguments: [1.0, 1_000.0, 1_000_000.0])
    func aHigherPriorityDominatesRegardlessOfMagnitude(distance: Double) throws {
        var solver = LayoutSolver()
        let x = try solver.makeVariable()
        try solver.add(Expression(x), .equal, priority: Priority(999))
        // Fifty constraints at 998 all pulling the other way, each a large error if x stays at 0.
        for _ in 0..<50 {
            try solver.add(Expression(x) - distance, .equal, priority: Priority(998))
        }
        try solver.add(100 * Expression(x) - 100 * distance, .equal, priority: Priority(998))
        #expect(isClose(solver.value(of: x), 0))
    }

    /// The order constraints arrive in does not change who wins.
    @Test func dominanceDoesNotDependOnInsertionOrder() throws {
        var solver = LayoutSolver()
        let x = try solver.makeVariable()
        try solver.add(Expression(x) - 1_000_000, .equal, priority: Priority(998))
        try solver.add(Expression(x) + 1_000_000, .equal, priority: Priority(1))
        try solver.add(Expression(x) - 7, .equal, priority: Priority(999))
        #expect(isClose(solver.value(of: x), 7))
    }

    /// Content hugging, UIKit style: of two labels sharing a row, the one with the lower hugging priority
    /// (250 against 251) stretches to take the slack.
    @Test func theLowerHuggingPriorityStretches() throws {
        var solver = LayoutSolver()
        let (a, b) = try (solver.makeVariable(name: "a.width"), solver.makeVariable(name: "b.width"))
        try solver.add(Expression(a) + Expression(b) - 300, .equal)                    // they fill 300
        // Intrinsic widths: compression resistance 750 (not smaller), hugging (not larger).
        try solver.add(Expression(a) - 50, .greaterThanOrEqual, priority: .defaultHigh)
        try solver.add(Expression(b) - 80, .greaterThanOrEqual, priority: .defaultHigh)
        try solver.add(Expression(a) - 50, .lessThanOrEqual, priority: Priority(251))
        try solver.add(Expression(b) - 80, .lessThanOrEqual, priority: .defaultLow)
        #expect(isClose(solver.value(of: a), 50))
        #expect(isClose(solver.value(of: b), 250))

        // Swap the hugging priorities: now a stretches.
        var swapped = LayoutSolver()
        let (c, d) = try (swapped.makeVariable(), swapped.makeVariable())
        try swapped.add(Expression(c) + Expression(d) - 300, .equal)
        try swapped.add(Expression(c) - 50, .greaterThanOrEqual, priority: .defaultHigh)
        try swapped.add(Expression(d) - 80, .greaterThanOrEqual, priority: .defaultHigh)
        try swapped.add(Expression(c) - 50, .lessThanOrEqual, priority: .defaultLow)
        try swapped.add(Expression(d) - 80, .lessThanOrEqual, priority: Priority(251))
        #expect(isClose(swapped.value(of: c), 220))
        #expect(isClose(swapped.value(of: d), 80))
    }

    /// With too little room for both, the higher compression resistance keeps its size and the other gives.
    @Test func theHigherCompressionResistanceKeepsItsSize() throws {
        var solver = LayoutSolver()
        let (a, b) = try (solver.makeVariable(), solver.makeVariable())
        try solver.add(Expression(a) + Expression(b) - 100, .equal)
        try solver.add(Expression(a) - 70, .greaterThanOrEqual, priority: Priority(750))
        try solver.add(Expression(b) - 70, .greaterThanOrEqual, priority: Priority(749))
        #expect(isClose(solver.value(of: a), 70))
        #expect(isClose(solver.value(of: b), 30))
    }

    /// Within one priority, errors add up, each point weighing the same: two constraints wanting 10
    /// outvote one wanting 20, and a constraint written with coefficient 3 counts its error three times.
    @Test func equalPrioritiesTradeOffBySummedError() throws {
        var solver = LayoutSolver()
        let x = try solver.makeVariable()
        try solver.add(Expression(x) - 10, .equal, priority: Priority(500))
        try solver.add(Expression(x) - 10, .equal, priority: Priority(500))
        try solver.add(Expression(x) - 20, .equal, priority: Priority(500))
        #expect(isClose(solver.value(of: x), 10))

        var weighted = LayoutSolver()
        let y = try weighted.makeVariable()
        try weighted.add(3 * Expression(y) - 60, .equal, priority: Priority(500))   // |3y - 60| = 3|y - 20|
        try weighted.add(Expression(y) - 10, .equal, priority: Priority(500))
        try weighted.add(Expression(y) - 10, .equal, priority: Priority(500))
        #expect(isClose(weighted.value(of: y), 20))
    }

    /// Lower priorities still count once higher ones are satisfied (or can do no better).
    @Test func lowerPrioritiesDecideWhatHigherOnesLeaveOpen() throws {
        var solver = LayoutSolver()
        let x = try solver.makeVariable()
        try solver.add(Expression(x) - 10, .greaterThanOrEqual, priority: Priority(900))
        try solver.add(Expression(x) - 30, .lessThanOrEqual, priority: Priority(900))
        try solver.add(Expression(x) - 25, .equal, priority: Priority(100))
        #expect(isClose(solver.value(of: x), 25))
        try solver.add(Expression(x) - 12, .equal, priority: Priority(101))
        #expect(isClose(solver.value(of: x), 12))
    }

    @Test func changingAPriorityReordersTheHierarchy() throws {
        var solver = LayoutSolver()
        let x = try solver.makeVariable()
        let low = try solver.add(Expression(x) - 10, .equal, priority: Priority(300))
        try solver.add(Expression(x) - 20, .equal, priority: Priority(500))
        #expect(isClose(solver.value(of: x), 20))
        try solver.setPriority(Priority(700), of: low)
        #expect(isClose(solver.value(of: x), 10))
        #expect(solver.priority(of: low) == Priority(700))
        try solver.setPriority(.required, of: low)
        #expect(isClose(solver.value(of: x), 10))
        try solver.setPriority(Priority(1), of: low)
        #expect(isClose(solver.value(of: x), 20))
    }

    @Test func prioritiesAreClampedToUIKitsScale() {
        #expect(Priority(0).rawValue == 1)
        #expect(Priority(5000).rawValue == 1000)
        #expect(Priority(.nan).rawValue == 1)
        #expect(Priority(1000).isRequired)
        #expect(!Priority(999.5).isRequired)
        #expect(Priority.defaultLow < Priority.defaultHigh)
    }

    /// Priorities between integers are levels of their own.
    @Test func fractionalPrioritiesAreDistinctLevels() throws {
        var solver = LayoutSolver()
        let x = try solver.makeVariable()
        try solver.add(Expression(x) - 1, .equal, priority: Priority(500.5))
        try solver.add(Expression(x) - 2, .equal, priority: Priority(500))
        try solver.add(Expression(x) - 2, .equal, priority: Priority(500))
        #expect(isClose(solver.value(of: x), 1))
    }
}
