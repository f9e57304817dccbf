@testable import KeyboardLayoutSolver

/// A view's frame as four variables.
struct FrameVariables {
    var x, y, width, height: Variable

    init(_ solver: inout LayoutSolver, _ name: String) throws(LayoutSolver.Error) {
        x = try solver.makeVariable(name: "\(name).minX")
        y = try solver.makeVariable(name: "\(name).minY")
        width = try solver.makeVariable(name: "\(name).width")
        height = try solver.makeVariable(name: "\(name).height")
    }

    var maxX: Expression { Expression(x) + Expression(width) }
    var maxY: Expression { Expression(y) + Expression(height) }
    var centerX: Expression { Expression(x) + 0.5 * Expression(width) }
    var centerY: Expression { Expression(y) + 0.5 * Expression(height) }
}

/// A keyboard as UIKit lays one out: 31 buttons (10, 9, 9, 3) in four horizontal stack views inside a
/// vertical stack view pinned into the input view, each button holding a centered label. The constraints
/// are those UIStackView (fill distribution, spacing, alignment fill), the anchors and the intrinsic
/// content sizes (hugging 250, compression resistance 750) would install: about 600 over 272 variables.
struct KeyboardFixture {
    static let rowLengths = [10, 9, 9, 3]
    /// Width multipliers relative to each row's first letter key (shift and delete 1.3; 123, space and
    /// return 1, 3.5 and 1.5).
    static let multipliers: [[Double]] = [
        Array(repeating: 1, count: 10), Array(repeating: 1, count: 9),
        [1.3] + Array(repeating: 1, count: 7) + [1.3], [1, 3.5, 1.5],
    ]

    var solver = LayoutSolver()
    var root: FrameVariables
    var stack: FrameVariables
    var rows: [FrameVariables] = []
    var buttons: [[FrameVariables]] = []
    var labels: [[FrameVariables]] = []
    /// Each label's `centerX == button.centerX`, by row and key.
    var labelCenterings: [[LayoutSolver.ConstraintID]] = []
    var rootWidth: LayoutSolver.ConstraintID
    var rootHeight: LayoutSolver.ConstraintID

    init(width: Double = 375, height: Double = 216) throws(LayoutSolver.Error) {
        root = try FrameVariables(&solver, "input")
        stack = try FrameVariables(&solver, "stack")
        try solver.add(Expression(root.x), .equal)
        try solver.add(Expression(root.y), .equal)
        rootWidth = try solver.add(Expression(root.width) - width, .equal)
        rootHeight = try solver.add(Expression(root.height) - height, .equal)
        // The vertical stack, pinned with insets 3 / 8 / 3 / 4.
        try solver.add(Expression(stack.x), .equal, Expression(root.x) + 3)
        try solver.add(Expression(stack.y), .equal, Expression(root.y) + 8)
        try solver.add(stack.maxX, .equal, root.maxX - 3)
        try solver.add(stack.maxY, .equal, root.maxY - 4)
        for (rowIndex, length) in Self.rowLengths.enumerated() {
            let row = try FrameVariables(&solver, "row\(rowIndex)")
            // Vertical stack: fill equally, spacing 8, alignment fill.
            if let previous = rows.last {
                try solver.add(Expression(row.y), .equal, previous.maxY + 8)
                try solver.add(Expression(row.height), .equal, Expression(rows[0].height))
            } else {
                try solver.add(Expression(row.y), .equal, Expression(stack.y))
            }
            try solver.add(Expression(row.x), .equal, Expression(stack.x))
            try solver.add(Expression(row.width), .equal, Expression(stack.width))
            rows.append(row)
            var rowButtons: [FrameVariables] = []
            var rowLabels: [FrameVariables] = []
            var rowCenterings: [LayoutSolver.ConstraintID] = []
            for index in 0..<length {
                let button = try FrameVariables(&solver, "key\(rowIndex).\(index)")
                let label = try FrameVariables(&solver, "label\(rowIndex).\(index)")
                // Horizontal stack: spacing 6, proportional widths, alignment fill.
                if let previous = rowButtons.last {
                    try solver.add(Expression(button.x), .equal, previous.maxX + 6)
                    let multiplier = Self.multipliers[rowIndex][index]
                    try solver.add(Expression(button.width), .equal, multiplier * Expression(rowButtons[0].width))
                } else {
                    try solver.add(Expression(button.x), .equal, Expression(row.x))
                }
                try solver.add(Expression(button.y), .equal, Expression(row.y))
                try solver.add(Expression(button.height), .equal, Expression(row.height))
                // The button's intrinsic size (hugging 250, compression resistance 750).
                try solver.add(Expression(button.width) - 20, .greaterThanOrEqual, priority: .defaultHigh)
                try solver.add(Expression(button.width) - 20, .lessThanOrEqual, priority: .defaultLow)
                try solver.add(Expression(button.height) - 30, .greaterThanOrEqual, priority: .defaultHigh)
                try solver.add(Expression(button.height) - 30, .lessThanOrEqual, priority: .defaultLow)
                // The title label: centered, inside the button, at its intrinsic size.
                rowCenterings.append(try solver.add(label.centerX, .equal, button.centerX))
                try solver.add(label.centerY, .equal, button.centerY)
                try solver.add(Expression(label.x), .greaterThanOrEqual, Expression(button.x))
                try solver.add(Expression(label.y), .greaterThanOrEqual, Expression(button.y))
                try solver.add(label.maxX, .lessThanOrEqual, button.maxX)
                try solver.add(label.maxY, .lessThanOrEqual, button.maxY)
                try solver.add(Expression(label.width) - 12, .greaterThanOrEqual, priority: .defaultHigh)
                try solver.add(Expression(label.width) - 12, .lessThanOrEqual, priority: .defaultLow)
                try solver.add(Expression(label.height) - 20, .greaterThanOrEqual, priority: .defaultHigh)
                try solver.add(Expression(label.height) - 20, .lessThanOrEqual, priority: .defaultLow)
                rowButtons.append(button)
                rowLabels.append(label)
            }
            if let last = rowButtons.last {
                try solver.add(last.maxX, .equal, row.maxX)
            }
            buttons.append(rowButtons)
            labels.append(rowLabels)
            labelCenterings.append(rowCenterings)
        }
        if let last = rows.last {
            try solver.add(last.maxY, .equal, stack.maxY)
        }
    }

    /// Every frame variable, in a fixed order.
    var allVariables: [Variable] {
        var frames = [root, stack] + rows
        for (rowButtons, rowLabels) in zip(buttons, labels) {
            frames += rowButtons + rowLabels
        }
        return frames.flatMap { [$0.x, $0.y, $0.width, $0.height] }
    }
}
