import Foundation

/// A haptic feedback generator (`UIFeedbackGenerator`): feedback is the session event
/// ``SessionEvent/hapticFeedback(_:)`` of ``KeyboardSession/current``, given only when the keyboard has full
/// access (iOS plays no haptics for a keyboard without it).
open class FeedbackGenerator {
    public init() {}

    /// Readies the engine (recorded as nothing: it has no effect a test can see).
    open func prepare() {}

    func occurred(_ name: String) {
        KeyboardSession.current?.playHaptic(name)
    }
}

/// Impacts (`UIImpactFeedbackGenerator`).
public final class ImpactFeedbackGenerator: FeedbackGenerator {
    /// The impact's weight (`UIImpactFeedbackGenerator.FeedbackStyle`).
    public enum FeedbackStyle: Int, Sendable {
        case light = 0, medium, heavy, soft, rigid

        var name: String {
            switch self {
            case .light: "light"
            case .medium: "medium"
            case .heavy: "heavy"
            case .soft: "soft"
            case .rigid: "rigid"
            }
        }
    }

    public let style: FeedbackStyle

    public init(style: FeedbackStyle = .medium) {
        self.style = style
        super.init()
    }

    /// Plays an impact: the event `hapticFeedback("impact.light")` and so on.
    public func impactOccurred() {
        occurred("impact.\(style.name)")
    }

    /// Plays an impact of an intensity (0…1); recorded like ``impactOccurred()``.
    public func impactOccurred(intensity: CGFloat) {
        occurred("impact.\(style.name)")
    }
}

/// Selection changes (`UISelectionFeedbackGenerator`).
public final class SelectionFeedbackGenerator: FeedbackGenerator {
    /// Plays the selection tick: the event `hapticFeedback("selection")`.
    public func selectionChanged() {
        occurred("selection")
    }
}

/// Outcomes (`UINotificationFeedbackGenerator`).
public final class NotificationFeedbackGenerator: FeedbackGenerator {
    /// The outcome (`UINotificationFeedbackGenerator.FeedbackType`).
    public enum FeedbackType: Int, Sendable {
        case success = 0, warning, error
    }

    /// Plays an outcome: the event `hapticFeedback("notification.success")` and so on.
    public func notificationOccurred(_ notificationType: FeedbackType) {
        let name = switch notificationType {
        case .success: "success"
        case .warning: "warning"
        case .error: "error"
        }
        occurred("notification.\(name)")
    }
}
