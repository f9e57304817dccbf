import Testing
@testable import KeyboardLayoutSolver

@Suite struct EqualityTests {
    typealias Expression = LayoutSolver.Expression

    @Test func solvesASimpleEquality() throws {
        var solver = LayoutSolver()
        let x = try solver.makeVariable(name: "x")
        try solver.add(Expression(x) - 10, .equal)
        #expect(solver.value(of: x) == 10)
    }
}
