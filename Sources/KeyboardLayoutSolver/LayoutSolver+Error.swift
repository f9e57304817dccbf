extension LayoutSolver {
    /// Why the solver refused a call. After any of these the solver is as it was before the call.
    public enum Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
        /// A required constraint cannot hold together with the ones already present.
        ///
        /// - The first value is the constraint being changed (by ``LayoutSolver/setConstant(_:of:)``,
        ///   ``LayoutSolver/setPriority(_:of:)`` or ``LayoutSolver/suggest(_:value:priority:)``), or `nil`
        ///   for one being added (it was not added and has no identifier).
        /// - `conflicting` are the required constraints already in the solver that, with it, have no
        ///   solution: read off the simplex's proof of infeasibility (the infeasible row or phase-one
        ///   objective), in identifier order. It names the culprits and leaves out constraints the proof
        ///   does not use; it is not always a minimal set. It is empty when the constraint is
        ///   unsatisfiable on its own (`5 == 0`).
        case unsatisfiable(ConstraintID?, conflicting: [ConstraintID])
        /// A constant or coefficient is NaN or infinite.
        case nonFinite(Double)
        /// The variable was not made by this solver.
        case unknownVariable(Variable)
        /// The constraint is not (or no longer) in this solver.
        case unknownConstraint(ConstraintID)
        /// The solver already holds its limit of variables (``LayoutSolver/variableLimit``).
        case tooManyVariables(limit: Int)
        /// The solver already holds its limit of constraints (``LayoutSolver/constraintLimit``).
        case tooManyConstraints(limit: Int)
        /// The simplex reached its pivot limit (which rounding on pathological coefficients can cause),
        /// and the change was undone.
        case notConverged

        /// A sentence for logs.
        public var description: String {
            switch self {
            case .unsatisfiable(let id, let conflicting):
                let subject = id.map { "constraint \($0)" } ?? "the new constraint"
                let others = conflicting.map(\.description).joined(separator: ", ")
                return conflicting.isEmpty
                    ? "Unable to satisfy \(subject): it cannot hold on its own"
                    : "Unable to simultaneously satisfy constraints: \(subject) conflicts with \(others)"
            case .nonFinite(let value):
                return "The constant or coefficient \(value) is not finite"
            case .unknownVariable(let variable):
                return "The variable \(variable) was not made by this solver"
            case .unknownConstraint(let id):
                return "The constraint \(id) is not in this solver"
            case .tooManyVariables(let limit):
                return "The solver holds its limit of \(limit) variables"
            case .tooManyConstraints(let limit):
                return "The solver holds its limit of \(limit) constraints"
            case .notConverged:
                return "The simplex did not converge within its pivot limit; the change was undone"
            }
        }
    }
}
