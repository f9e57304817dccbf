extension LayoutSolver {
    /// A constraint in a solver, returned by ``LayoutSolver/add(_:_:priority:)``.
    ///
    /// Identifiers are not reused: once a constraint is removed, its identifier names nothing (calls with
    /// it return `false` or throw ``LayoutSolver/Error/unknownConstraint(_:)``), even when a later
    /// constraint takes its storage.
    public struct ConstraintID: Hashable, Sendable, Comparable, CustomStringConvertible {
        /// The constraint's storage slot.
        let slot: Int32
        /// How many constraints used the slot before this one.
        let generation: UInt32

        /// Orders identifiers by storage slot, then generation: a stable order for reports.
        public static func < (lhs: ConstraintID, rhs: ConstraintID) -> Bool {
            (lhs.slot, lhs.generation) < (rhs.slot, rhs.generation)
        }

        /// `c` and the slot, with the generation when it is not the first.
        public var description: String { generation == 0 ? "c\(slot)" : "c\(slot).\(generation)" }
    }
}
