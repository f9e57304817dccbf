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
            public var variable: Variable
            public var coefficient: Double

            /// `coefficient · variable`.
            public init(_ variable: Variable, _ coefficient: Double = 1) {
                self.variable = variable
                self.coefficient = coefficient
            }
        }

        /// The terms, in the order they were written.
        public var terms: [Term]
        /// The constant term.
        public var constant: Double

        /// `Σ terms + constant`.
        public init(terms: [Term] = [], constant: Double = 0) {
            self.terms = terms
            self.constant = constant
        }

        /// `coefficient · variable`.
        public init(_ variable: Variable, times coefficient: Double = 1) {
            self.init(terms: [Term(variable, coefficient)])
        }

        /// The constant `constant`.
        public init(constant: Double) {
            self.init(terms: [], constant: constant)
        }

        /// Whether the constant and every coefficient are finite numbers; the first that is not, if any.
        var firstNonFinite: Double? {
            if !constant.isFinite { return constant }
            return terms.first { !$0.coefficient.isFinite }?.coefficient
        }

        /// `2·v0 - v3 + 8`, variables by index.
        public var description: String {
            var text = ""
            for term in terms {
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
            Expression(terms: lhs.terms + rhs.terms, constant: lhs.constant + rhs.constant)
        }

        /// The difference of two expressions.
        public static func - (lhs: Expression, rhs: Expression) -> Expression {
            lhs + -rhs
        }

        /// The expression with `rhs` added to its constant.
        public static func + (lhs: Expression, rhs: Double) -> Expression {
            Expression(terms: lhs.terms, constant: lhs.constant + rhs)
        }

        /// The expression with `rhs` subtracted from its constant.
        public static func - (lhs: Expression, rhs: Double) -> Expression {
            Expression(terms: lhs.terms, constant: lhs.constant - rhs)
        }

        /// The expression scaled by `lhs`.
        public static func * (lhs: Double, rhs: Expression) -> Expression {
            Expression(
                terms: rhs.terms.map { Term($0.variable, lhs * $0.coefficient) }, constant: lhs * rhs.constant)
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
