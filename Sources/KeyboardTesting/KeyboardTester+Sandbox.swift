import Foundation
import KeyboardEmulator
import KeyboardProcessMemory

/// The extension's sandbox in a test: its memory as the test drives or measures it, controllers that
/// outlive their appearance, the App Group container (README § Sandbox).
extension KeyboardTester {
    /// What a run of show/hide cycles found (``showHideCycles(_:)``).
    public struct CycleReport: Sendable, Hashable {
        /// The cycles run.
        public var cycles: Int
        /// The type names of controllers of earlier appearances alive before the cycles.
        public var leakedBefore: [String]
        /// The type names of controllers of earlier appearances alive after the cycles.
        public var leakedAfter: [String]
        /// How many more controllers are alive after the cycles than before: 0 without a retain cycle.
        public var growth: Int { leakedAfter.count - leakedBefore.count }
    }

    /// The type names of controllers of earlier appearances that are still alive (a retain cycle, or a
    /// test's own variable holding one), in the order they were dismissed.
    public var leakedControllers: [String] { session.leakedControllers }

    /// The extension's life: running, warned, ended.
    public var extensionLife: KeyboardSession.ExtensionLife { session.extensionLife }

    /// Hides and shows the keyboard `count` times on the focused field (a field is added and focused when
    /// none is), as a user leaving and coming back does; iOS makes a new controller each time. Reports how
    /// many controllers of earlier appearances stayed alive.
    @discardableResult
    public func showHideCycles(_ count: Int) -> CycleReport {
        let before = leakedControllers
        let field = focusedField ?? focusField()
        for _ in 0..<max(count, 0) {
            session.resignFocus()
            session.focus(field)
        }
        return CycleReport(cycles: max(count, 0), leakedBefore: before, leakedAfter: leakedControllers)
    }

    /// The process's heap growth since the keyboard appeared (glibc's `mallinfo2`: bytes in use, small
    /// blocks and mapped ones), read at every input: what a tester can measure of a keyboard. It counts
    /// every thread's allocations, so tests running beside it move it: serialize a suite that uses it.
    public static var processHeapGrowth: KeyboardSession.FootprintSource {
        KeyboardSession.FootprintSource(measure: .growthSinceAppearance) { ProcessMemory.heapInUse() }
    }
}
