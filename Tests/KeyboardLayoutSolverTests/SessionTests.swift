import Testing
@testable import KeyboardLayoutSolver

/// Long sessions on one solver, as a keyboard lives: rotations, constraints swapped in and out, and the
/// storage staying at the size of the largest layout rather than growing with the session.
@Suite struct SessionTests {
    @Test func removingEveryConstraintKeepsTheRestSatisfied() throws {
        var keyboard = try KeyboardFixture()
        let before = keyboard.solver.constraintCount
        // Constraint identifiers are handed out in order from slot 0; remove every third, then the rest.
        let ids = (0..<before).map { LayoutSolver.ConstraintID(slot: Int32($0), generation: 0) }
        for id in ids where id.slot % 3 == 0 {
            let removed = keyboard.solver.remove(id)
            #expect(removed)
        }
        // The root's width constraint (slot 2) is still there.
        #expect(isClose(keyboard.solver.value(of: keyboard.root.width), 375))
        for id in ids where id.slot % 3 != 0 {
            keyboard.solver.remove(id)
        }
        #expect(keyboard.solver.constraintCount == 0)
        #expect(keyboard.solver.tableau.rowCount == 0, "every row went with its constraint")
        for variable in keyboard.allVariables {
            #expect(keyboard.solver.value(of: variable) == 0)
        }
    }

    @Test func rebuildingInPlaceReusesStorage() throws {
        var keyboard = try KeyboardFixture()
        let symbols = keyboard.solver.tableau.kinds.count
        let slots = keyboard.solver.tableau.rows.count
        // Swap the labels' centering constraints out and back in, many times.
        for _ in 0..<20 {
            var ids: [LayoutSolver.ConstraintID] = []
            for (rowButtons, rowLabels) in zip(keyboard.buttons, keyboard.labels) {
                for (button, label) in zip(rowButtons, rowLabels) {
                    ids.append(try keyboard.solver.add(label.centerX, .equal, button.centerX, priority: Priority(900)))
                }
            }
            for id in ids { keyboard.solver.remove(id) }
        }
        #expect(keyboard.solver.tableau.kinds.count <= symbols + 2 * 31, "freed symbols are reused")
        #expect(keyboard.solver.tableau.rows.count <= slots + 31, "freed row slots are reused")
        let fresh = try KeyboardFixture()
        for variable in keyboard.allVariables {
            #expect(isClose(keyboard.solver.value(of: variable), fresh.solver.value(of: variable)))
        }
    }

    /// Rotating back and forth thousands of times: the same frames every time, nothing piles up.
    @Test func manyRotationsGiveTheSameFramesAndBoundedStorage() throws {
        var keyboard = try KeyboardFixture()
        let portrait = keyboard.allVariables.map { keyboard.solver.value(of: $0) }
        try keyboard.solver.setConstant(-667, of: keyboard.rootWidth)
        let landscape = keyboard.allVariables.map { keyboard.solver.value(of: $0) }
        try keyboard.solver.setConstant(-375, of: keyboard.rootWidth)
        let rowSlots = keyboard.solver.tableau.rows.count
        for round in 0..<400 {
            let wide = round % 2 == 0
            try keyboard.solver.setConstant(wide ? -667 : -375, of: keyboard.rootWidth)
            // Squeezing crosses the labels' optional constraints: dual pivots every time.
            if round % 50 == 0 {
                try keyboard.solver.setConstant(-100, of: keyboard.rootWidth)
                try keyboard.solver.setConstant(wide ? -667 : -375, of: keyboard.rootWidth)
            }
            let expected = wide ? landscape : portrait
            let values = keyboard.allVariables.map { keyboard.solver.value(of: $0) }
            #expect(zip(values, expected).allSatisfy { isClose($0, $1) }, "round \(round)")
        }
        #expect(keyboard.solver.tableau.rows.count == rowSlots)
        for variable in keyboard.allVariables {
            #expect(!keyboard.solver.isAmbiguous(variable))
        }
    }

    /// A conflict refused after the first change to a required equality (which starts listing the rows
    /// of every dummy, inside the transaction): the rollback leaves the solver working.
    @Test func aRefusedChangeRightAfterTheFirstEditLeavesTheSolverWorking() throws {
        var keyboard = try KeyboardFixture()
        let values = keyboard.allVariables.map { keyboard.solver.value(of: $0) }
        // A required floor under the root's height; the first edit, lowering the height through it, fails.
        let floor = try keyboard.solver.add(Expression(keyboard.root.height) - 200, .greaterThanOrEqual)
        #expect(throws: LayoutSolver.Error.unsatisfiable(keyboard.rootHeight, conflicting: [floor])) {
            try keyboard.solver.setConstant(-150, of: keyboard.rootHeight)
        }
        #expect(keyboard.allVariables.map { keyboard.solver.value(of: $0) } == values)
        try keyboard.solver.setConstant(-250, of: keyboard.rootHeight)
        #expect(isClose(keyboard.solver.value(of: keyboard.rows[0].height), (250 - 12 - 24) / 4))
        keyboard.solver.remove(floor)
        try keyboard.solver.setConstant(-150, of: keyboard.rootHeight)
        #expect(isClose(keyboard.solver.value(of: keyboard.rows[0].height), (150 - 12 - 24) / 4))
    }

    @Test func expressionsLongerThanTheirInlineStorageWork() throws {
        var solver = LayoutSolver()
        let v = try solver.makeVariables(7)
        // v0 + ... + v6 == 70 with v1...v6 pinned to 1...6.
        var sum = Expression(constant: -70)
        for variable in v { sum = sum + Expression(variable) }
        #expect(sum.terms.count == 7)
        try solver.add(sum, .equal)
        for index in 1..<7 {
            try solver.add(Expression(v[index]) - Double(index), .equal)
        }
        #expect(isClose(solver.value(of: v[0]), 70 - 21))
        var edited = sum
        edited.terms[6].coefficient = 2
        #expect(edited.terms[6].coefficient == 2)
        #expect(sum.terms[6].coefficient == 1, "expressions are values")
    }
}
