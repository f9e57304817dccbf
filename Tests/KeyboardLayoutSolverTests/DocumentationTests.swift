import Testing
import KeyboardLayoutSolver

/// The examples in the documentation, as written there (only the public API: no `@testable`).
@Suite struct DocumentationTests {
    @Test func theTypeOverviewExample() throws {
        typealias Expression = LayoutSolver.Expression
        var solver = LayoutSolver()
        let x = try solver.makeVariable(name: "button.minX")
        let width = try solver.makeVariable(name: "button.width")
        try solver.add(Expression(x) - 8, .equal)                        // x == 8
        let wish = try solver.add(Expression(width) - 44, .equal, priority: .defaultHigh)
        try solver.add(Expression(width) - 30, .lessThanOrEqual)         // required: wins over the wish
        #expect(solver.value(of: width) == 30)
        try solver.setConstant(-20, of: wish)                            // width == 20 now fits
        #expect(solver.value(of: width) == 20)
        #expect(solver.value(of: x) == 8)
    }

    @Test func theExpressionExample() throws {
        typealias Expression = LayoutSolver.Expression
        var solver = LayoutSolver()
        let (minX, width, rowMinX, rowWidth) = try (
            solver.makeVariable(), solver.makeVariable(), solver.makeVariable(), solver.makeVariable()
        )
        let (labelX, labelWidth, x) = try (solver.makeVariable(), solver.makeVariable(), solver.makeVariable())
        // button.maxX == row.maxX - 3, as button.minX + button.width - row.minX - row.width + 3 == 0:
        let e = Expression(minX) + Expression(width) - Expression(rowMinX) - Expression(rowWidth) + 3
        // label.centerX == button.centerX, with the 0.5 multipliers of the centers:
        let c = Expression(labelX) + 0.5 * Expression(labelWidth) - Expression(x) - 0.5 * Expression(width)
        try solver.add(e, .equal)
        try solver.add(c, .equal)
        for (variable, value) in [(rowMinX, 0.0), (rowWidth, 100), (width, 40), (labelWidth, 10)] {
            try solver.add(Expression(variable) - value, .equal)
        }
        try solver.add(Expression(x), .equal, Expression(minX))
        #expect(solver.value(of: minX) == 57)
        #expect(solver.value(of: labelX) == 72)
    }
}
