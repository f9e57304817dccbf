import Foundation

/// Insets that follow the reading direction (`NSDirectionalEdgeInsets`).
public struct DirectionalEdgeInsets: Sendable, Hashable {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat

    public init(top: CGFloat = 0, leading: CGFloat = 0, bottom: CGFloat = 0, trailing: CGFloat = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    public static let zero = DirectionalEdgeInsets()
}

extension Button {
    /// A button's look and content (`UIButton.Configuration`, iOS 15): its title drives the button's
    /// title, the rest is recorded.
    public struct Configuration: Hashable {
        /// How round the background's corners are (`UIButton.Configuration.CornerStyle`).
        public enum CornerStyle: Int, Sendable {
            case dynamic = 0, fixed, small, medium, large, capsule
        }

        /// The base style the configuration was made from.
        public enum Style: String, Sendable {
            case plain, tinted, gray, filled, borderless, bordered, borderedTinted, borderedProminent
        }

        public let style: Style
        public var title: String?
        public var subtitle: String?
        public var image: Image?
        public var baseForegroundColor: Color?
        public var baseBackgroundColor: Color?
        public var cornerStyle: CornerStyle = .dynamic
        /// Space between the button's edges and its content: 7 points above and below, 12 at the sides,
        /// as UIKit's configurations have it by default (the medium size at the default text size).
        public var contentInsets: DirectionalEdgeInsets = Configuration.defaultContentInsets
        public var imagePadding: CGFloat = 0
        /// The symbol configuration the image is drawn with (its point size sizes a symbol image).
        public var preferredSymbolConfigurationForImage: Image.SymbolConfiguration?
        public var showsActivityIndicator = false

        private init(style: Style) { self.style = style }

        /// UIKit's default content insets (Apple's answer on the developer forums: "The default content
        /// inset is (top = 7, leading = 12, bottom = 7, trailing = 12)").
        static let defaultContentInsets = DirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)

        /// Puts the default content insets back.
        public mutating func setDefaultContentInsets() { contentInsets = Self.defaultContentInsets }

        public static func plain() -> Configuration { Configuration(style: .plain) }
        public static func tinted() -> Configuration { Configuration(style: .tinted) }
        public static func gray() -> Configuration { Configuration(style: .gray) }
        public static func filled() -> Configuration { Configuration(style: .filled) }
        public static func borderless() -> Configuration { Configuration(style: .borderless) }
        public static func bordered() -> Configuration { Configuration(style: .bordered) }
        public static func borderedTinted() -> Configuration { Configuration(style: .borderedTinted) }
        public static func borderedProminent() -> Configuration { Configuration(style: .borderedProminent) }
    }

    /// A button with a configuration (and a primary action).
    public convenience init(configuration: Configuration, primaryAction: Action? = nil) {
        self.init(type: .system)
        self.configuration = configuration
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }
}
