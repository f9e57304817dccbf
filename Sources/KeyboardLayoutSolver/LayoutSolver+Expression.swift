extension LayoutSolver {
    /// A linear expression: `Σ coefficient · variable + constant`.
    ///
    /// Build one from variables and numbers with the operators declared here (`+`, `-`, and `*` by a
    /// number), which apply only to expressions and so cost the type checker nothing elsewhere:
    ///
    /// ```swift
    /// // button.maxX == row.maxX - 3, as button.minX + button.width - row.minX - row.width + 3 == 0:
    /// let e = Expression(minX) + Expression(width) - Expression(rowMinX) - Expression(rowWidth) + 3
    /// // label.centerX == button.centerX, with the 0.5 multipliers of the centers:
    /// let c = Expression(labelX) + 0.5 * Expression(labelWidth) - Expression(x) - 0.5 * Expression(width)
    /// ```
    ///
    /// A variable may appear in several terms; the terms add up.
    public struct Expression: Sendable, CustomStringConvertible {
        /// One `coefficient · variable`.
        public struct Term: Hashable, Sendable {
            /// The variable.
            public var variable: Variable
            /// What the variable is multiplied by (a layout's multiplier, or -1 for the other side).
            public var coefficient: Double

            /// `coefficient · variable`.
            public init(_ variable: Variable, _ coefficient: Double = 1) {
                self.variable = variable
                self.coefficient = coefficient
            }
        }

        /// The terms (up to four kept inline, so building an expression allocates nothing).
        var storage: TermStorage
        /// The constant term.
        public var constant: Double

        /// The terms, in the order they were written.
        public var terms: [Term] {
            get { storage.array }
            set { storage = TermStorage(newValue) }
        }

        /// `Σ terms + constant`.
        public init(terms: [Term] = [], constant: Double = 0) {
            self.storage = TermStorage(terms)
            self.constant = constant
        }

        /// `coefficient · variable`.
        public init(_ variable: Variable, times coefficient: Double = 1) {
            storage = TermStorage()
            storage.append(Term(variable, coefficient))
            constant = 0
        }

        /// The constant `constant`.
        public init(constant: Double) {
            storage = TermStorage()
            self.constant = constant
        }

        /// The first of the constant and the coefficients that is NaN or infinite, if any.
        var firstNonFinite: Double? {
            if !constant.isFinite { return constant }
            for index in 0..<storage.count where !storage[index].coefficient.isFinite {
                return storage[index].coefficient
            }
            return nil
        }

        /// The expression with its constant clamped to ``LayoutSolver/maximumConstantMagnitude``.
        var clamped: Expression {
            var copy = self
            copy.constant = LayoutSolver.clamp(constant)
            return copy
        }

        /// `2·v0 - v3 + 8`, variables by index.
        public var description: String {
            var text = ""
            for index in 0..<storage.count {
                let term = storage[index]
                let magnitude = abs(term.coefficient)
                let sign = term.coefficient < 0 ? "-" : "+"
                text += text.isEmpty ? (term.coefficient < 0 ? "-" : "") : " \(sign) "
                text += magnitude == 1 ? "\(term.variable)" : "\(magnitude)·\(term.variable)"
            }
            if text.isEmpty { return "\(constant)" }
            if constant != 0 { text += constant < 0 ? " - \(-constant)" : " + \(constant)" }
            return text
        }

        // MARK: Operators

        /// The sum of two expressions.
        public static func + (lhs: Expression, rhs: Expression) -> Expression {
            var sum = lhs
            for index in 0..<rhs.storage.count {
                sum.storage.append(rhs.storage[index])
            }
            sum.constant += rhs.constant
            return sum
        }

        /// The difference of two expressions.
        public static func - (lhs: Expression, rhs: Expression) -> Expression {
            lhs + -rhs
        }

        /// The expression with `rhs` added to its constant.
        public static func + (lhs: Expression, rhs: Double) -> Expression {
            var sum = lhs
            sum.constant += rhs
            return sum
        }

        /// The expression with `rhs` subtracted from its constant.
        public static func - (lhs: Expression, rhs: Double) -> Expression {
            lhs + -rhs
        }

        /// The expression scaled by `lhs`.
        public static func * (lhs: Double, rhs: Expression) -> Expression {
            var product = rhs
            for index in 0..<product.storage.count {
                product.storage[index].coefficient *= lhs
            }
            product.constant *= lhs
            return product
        }

        /// The expression scaled by `rhs`.
        public static func * (lhs: Expression, rhs: Double) -> Expression {
            rhs * lhs
        }

        /// The expression negated.
        public static prefix func - (operand: Expression) -> Expression {
            -1 * operand
        }
    }
}
