import Testing
@testable import KeyboardLayoutSolver

@Suite struct RobustnessTests {
    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteNumbersAreRefused(number: Double) throws {
        var solver = LayoutSolver()
        let x = try solver.makeVariable()
        let id = try solver.add(Expression(x) - 1, .equal)
        #expect(throws: LayoutSolver.Error.self) { try solver.add(Expression(x) + number, .equal) }
        #expect(throws: LayoutSolver.Error.self) { try solver.add(Expression(x, times: number), .lessThanOrEqual) }
        #expect(throws: LayoutSolver.Error.self) { try solver.setConstant(number, of: id) }
        #expect(throws: LayoutSolver.Error.self) { try solver.suggest(x, value: number, priority: .defaultLow) }
        #expect(solver.value(of: x) == 1)
        #expect(solver.constraintCount == 1)
    }

    @Test func unknownHandlesAreRefused() throws {
        var other = LayoutSolver()
        _ = try other.makeVariables(3)
        let foreign = try other.makeVariable()
        var solver = LayoutSolver()
        let x = try solver.makeVariable()
        #expect(throws: LayoutSolver.Error.unknownVariable(foreign)) { try solver.add(Expression(foreign), .equal) }
        let id = try solver.add(Expression(x), .equal)
        solver.remove(id)
        #expect(throws: LayoutSolver.Error.unknownConstraint(id)) { try solver.setConstant(1, of: id) }
        #expect(throws: LayoutSolver.Error.unknownConstraint(id)) { try solver.setPriority(.defaultLow, of: id) }
        let reused = try solver.add(Expression(x) - 2, .equal)
        #expect(reused != id, "a removed identifier is not handed out again")
        #expect(!solver.contains(id))
        #expect(solver.constant(of: id) == nil)
    }

    @Test func theLimitsAreDocumentedAndEnforced() throws {
        #expect(LayoutSolver.maximumVariableCount == 100_000)
        #expect(LayoutSolver.maximumConstraintCount == 100_000)
        #expect(LayoutSolver(maximumVariableCount: 1 << 40, maximumConstraintCount: 1 << 40).variableLimit == 100_000)

        var solver = LayoutSolver(maximumVariableCount: 3, maximumConstraintCount: 5)
        let v = try solver.makeVariables(3)
        #expect(throws: LayoutSolver.Error.tooManyVariables(limit: 3)) { try solver.makeVariable() }
        var ids: [LayoutSolver.ConstraintID] = []
        for i in 0..<5 {
            ids.append(try solver.add(Expression(v[i % 3]) - Double(i), .greaterThanOrEqual))
        }
        #expect(throws: LayoutSolver.Error.tooManyConstraints(limit: 5)) { try solver.add(Expression(v[0]), .equal) }
        solver.remove(ids[0])
        try solver.add(Expression(v[0]) - 10, .equal)
        #expect(solver.constraintCount == 5)
    }

    /// A long chain of views — 3 000 constraints, far more than a keyboard — solves and stays correct.
    @Test func aLargeLayoutTerminates() throws {
        var solver = LayoutSolver()
        let count = 1_000
        var previousRight: Variable?
        var rights: [Variable] = []
        for index in 0..<count {
            let (x, width) = try (solver.makeVariable(name: "x\(index)"), solver.makeVariable(name: "w\(index)"))
            let right = try solver.makeVariable(name: "r\(index)")
            try solver.add(Expression(right), .equal, Expression(x) + Expression(width))
            try solver.add(Expression(width) - 10, .greaterThanOrEqual)
            if let previousRight {
                try solver.add(Expression(x), .equal, Expression(previousRight) + 2)
            } else {
                try solver.add(Expression(x), .equal)
            }
            try solver.add(Expression(width) - Double(index % 7), .equal, priority: .defaultLow)
            previousRight = right
            rights.append(right)
        }
        #expect(solver.constraintCount == 4 * count)
        #expect(isClose(solver.value(of: rights[count - 1]), Double(count) * 12 - 2))
        try solver.add(Expression(rights[count - 1]) - 20_000, .equal)
        #expect(isClose(solver.value(of: rights[count - 1]), 20_000))
    }

    /// Extreme but finite numbers: no trap and no hang, whatever comes out.
    @Test func extremeMagnitudesNeitherTrapNorHang() throws {
        var solver = LayoutSolver()
        let v = try solver.makeVariables(4)
        let numbers: [Double] = [1e300, -1e300, 1e-300, 1e-9, .greatestFiniteMagnitude, 3, -7]
        var generator = SeededGenerator(seed: 99)
        for _ in 0..<200 {
            var expression = Expression(constant: numbers.randomElement(using: &generator) ?? 0)
            for variable in v where Bool.random(using: &generator) {
                expression = expression + Expression(variable, times: numbers.randomElement(using: &generator) ?? 1)
            }
            let relations: [LayoutSolver.Relation] = [.equal, .lessThanOrEqual, .greaterThanOrEqual]
            let relation = relations.randomElement(using: &generator) ?? .equal
            let optional = Priority(Float.random(in: 1...999, using: &generator))
            let priority = Bool.random(using: &generator) ? Priority.required : optional
            _ = try? solver.add(expression, relation, priority: priority)
        }
        for variable in v {
            _ = solver.value(of: variable)
            _ = solver.isAmbiguous(variable)
        }
    }

    /// UIKit code writes "no larger than anything" with the largest finite CGFloat; that must still work.
    @Test func theLargestFiniteConstantIsABound() throws {
        var solver = LayoutSolver()
        let width = try solver.makeVariable()
        try solver.add(Expression(width) - .greatestFiniteMagnitude, .lessThanOrEqual)
        try solver.add(Expression(width) - 50, .equal, priority: .defaultLow)
        #expect(solver.value(of: width) == 50)
    }
}
