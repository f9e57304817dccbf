import Foundation
import KeyboardEmulator
import KeyboardJSON
import KeyboardRuntime
import Testing
import TestSupport
@testable import KeyboardDaemon

/// Touch streams over JSON-RPC: `swipe` along a path on a hosted keyboard's views (its recognizers see
/// it), `touch` held as a long press, and `slideKey` on the built-in keyboard's space bar (the trackpad).
@Suite struct GestureRPCTests {
    /// A keyboard whose view pans and long-presses, writing what its recognizers report.
    final class PanKeyboard: InputViewController {
        let pan = PanGestureRecognizer()
        let press = LongPressGestureRecognizer()

        override func viewDidLoad() {
            super.viewDidLoad()
            pan.addHandler { [unowned self] pan in
                textDocumentProxy.insertText("pan \(pan.state) \(Int(pan.translation(in: view).x));")
            }
            press.addHandler { [unowned self] press in textDocumentProxy.insertText("press \(press.state);") }
            view.addGestureRecognizer(pan)
            view.addGestureRecognizer(press)
        }
    }

    /// Dismisses itself when a long press begins: the terminal's held finger sees its keyboard go from
    /// inside a timer's handler.
    final class DismissingKeyboard: InputViewController {
        let press = LongPressGestureRecognizer()
        var states: [String] = []
        override func viewDidLoad() {
            super.viewDidLoad()
            press.addHandler { [unowned self] press in
                states.append("\(press.state)")
                if press.state == .began { dismissKeyboard() }
            }
            view.addGestureRecognizer(press)
        }
    }

    /// A held finger whose long press dismisses the keyboard (from inside the clock's pass) is cancelled as
    /// that pass ends — not from inside it — and the release later does nothing.
    @Test func aKeyboardDismissedByItsLongPressCancelsTheHeldFinger() throws {
        TestEnvironment.isolateCaches()
        let clock = ManualClock()
        let emulator = try Emulator(configuration: EmulatorConfiguration(), clock: clock, keyboard: .custom { DismissingKeyboard() })
        emulator.focus(text: "", traits: nil)
        let keyboard = try #require(emulator.session.controller as? DismissingKeyboard)
        try emulator.viewFinger(.down(CGPoint(x: 100, y: 50)))
        clock.advance(by: .milliseconds(600))
        try emulator.viewFinger(.held)
        #expect(emulator.session.presence == .hidden)
        #expect(emulator.heldFinger == nil)
        #expect(keyboard.states == ["began", "cancelled"])
        try emulator.viewFinger(.lifted)
        #expect(keyboard.states == ["began", "cancelled"])
    }

    @Test func aSwipeAlongAPathPansAndALongTouchPresses() throws {
        TestEnvironment.isolateCaches()
        let emulator = try Emulator(configuration: EmulatorConfiguration(), clock: ManualClock(), keyboard: .custom { PanKeyboard() })
        emulator.focus(text: "", traits: nil)
        let rpc = RPCHarness(service: emulator)
        let result = try rpc.result("swipe", ["points": [["x": 100, "y": 50], ["x": 105, "y": 50], ["x": 130, "y": 50], ["x": 160, "y": 50]],
                                              "duration": 300])
        #expect(result["view"] == "UIInputView")
        #expect(emulator.document?.text == "pan began 30;pan changed 60;pan ended 60;")
        try rpc.result("focus", ["text": ""])
        try rpc.result("touch", ["x": 100, "y": 50, "duration": 700])
        #expect(emulator.document?.text == "press began;press ended;")
        let bad = try rpc.call("swipe", ["points": [["x": 1, "y": "z"]]])
        #expect(bad["error"]?["data"]?["param"] == "points[0]")
        #expect(try rpc.call("swipe", ["points": []])["error"]?["data"]?["param"] == "points")
    }

    @Test func slideKeyOnTheSpaceBarMovesTheCaretAndTypesNothing() throws {
        let (_, rpc) = try standardKeyboard()
        try rpc.result("focus", ["text": "Hello a👍🏽b", "traits": ["autocorrectionType": "no"]])
        let moved = try rpc.result("slideKey", ["key": "space", "offset": -20])
        #expect(moved["selectedRange"] == ["location": 7, "length": 0])   // before 👍🏽: two whole characters
        #expect(try rpc.result("state")["text"] == "Hello a👍🏽b")
        try rpc.result("slideKey", ["key": "space", "offset": -50, "hold": 100])   // slid before the hold: a tap
        #expect(try rpc.result("state")["text"] == "Hello a 👍🏽b")
        let cancelled = try rpc.result("slideKey", ["key": "space", "offset": 30, "cancel": true])
        #expect(cancelled["selectedRange"] == ["location": 13, "length": 0])
    }

    @Test func swipeTypeTypesTheWordAPathMatches() throws {
        let (emulator, rpc) = try standardKeyboard()
        try rpc.result("focus", ["text": "", "traits": ["autocapitalization": "none"]])
        let centres = try #require(emulator.keyboard?.keyCentres())
        let points: [JSONValue] = "word".compactMap { letter in
            centres.first { $0.key.label == String(letter) }.map { ["x": .number(Double($0.centre.x)), "y": .number(Double($0.centre.y))] }
        }
        let result = try rpc.result("swipeType", ["points": .array(points)])
        #expect(result["word"] == "word")
        #expect(result["candidates"]?.arrayValue?.first == "word")
        #expect(try rpc.result("state")["text"] == "word ")
        #expect(try rpc.call("swipeType", ["points": [["x": 1]]])["error"]?["data"]?["param"] == "points[0]")
    }

    /// `touch` and `swipe` on the standard keyboard reach its keys: a touch types the key under it, a
    /// long touch types the alternative over the key, a swipe over the letters types a word.
    @Test func touchesOnTheStandardKeyboardReachItsKeys() throws {
        let (emulator, rpc) = try standardKeyboard()
        try rpc.result("focus", ["text": "", "traits": ["autocapitalization": "none", "autocorrectionType": "no"]])
        let keyboard = try #require(emulator.keyboard)
        func centre(_ label: String) throws -> CGPoint {
            let frame = try #require(keyboard.key(labelled: label).flatMap(keyboard.keyFrame(of:)))
            return CGPoint(x: frame.midX, y: frame.midY)
        }
        let g = try centre("g")
        try rpc.result("touch", ["x": .number(Double(g.x)), "y": .number(Double(g.y))])
        #expect(try rpc.result("state")["text"] == "g")
        let e = try centre("e")
        try rpc.result("touch", ["x": .number(Double(e.x)), "y": .number(Double(e.y)), "duration": 800])
        let first = try #require(keyboard.key(labelled: "e")?.alternatives.first)
        #expect(try rpc.result("state")["text"] == .string("g" + first))
        // Lifted above the keyboard's top edge: cancelled, nothing typed.
        try rpc.result("touch", ["x": .number(Double(g.x)), "y": .number(Double(g.y)), "toY": -5])
        #expect(try rpc.result("state")["text"] == .string("g" + first))
    }

    /// The terminal's mouse on a hosted keyboard: the finger is delivered as it happens — pressed, held
    /// (time passes: the long press begins between the mouse's events), moved, lifted — on the session's
    /// clock, not as one 80 ms touch at the release.
    @Test func aFingerOnTheViewsIsDeliveredAsItHappens() throws {
        TestEnvironment.isolateCaches()
        let clock = ManualClock()
        let emulator = try Emulator(configuration: EmulatorConfiguration(), clock: clock, keyboard: .custom { PanKeyboard() })
        emulator.focus(text: "", traits: nil)
        #expect(try emulator.viewFinger(.down(CGPoint(x: 100, y: 50))) == "UIInputView")
        clock.advance(by: .milliseconds(300))
        try emulator.viewFinger(.held)
        #expect(emulator.document?.text == "")
        clock.advance(by: .milliseconds(300))
        try emulator.viewFinger(.held)
        #expect(emulator.document?.text == "press began;")
        clock.advance(by: .milliseconds(100))
        try emulator.viewFinger(.moved(CGPoint(x: 140, y: 50)))
        try emulator.viewFinger(.lifted)
        #expect(emulator.document?.text == "press began;press changed;press ended;")
        #expect(emulator.heldFinger == nil)
        try emulator.viewFinger(.held)   // no finger: nothing happens, none is put down
        #expect(emulator.heldFinger == nil)
        #expect(emulator.document?.text == "press began;press changed;press ended;")
        // A drag: the pan begins past its hysteresis and follows each move; a second press cancels it.
        try rpc(emulator).result("focus", ["text": ""])
        try emulator.viewFinger(.down(CGPoint(x: 100, y: 50)))
        clock.advance(by: .milliseconds(50))
        try emulator.viewFinger(.moved(CGPoint(x: 130, y: 50)))
        clock.advance(by: .milliseconds(50))
        try emulator.viewFinger(.moved(CGPoint(x: 160, y: 50)))
        try emulator.viewFinger(.down(CGPoint(x: 10, y: 50)))
        try emulator.viewFinger(.cancelled)
        #expect(emulator.document?.text == "pan began 30;pan changed 60;pan cancelled 60;")
    }

    /// What the keyboards of one test saw, across their appearances.
    final class GestureLog {
        var lines: [String] = []
    }

    /// A keyboard whose views write what they see to a log the test keeps: `build` sets up its view.
    final class LoggingKeyboard: InputViewController {
        let log: GestureLog
        private let build: (LoggingKeyboard) -> Void

        init(log: GestureLog, build: @escaping (LoggingKeyboard) -> Void) {
            self.log = log
            self.build = build
            super.init()
        }

        required init?(coder: NSCoder) { fatalError("not used") }

        override func viewDidLoad() {
            super.viewDidLoad()
            build(self)
        }

        /// A long press on the whole view, writing its states.
        static func pressing(_ log: GestureLog) -> LoggingKeyboard {
            LoggingKeyboard(log: log) { keyboard in
                keyboard.view.addGestureRecognizer(LongPressGestureRecognizer { press in log.lines.append("press \(press.state)") })
            }
        }

        /// A ``TimestampView`` over the view, writing its touches' times.
        static func timestamps(_ log: GestureLog) -> LoggingKeyboard {
            LoggingKeyboard(log: log) { keyboard in
                let pad = TimestampView(log: log)
                pad.frame = CGRect(x: 0, y: 0, width: 300, height: 200)
                keyboard.view.addSubview(pad)
            }
        }
    }

    /// A finger held while the keyboard goes (dismissed, here over RPC) is cancelled then, on the old
    /// keyboard; time passing and the release later reach neither it nor the next keyboard.
    @Test func aHeldFingerIsCancelledWhenItsKeyboardGoes() throws {
        TestEnvironment.isolateCaches()
        let clock = ManualClock()
        let log = GestureLog()
        let emulator = try Emulator(configuration: EmulatorConfiguration(), clock: clock,
                                    keyboard: .custom { LoggingKeyboard.pressing(log) })
        emulator.focus(text: "", traits: nil)
        try emulator.viewFinger(.down(CGPoint(x: 100, y: 50)))
        clock.advance(by: .milliseconds(600))
        try emulator.viewFinger(.held)
        #expect(log.lines == ["press began"])
        try rpc(emulator).result("dismissKeyboard")
        #expect(log.lines == ["press began", "press cancelled"])
        #expect(emulator.heldFinger == nil)
        try rpc(emulator).result("focus", ["text": ""])
        clock.advance(by: .milliseconds(600))
        try emulator.viewFinger(.held)
        try emulator.viewFinger(.lifted)
        #expect(log.lines == ["press began", "press cancelled"])
    }

    /// The terminal's finger on a hosted keyboard: a press with no keyboard up puts no finger down; a
    /// release off the keyboard's views cancels the touch, as a drag off them does; a hold that never
    /// ends is cancelled at `TerminalFinger.longestHold`.
    @Test func theTerminalsFingerIsCancelledOffTheKeyboardAndPastTheLongestHold() throws {
        TestEnvironment.isolateCaches()
        let clock = ManualClock()
        let log = GestureLog()
        let emulator = try Emulator(configuration: EmulatorConfiguration(), clock: clock,
                                    keyboard: .custom { LoggingKeyboard.pressing(log) })
        #expect(throws: EmulatorServiceError.self) { try TerminalFinger.press(at: CGPoint(x: 100, y: 50), on: emulator) }
        emulator.focus(text: "", traits: nil)
        var finger = try #require(try TerminalFinger.press(at: CGPoint(x: 100, y: 50), on: emulator))
        clock.advance(by: .milliseconds(600))
        #expect(try finger.hold(on: emulator))
        try finger.release(at: nil, on: emulator)
        #expect(log.lines == ["press began", "press cancelled"])
        #expect(emulator.heldFinger == nil)
        // Held with no release: cancelled once the hold reaches its cap.
        var stuck = try #require(try TerminalFinger.press(at: CGPoint(x: 100, y: 50), on: emulator))
        var ticks = 0
        while try stuck.hold(on: emulator), ticks <= TerminalFinger.mostTicks {
            clock.advance(by: TerminalFinger.tick)
            ticks += 1
        }
        #expect(ticks == TerminalFinger.mostTicks - 1)
        #expect(log.lines == ["press began", "press cancelled", "press began", "press cancelled"])
        #expect(emulator.heldFinger == nil)
    }

    /// A keyboard whose single tap waits for its double tap to fail, writing which recognized.
    final class TapKeyboard: InputViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            let doubleTap = TapGestureRecognizer { [unowned self] _ in textDocumentProxy.insertText("double;") }
            doubleTap.numberOfTapsRequired = 2
            let tap = TapGestureRecognizer { [unowned self] _ in textDocumentProxy.insertText("single;") }
            tap.require(toFail: doubleTap)
            view.addGestureRecognizer(doubleTap)
            view.addGestureRecognizer(tap)
        }
    }

    /// After the terminal's release, the double tap's wait is pending: the emulator says when it falls
    /// due, and time passing then (`held` with no finger) recognizes the single tap without another click;
    /// a click long after a tap is a new tap, not the second of a double tap.
    @Test func aLiftedFingersRecognizerTimerFiresWhenTimePasses() throws {
        TestEnvironment.isolateCaches()
        let clock = ManualClock()
        let emulator = try Emulator(configuration: EmulatorConfiguration(), clock: clock, keyboard: .custom { TapKeyboard() })
        emulator.focus(text: "", traits: nil)
        #expect(emulator.gestureTimerDelay() == nil)
        try emulator.viewFinger(.down(CGPoint(x: 100, y: 50)))
        clock.advance(by: .milliseconds(50))
        try emulator.viewFinger(.lifted)
        #expect(emulator.gestureTimerDelay().map { abs($0.seconds - 0.35) < 1e-9 } == true)
        clock.advance(by: .milliseconds(400))
        try emulator.viewFinger(.held)
        #expect(emulator.document?.text == "single;")
        #expect(emulator.gestureTimerDelay() == nil)
        // Two clicks a second apart with nothing between them: two single taps.
        try emulator.viewFinger(.down(CGPoint(x: 100, y: 50)))
        try emulator.viewFinger(.lifted)
        clock.advance(by: .seconds(1))
        try emulator.viewFinger(.down(CGPoint(x: 100, y: 50)))
        try emulator.viewFinger(.lifted)
        #expect(emulator.document?.text == "single;single;")
    }

    /// A view that writes the timestamps of its touches' phases to a log.
    final class TimestampView: View {
        let log: GestureLog
        init(log: GestureLog) {
            self.log = log
            super.init(frame: .zero)
        }
        required init?(coder: NSCoder) { fatalError("not used") }

        private func record(_ phase: String, _ touches: Set<Touch>) {
            log.lines.append("\(phase) \(Int(((touches.first?.timestamp ?? -1) * 1000).rounded()))")
        }
        override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { record("began", touches) }
        override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { record("ended", touches) }
        override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { record("cancelled", touches) }
    }

    /// A request's touch and the terminal's fingers share one touch clock that never goes back: a 60 s
    /// touch runs ahead of the (not slept through) session clock, and the next finger starts after it.
    @Test func requestsAndTheTerminalShareOneTouchClock() throws {
        TestEnvironment.isolateCaches()
        let clock = ManualClock(now: .seconds(10))
        let log = GestureLog()
        let emulator = try Emulator(configuration: EmulatorConfiguration(), clock: clock,
                                    keyboard: .custom { LoggingKeyboard.timestamps(log) })
        emulator.focus(text: "", traits: nil)
        try emulator.viewFinger(.down(CGPoint(x: 100, y: 50)))
        clock.advance(by: .milliseconds(100))
        try emulator.viewFinger(.lifted)
        try rpc(emulator).result("touch", ["x": 100, "y": 50, "duration": 60_000])
        try emulator.viewFinger(.down(CGPoint(x: 100, y: 50)))
        clock.advance(by: .milliseconds(100))
        try emulator.viewFinger(.lifted)
        clock.advance(by: .seconds(100))
        try rpc(emulator).result("touch", ["x": 100, "y": 50, "duration": 100])
        #expect(log.lines == ["began 10000", "ended 10100", "began 10100", "ended 70100", "began 70100", "ended 70100",
                              "began 110200", "ended 110300"])
    }

    /// `flickKey` on an iPad: the key's secondary character; a key without one is refused, naming it.
    @Test func flickKeyTypesTheSecondaryCharacter() throws {
        let (_, rpc) = try standardKeyboard()
        try rpc.result("setProfile", ["id": "ipad-10"])
        try rpc.result("focus", ["text": "", "traits": ["autocapitalization": "none"]])
        let flicked = try rpc.result("flickKey", ["key": "q"])
        #expect(flicked == ["layout": "en-US", "page": "letters", "secondary": "1"])
        try rpc.result("flickKey", ["key": "a"])
        #expect(try rpc.result("state")["text"] == "1@")
        let refused = try rpc.call("flickKey", ["key": "space"])
        #expect(refused["error"]?["data"]?["param"] == "key")
        #expect(try rpc.result("state")["text"] == "1@")
        try rpc.result("setProfile", ["id": "iphone-16"])
        #expect(try rpc.call("flickKey", ["key": "q"])["error"]?["data"]?["param"] == "key")
    }

    private func rpc(_ emulator: Emulator) -> RPCHarness<Emulator> { RPCHarness(service: emulator) }

    /// An emulator showing the standard keyboard with en-US (manual clock, caches of its own), and RPC to it.
    private func standardKeyboard() throws -> (Emulator, RPCHarness<Emulator>) {
        TestEnvironment.isolateCaches()
        var configuration = EmulatorConfiguration()
        configuration.layoutIDs = ["en-US"]
        let emulator = try Emulator(configuration: configuration, clock: ManualClock())
        return (emulator, RPCHarness(service: emulator))
    }
}
