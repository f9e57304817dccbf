extension LayoutSolver {
    /// How much a constraint matters, on UIKit's scale (`UILayoutPriority`): 1 to 1000, where 1000 is
    /// required and everything below is optional, each level strictly above the ones under it.
    public struct Priority: RawRepresentable, Comparable, Hashable, Sendable, CustomStringConvertible {
        /// The priority, in 1...1000.
        public let rawValue: Float

        /// A priority, clamped into 1...1000 (UIKit raises on values outside; a layout engine should not
        /// trap on them). NaN becomes 1, the lowest.
        public init(rawValue: Float) {
            self.rawValue = rawValue.isNaN ? 1 : min(max(rawValue, 1), 1000)
        }

        /// A priority, clamped into 1...1000; see ``init(rawValue:)``.
        public init(_ rawValue: Float) {
            self.init(rawValue: rawValue)
        }

        /// 1000: the constraint must hold.
        public static let required = Priority(1000)
        /// 750: UIKit's default content compression resistance.
        public static let defaultHigh = Priority(750)
        /// 250: UIKit's default content hugging.
        public static let defaultLow = Priority(250)
        /// 50: what `systemLayoutSizeFitting` uses to fit a view around its content.
        public static let fittingSizeLevel = Priority(50)

        /// Whether this is ``required``.
        public var isRequired: Bool { rawValue >= 1000 }

        /// Orders priorities by value: the lower one gives way.
        public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }

        /// The number, as UIKit prints it.
        public var description: String { "\(rawValue)" }
    }
}
