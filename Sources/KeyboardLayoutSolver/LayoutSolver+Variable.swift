extension LayoutSolver {
    /// An unknown of the system, made by ``LayoutSolver/makeVariable(name:)``: an opaque handle, cheap to
    /// copy, hash and compare.
    ///
    /// A variable belongs to the solver that made it (and to copies of that solver taken afterwards).
    public struct Variable: Hashable, Sendable, CustomStringConvertible {
        /// The variable's column in the tableau.
        let symbol: Symbol
        /// The variable's index among the solver's variables (where its name is kept).
        let ordinal: Int32

        /// `v` and the variable's index; the solver keeps the name (``LayoutSolver/name(of:)``).
        public var description: String { "v\(ordinal)" }
    }
}
