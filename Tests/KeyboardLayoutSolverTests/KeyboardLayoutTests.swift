import Testing
@testable import KeyboardLayoutSolver

/// The solver on the layout it is for: a keyboard of stack views.
@Suite struct KeyboardLayoutTests {
    @Test func theKeyboardHasTheExpectedSize() throws {
        let keyboard = try KeyboardFixture()
        #expect(keyboard.allVariables.count == 272)
        #expect((550...650).contains(keyboard.solver.constraintCount), "\(keyboard.solver.constraintCount)")
    }

    @Test func framesAreWhereUIStackViewPutsThem() throws {
        let keyboard = try KeyboardFixture()
        let solver = keyboard.solver
        // 375 - 3 - 3 = 369 wide; 216 - 8 - 4 = 204 high, four rows and three gaps of 8: 45 each.
        #expect(isClose(solver.value(of: keyboard.stack.width), 369))
        for (index, row) in keyboard.rows.enumerated() {
            #expect(isClose(solver.value(of: row.height), 45))
            #expect(isClose(solver.value(of: row.y), 8 + Double(index) * 53))
        }
        // Top row: ten keys, nine gaps of 6: (369 - 54) / 10 = 31.5.
        for (index, key) in keyboard.buttons[0].enumerated() {
            #expect(isClose(solver.value(of: key.width), 31.5))
            #expect(isClose(solver.value(of: key.x), 3 + Double(index) * 37.5))
        }
        // Bottom row: 123, space, return at 1 : 3.5 : 1.5 of (369 - 12) → 59.5, 208.25, 89.25.
        let bottom = keyboard.buttons[3].map { solver.value(of: $0.width) }
        #expect(zip(bottom, [59.5, 208.25, 89.25]).allSatisfy { isClose($0, $1) })
        // Labels are centered at their intrinsic size.
        let key = keyboard.buttons[1][4]
        let label = keyboard.labels[1][4]
        #expect(isClose(solver.value(of: label.width), 12))
        #expect(isClose(solver.value(of: label.height), 20))
        #expect(isClose(solver.value(of: label.x), solver.value(of: key.x) + (solver.value(of: key.width) - 12) / 2))
        #expect(isClose(solver.value(of: label.y), solver.value(of: key.y) + 12.5))
    }

    @Test func noFrameIsAmbiguous() throws {
        var keyboard = try KeyboardFixture()
        for variable in keyboard.allVariables {
            #expect(!keyboard.solver.isAmbiguous(variable), "\(keyboard.solver.name(of: variable) ?? "?")")
        }
        // Squeezed (the labels' size wishes give way: a degenerate corner) and back.
        try keyboard.solver.setConstant(-100, of: keyboard.rootWidth)
        #expect(keyboard.solver.ambiguousVariables(among: keyboard.allVariables).isEmpty)
        try keyboard.solver.setConstant(-375, of: keyboard.rootWidth)
        #expect(keyboard.solver.ambiguousVariables(among: keyboard.allVariables).isEmpty)
    }

    /// Without its horizontal centering a label may sit anywhere between its button's edges: its x is
    /// ambiguous, its width (held by its intrinsic size) is not, and nothing else is affected.
    @Test func aLabelWithoutItsCenteringIsAmbiguous() throws {
        var keyboard = try KeyboardFixture()
        keyboard.solver.remove(keyboard.labelCenterings[1][2])
        let label = keyboard.labels[1][2]
        #expect(keyboard.solver.ambiguousVariables(among: keyboard.allVariables) == [label.x])
        #expect(!keyboard.solver.isAmbiguous(label.width))
        let key = keyboard.buttons[1][2]
        let x = keyboard.solver.value(of: label.x)
        #expect(x >= keyboard.solver.value(of: key.x) - 1e-9)
        #expect(x + 12 <= keyboard.solver.value(of: key.x) + keyboard.solver.value(of: key.width) + 1e-9)
    }

    /// Rotating to landscape is one constant: the same frames as a keyboard built at that width.
    @Test(arguments: [320.0, 414.0, 667.0, 1024.0])
    func changingTheWidthMatchesAFreshLayout(width: Double) throws {
        var keyboard = try KeyboardFixture()
        try keyboard.solver.setConstant(-width, of: keyboard.rootWidth)
        try keyboard.solver.setConstant(-162, of: keyboard.rootHeight)
        let fresh = try KeyboardFixture(width: width, height: 162)
        for variable in keyboard.allVariables {
            #expect(isClose(keyboard.solver.value(of: variable), fresh.solver.value(of: variable)))
        }
    }

    /// Too narrow for the keys' labels: the required containment of the labels holds, and the 750
    /// compression resistance gives (the label is squeezed), as in UIKit.
    @Test func aNarrowKeyboardSqueezesTheLabels() throws {
        var keyboard = try KeyboardFixture()
        try keyboard.solver.setConstant(-100, of: keyboard.rootWidth)
        let solver = keyboard.solver
        let key = keyboard.buttons[0][0]
        let label = keyboard.labels[0][0]
        // (94 - 54) / 10 = 4 points per key; the label fits inside.
        #expect(isClose(solver.value(of: key.width), 4))
        #expect(isClose(solver.value(of: label.width), 4))
    }
}
