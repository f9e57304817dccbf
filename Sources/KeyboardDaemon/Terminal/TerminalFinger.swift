import Foundation
import KeyboardEmulator

/// A finger on a hosted keyboard's own views driven by the terminal's mouse: pressed with the button,
/// moved with each drag, held still between them (a tick every ``tick`` lets time pass, so a long press
/// begins), and lifted with the release — or cancelled, as the system cancels a touch that leaves the
/// keyboard: a drag or a release off the keyboard's views, or a hold longer than ``longestHold`` (a
/// release the terminal never reported would otherwise keep the finger down, and the screen redrawn
/// every tick, forever).
struct TerminalFinger {
    /// How often time passes for a held finger (a long press begins at most this late on the screen).
    static let tick = Duration.milliseconds(50)
    /// The longest a finger stays down (the emulator's cap): past it the touch is cancelled.
    static let longestHold = Duration.seconds(60)
    /// ``longestHold`` in ticks.
    static var mostTicks: Int { Int(longestHold / tick) }

    /// The ticks the finger has been held for.
    private(set) var ticks = 0

    /// Presses at `point` of the keyboard's view. `nil` when nothing there takes touches (no finger is
    /// down then); throws what the emulator refused (no keyboard up: no finger either).
    static func press(at point: CGPoint, on service: any EmulatorService) throws -> TerminalFinger? {
        try service.viewFinger(.down(point)) == nil ? nil : TerminalFinger()
    }

    /// One tick of holding: time passes for the finger. Answers false when the hold reached
    /// ``longestHold`` and the touch was cancelled (the finger is gone).
    mutating func hold(on service: any EmulatorService) throws -> Bool {
        ticks += 1
        guard ticks < Self.mostTicks else {
            try service.viewFinger(.cancelled)
            return false
        }
        try service.viewFinger(.held)
        return true
    }

    /// The mouse moved to `point` of the keyboard's view, or off its views (`nil`): moved, or cancelled.
    /// Answers false when the touch was cancelled (the finger is gone).
    func drag(to point: CGPoint?, on service: any EmulatorService) throws -> Bool {
        guard let point else {
            try service.viewFinger(.cancelled)
            return false
        }
        try service.viewFinger(.moved(point))
        return true
    }

    /// The button released at `point` of the keyboard's view: moved there and lifted. Released off the
    /// keyboard's views (`nil`), the touch is cancelled, as a drag off them cancels it.
    func release(at point: CGPoint?, on service: any EmulatorService) throws {
        guard let point else {
            try service.viewFinger(.cancelled)
            return
        }
        try service.viewFinger(.moved(point))
        try service.viewFinger(.lifted)
    }
}
