import KeyboardEmulator
import Foundation
import KeyboardHost
import KeyboardTesting
import Testing

/// A keyboard whose footprint the test drives: every key adds `step` MB to a figure the tester reads.
/// The figure is the test's own (no process measurement), so these tests run in parallel with anything.
private final class GrowingKeyboard: InputViewController {
    var warnings = 0
    var disappearances = 0
    override func didReceiveMemoryWarning() {
        warnings += 1
    }
    override func viewWillDisappear(_ animated: Bool) {
        disappearances += 1
    }
    func key(_ text: String) {
        textDocumentProxy.insertText(text)
    }
}

/// A keyboard that really allocates: `hoard(megabytes:)` keeps that many megabytes, every page written.
private final class HoardingKeyboard: InputViewController {
    var warnings = 0
    private var hoarded: [[UInt8]] = []
    override func didReceiveMemoryWarning() {
        warnings += 1
    }
    func hoard(megabytes: Int) {
        hoarded.append([UInt8](repeating: 1, count: megabytes * KeyboardSession.MemoryLimit.bytesPerMegabyte))
    }
}

/// Grows the driven figure by 10 MB at every hardware key it receives, and lets the system type the key.
private final class PressGrowingKeyboard: InputViewController {
    let memory: Megabytes
    init(_ memory: Megabytes) {
        self.memory = memory
        super.init()
    }
    required init?(coder: NSCoder) { nil }
    override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        memory.value += 10
        super.pressesBegan(presses, with: event)
    }
}

private final class Megabytes {
    var value = 0
    var source: KeyboardSession.FootprintSource {
        KeyboardSession.FootprintSource { [unowned self] in value * KeyboardSession.MemoryLimit.bytesPerMegabyte }
    }
}

@Suite struct MemoryLimitTests {
    @Test func growingTenMegabytesAKeyIsWarnedThenEnded() throws {
        let memory = Megabytes()
        let tester = KeyboardTester(memoryLimit: 60, footprint: memory.source) { GrowingKeyboard() }
        let field = tester.focusField()
        let keyboard = try tester.keyboard()
        var ended = false
        for letter in "abcdefgh" {
            guard tester.session.presence == .custom else { break }
            memory.value += 10
            try tester.asKeyboard { $0.key(String(letter)) }
            if case .ended = tester.extensionLife { ended = true }
        }
        #expect(ended)
        let names = tester.recorder.events.map(\.name)
        let warning = try #require(names.firstIndex(of: "memoryWarning"))
        let end = try #require(names.firstIndex(of: "extensionEnded"))
        #expect(warning < end)
        #expect(keyboard.warnings == 1)
        // Ended as jetsam ends it: no viewWillDisappear, the system keyboard up, the text kept.
        #expect(keyboard.disappearances == 0)
        #expect(!names.contains("viewWillDisappear"))
        #expect(tester.session.presence == .system)
        #expect(tester.controller == nil)
        #expect(field.document.text == "abcdefg")
        // The end names the footprint and the limit.
        #expect(tester.recorder.events.contains(.extensionEnded(footprint: 70 * 1_048_576, limit: 60 * 1_048_576)))
        // Typing goes to the field directly.
        tester.systemInsertText("h")
        #expect(field.document.text == "abcdefgh")
        // The next appearance makes a new controller, a new extension.
        memory.value = 0
        tester.resignFocus()
        tester.focus(field)
        #expect(try tester.keyboard() !== keyboard)
        #expect(tester.extensionLife == .running)
    }

    /// Hardware keys are inputs too: each press the keyboard's code ran on is followed by a sample, so a
    /// keyboard growing 10 MB a press is ended part-way through one `typeKeys`, and the rest of the keys go
    /// to the field through the system keyboard.
    @Test func hardwareKeysAreSampledPressByPress() throws {
        let memory = Megabytes()
        let tester = KeyboardTester(memoryLimit: 60, footprint: memory.source) { PressGrowingKeyboard(memory) }
        let field = tester.focusField()
        try tester.typeKeys("abcdefgh")
        #expect(field.document.text == "abcdefgh")
        #expect(tester.session.presence == .system)
        #expect(tester.recorder.events.contains(.extensionEnded(footprint: 70 * 1_048_576, limit: 60 * 1_048_576)))
        #expect(memory.value == 70, "no press reached the keyboard after its end")
    }

    @Test func aJumpPastTheLimitStillWarnsFirst() throws {
        let memory = Megabytes()
        let tester = KeyboardTester(memoryLimit: 60, footprint: memory.source) { GrowingKeyboard() }
        tester.focusField()
        let keyboard = try tester.keyboard()
        memory.value = 500
        try tester.asKeyboard { $0.key("a") }
        #expect(keyboard.warnings == 1)
        #expect(tester.recorder.events.map(\.name).filter { ["memoryWarning", "extensionEnded"].contains($0) }
                == ["memoryWarning", "extensionEnded"])
    }

    @Test func theWarningComesAgainOnlyAfterTheFootprintFell() throws {
        let memory = Megabytes()
        let tester = KeyboardTester(memoryLimit: 100, footprint: memory.source) { GrowingKeyboard() }
        tester.focusField()
        let keyboard = try tester.keyboard()
        memory.value = 85
        try tester.typeText("ab")
        #expect(keyboard.warnings == 1)
        memory.value = 10
        try tester.typeText("c")
        #expect(tester.extensionLife == .running)
        memory.value = 90
        try tester.typeText("d")
        #expect(keyboard.warnings == 2)
        #expect(tester.session.presence == .custom)
    }

    @Test func typingPastTheLimitGoesToTheField() throws {
        let memory = Megabytes()
        let tester = KeyboardTester(memoryLimit: 60, footprint: memory.source) { GrowingKeyboard() }
        let field = tester.focusField()
        memory.value = 70
        try tester.typeText("hello")
        #expect(field.document.text == "hello")
        #expect(tester.session.presence == .system)
    }

    @Test func theLimitFollowsTheReleaseUnlessSet() {
        var fidelity = FidelityProfile(ios: .iOS26)
        #expect(KeyboardSession(fidelity: fidelity) { InputViewController() }.memoryLimit.megabytes == 90)
        fidelity = FidelityProfile(ios: .iOS17)
        #expect(KeyboardSession(fidelity: fidelity) { InputViewController() }.memoryLimit.megabytes == 60)
        fidelity.extensionMemoryLimit = 48
        #expect(KeyboardSession(fidelity: fidelity) { InputViewController() }.memoryLimit.bytes == 48 * 1_048_576)
        #expect(KeyboardSession.MemoryLimit(megabytes: 60, source: "").warningBytes == 48 * 1_048_576)
    }

    @Test func nothingIsMeasuredWithoutALimitOrASource() throws {
        let tester = KeyboardTester { HoardingKeyboard() }
        tester.focusField()
        try tester.asKeyboard { $0.hoard(megabytes: 10) }
        try tester.typeText("abc")
        #expect(tester.session.footprintSource == nil)
        #expect(tester.session.lastFootprintSample == 0)
        #expect(tester.extensionLife == .running)
    }

    /// A limit named without a source measures the process's heap growth since the keyboard appeared: a
    /// keyboard that really allocates 10 MB a key is warned, then ended, its text kept. Other tests running
    /// beside it move the figure by what they hold at the moment (a few MB), so the keys it takes are a
    /// range, the order is not.
    @Test func aNamedLimitMeasuresTheHeapGrowthOfARealAllocation() throws {
        let tester = KeyboardTester(memoryLimit: 60) { HoardingKeyboard() }
        let field = tester.focusField()
        let keyboard = try tester.keyboard()
        var typed = ""
        for letter in "abcdefghijkl" where tester.session.presence == .custom {
            try tester.asKeyboard {
                $0.hoard(megabytes: 10)
                $0.textDocumentProxy.insertText(String(letter))
            }
            typed.append(letter)
        }
        let names = tester.recorder.events.map(\.name)
        let warning = try #require(names.firstIndex(of: "memoryWarning"), "12 keys of 10 MB under a 60 MB limit: \(names)")
        let end = try #require(names.firstIndex(of: "extensionEnded"))
        #expect(warning < end)
        #expect(keyboard.warnings == 1)
        #expect((4...11).contains(typed.count), "ended after \(typed.count) keys of 10 MB")
        #expect(tester.session.lastFootprintSample > 60 * KeyboardSession.MemoryLimit.bytesPerMegabyte)
        #expect(field.document.text == typed)
        #expect(tester.session.presence == .system)
    }
}

/// A keyboard that holds itself through a closure it keeps: a retain cycle, as KeyboardKit 697 reports.
private final class CyclingKeyboard: InputViewController {
    var onKey: (() -> Void)?
    override func viewDidLoad() {
        super.viewDidLoad()
        onKey = { self.textDocumentProxy.insertText("x") }
    }
}

private final class PlainKeyboard: InputViewController {
    var onKey: (() -> Void)?
    override func viewDidLoad() {
        super.viewDidLoad()
        onKey = { [weak self] in self?.textDocumentProxy.insertText("x") }
    }
}

@Suite struct LeakedControllerTests {
    @Test func aKeyboardWithoutACycleLeaksNothing() {
        let tester = KeyboardTester { PlainKeyboard() }
        tester.focusField()
        let report = tester.showHideCycles(5)
        #expect(report.growth == 0)
        #expect(tester.leakedControllers.isEmpty)
        #expect(!tester.recorder.events.map(\.name).contains("controllersLeaked"))
    }

    @Test func aKeyboardWithACycleIsNamed() {
        let tester = KeyboardTester { CyclingKeyboard() }
        tester.focusField()
        let report = tester.showHideCycles(3)
        #expect(report.growth == 3)
        #expect(tester.leakedControllers == Array(repeating: "CyclingKeyboard", count: 3))
        #expect(tester.recorder.events.contains(.controllersLeaked(type: "CyclingKeyboard", count: 3)))
        // Break the cycles: nothing is alive any more.
        for keyboard in [tester.controller].compactMap({ $0 }) { keyboard.onKey = nil }
    }
}

/// Opens a URL as keyboards do without `UIApplication.shared`: from a key, up the responder chain.
private final class ChainOpeningKeyboard: InputViewController {
    let key = View()
    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(key)
    }
    func openThroughTheChain(_ url: URL, completion: @escaping (Bool) -> Void) -> Bool {
        var responder: Responder? = key
        while let current = responder {
            if let application = current as? Application {
                application.open(url, options: [:], completionHandler: completion)
                return true
            }
            responder = current.next
        }
        return false
    }
}

private final class PasteKeyboard: InputViewController {
    func paste() -> String? { Pasteboard.general.string }
    func copy(_ text: String) { Pasteboard.general.string = text }
}

/// `Pasteboard.general` is one for the process, as UIKit's: serialized so that no test here sees another's
/// strings (no other suite uses the general pasteboard).
@Suite(.serialized) struct FullAccessTests {
    @Test func theGeneralPasteboardIsClosedToAKeyboardWithoutFullAccess() throws {
        let tester = KeyboardTester { PasteKeyboard() }
        tester.focusField()
        Pasteboard.general.string = "from the host"
        let seen = try tester.asKeyboard { $0.paste() }
        #expect(seen == nil)
        try tester.asKeyboard { $0.copy("from the keyboard") }
        #expect(Pasteboard.general.string == "from the host")
        #expect(try tester.keyboard().hasFullAccess == false)
    }

    @Test func fullAccessOpensIt() throws {
        let tester = KeyboardTester(hasFullAccess: true) { PasteKeyboard() }
        tester.focusField()
        Pasteboard.general.string = "from the host"
        #expect(try tester.asKeyboard { $0.paste() } == "from the host")
        #expect(try tester.keyboard().hasFullAccess)
    }

    @Test func openingTheContainingAppNeedsFullAccessOnIOS26() throws {
        let tester = KeyboardTester { InputViewController() }
        tester.focusField()
        var opened: Bool?
        try tester.asKeyboard { $0.extensionContext?.open(URL(string: "mykeyboard://settings")!) { opened = $0 } }
        #expect(opened == false)
        #expect(tester.session.presence == .custom)
        #expect(tester.frameModel.app(named: KeyboardFrameModel.containingAppIdentifier) == nil)
    }

    @Test func withFullAccessTheContainingAppComesToTheForeground() throws {
        let tester = KeyboardTester(hasFullAccess: true) { InputViewController() }
        tester.focusField()
        var opened: Bool?
        try tester.asKeyboard { $0.extensionContext?.open(URL(string: "mykeyboard://settings")!) { opened = $0 } }
        #expect(opened == true)
        let app = try #require(tester.frameModel.app(named: KeyboardFrameModel.containingAppIdentifier))
        #expect(app.state == .foreground)
        #expect(tester.frameModel.mainApp.state == .background)
        #expect(tester.session.presence == .hidden)
        #expect(tester.recorder.events.contains(.urlOpened("mykeyboard://settings", switched: true)))
    }

    /// The route keyboards take (`UIApplication.shared` is unavailable in extensions): up the responder
    /// chain from the controller or one of its views to the app object, then `open`.
    @Test(arguments: [false, true])
    func theResponderChainReachesTheApplication(hasFullAccess: Bool) throws {
        let tester = KeyboardTester(hasFullAccess: hasFullAccess) { ChainOpeningKeyboard() }
        tester.focusField()
        let keyboard = try tester.keyboard()
        #expect(keyboard.next === Application.shared)
        #expect(keyboard.key.next === keyboard.view)
        var opened: Bool?
        let found = try tester.asKeyboard { $0.openThroughTheChain(URL(string: "mykeyboard://settings")!) { opened = $0 } }
        #expect(found)
        #expect(opened == hasFullAccess)
        #expect(tester.recorder.events.contains(.urlOpened("mykeyboard://settings", switched: hasFullAccess)))
        #expect((tester.frameModel.app(named: KeyboardFrameModel.containingAppIdentifier) != nil) == hasFullAccess)
        // The host's own code opening a URL is not the keyboard's: it opens, and switches nothing.
        var hostOpened: Bool?
        Application.shared.open(URL(string: "https://example.com")!) { hostOpened = $0 }
        #expect(hostOpened == true)
    }

    @Test func aBareSessionsChainEndsAtNil() {
        let session = KeyboardSession { InputViewController() }
        session.focus(session.addField())
        #expect(session.controller?.next == nil)
    }

    @Test func beforeIOS26NoFullAccessIsNeeded() throws {
        let tester = KeyboardTester(fidelity: FidelityProfile(ios: .iOS18)) { InputViewController() }
        tester.focusField()
        var opened: Bool?
        try tester.asKeyboard { $0.extensionContext?.open(URL(string: "mykeyboard://")!) { opened = $0 } }
        #expect(opened == true)
    }
}
