/// What the solver keeps about one constraint: what the caller asked for, and where it sits in the
/// tableau.
struct ConstraintRecord: Sendable {
    /// The expression as the caller wrote it, with its current constant: what ``LayoutSolver/setPriority(_:of:)``
    /// re-adds, and what a diagnostic can print.
    var expression: LayoutSolver.Expression
    var relation: LayoutSolver.Relation
    var priority: LayoutSolver.Priority
    var tag: ConstraintTag

    /// The objective level of the constraint's errors, `nil` when required.
    var level: Float? { priority.isRequired ? nil : priority.rawValue }
}
