import Foundation
import KeyboardEmulator
import KeyboardHost
import KeyboardRuntime
import Testing
import TestSupport
@testable import KeyboardDaemon

/// The log pane's lines, drawn from typed events: the category, the UIKit name, the arguments; no JSON, no
/// terminal bytes, and secure text exactly as the session masked it.
@Suite struct RuntimeEventLogLineTests {
    @Test func sessionEventsShowTheirCategoryNameAndArguments() {
        let id = UUID()
        let lines: [(RuntimeEvent, String)] = [
            (.session(.insertText("Hi")), #"[proxyCall] insertText text: "Hi""#),
            (.session(.deleteBackward), "[proxyCall] deleteBackward"),
            (.session(.adjustTextPosition(-3)), "[proxyCall] adjustTextPosition offset: -3"),
            (.session(.setMarkedText("ni", selectedRange: NSRange(location: 2, length: 0))),
             #"[proxyCall] setMarkedText text: "ni", selectedRange: {2, 0}"#),
            (.session(.textDidChange), "[controllerCallback] textDidChange"),
            (.session(.viewWillAppear), "[controllerCallback] viewWillAppear"),
            (.session(.orientationChanged(.landscapeLeft)), "[host] orientationChanged orientation: landscapeLeft"),
            (.session(.keyboardChanged(.custom)), "[host] keyboardChanged keyboard: custom"),
            (.session(.deviceChanged(id: "ipad-10")), "[host] deviceChanged profile: ipad-10"),
            (.session(.inputModeChanged(identifier: "th-TH")), "[host] inputModeChanged identifier: th-TH"),
            (.session(.preferredHeightChanged(260)), "[host] preferredHeightChanged height: 260"),
            (.session(.preferredHeightChanged(nil)), "[host] preferredHeightChanged height: nil"),
            (.session(.focusChanged(documentIdentifier: id)), "[host] focusChanged documentIdentifier: \(id.uuidString)"),
            (.session(.focusChanged(documentIdentifier: nil)), "[host] focusChanged documentIdentifier: nil"),
            (.session(.returnKeyAction(documentIdentifier: id)), "[host] returnKeyAction documentIdentifier: \(id.uuidString)"),
            (.session(.hapticFeedback("impact.light")), "[host] hapticFeedback kind: impact.light"),
        ]
        for (event, line) in lines {
            #expect(event.logLine == line)
        }
    }

    @Test func keyboardNotificationsShowTheirUserInfo() {
        let will = KeyboardNotification(
            name: .keyboardWillShow, frameBegin: CGRect(x: 0, y: 852, width: 393, height: 336),
            frameEnd: CGRect(x: 0, y: 516, width: 393, height: 336), isLocal: true)
        #expect(RuntimeEvent.keyboardNotification(will).logLine == """
            [keyboardNotification] keyboardWillShow frameBegin: {0, 852, 393, 336}, frameEnd: {0, 516, 393, 336}, \
            animationDuration: 0.25, animationCurve: 7, isLocal: true
            """)
        let did = KeyboardNotification(
            name: .keyboardDidChangeFrame, frameBegin: CGRect(x: 0, y: 516, width: 393, height: 336),
            frameEnd: CGRect(x: 0, y: 498.5, width: 393, height: 353.5), isLocal: false)
        #expect(RuntimeEvent.keyboardNotification(did).logLine == """
            [keyboardNotification] keyboardDidChangeFrame frameBegin: {0, 516, 393, 336}, \
            frameEnd: {0, 498.5, 393, 353.5}, isLocal: false
            """)
    }

    @Test func failuresShowTheTagsAndMessageTheProtocolPublishes() {
        let failures: [RuntimeEvent] = [
            .failure(.keymap(layoutID: "th-TH", message: "no such layout")),
            .failure(.inputMethod(layoutID: "ja-JP", message: "anthy is missing")),
            .failure(.composeTable(message: "no compose table for en_US.UTF-8")),
        ]
        #expect(failures.map(\.logLine) == [
            "[keyboard][xkb] layout th-TH: keymap kept from the previous layout: no such layout",
            "[keyboard][inputMethod] layout ja-JP: typing without its input method: anthy is missing",
            "[keyboard][xkb] dead keys and Multi_key type nothing: no compose table for en_US.UTF-8",
        ])
        for failure in failures {
            let event = EmulatorEvent(failure)
            #expect(event.category == .log && event.name == "log")
            let tags = event.userInfo["tags"]?.arrayValue?.compactMap(\.stringValue) ?? []
            #expect(failure.logLine == tags.map { "[\($0)]" }.joined() + " " + (event.userInfo["message"]?.stringValue ?? ""))
        }
    }

    @Test func textIsQuotedWithoutTerminalBytesAndCut() {
        let line = RuntimeEvent.session(.insertText("a\u{1B}[2J\n\u{9B}b")).logLine
        #expect(line == #"[proxyCall] insertText text: "a\u{1B}[2J\u{A}\u{9B}b""#)
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7f...0x9f).contains($0.value) })
        let long = RuntimeEvent.session(.insertText(String(repeating: "x", count: 1000))).logLine
        #expect(long == "[proxyCall] insertText text: \"" + String(repeating: "x", count: RuntimeEvent.logTextLimit) + "…\"")
    }

    @Test func quotesAndBackslashesInTextAreEscaped() {
        // Unambiguous: the text `a"b` is not the text `a` followed by a stray `b"`.
        #expect(RuntimeEvent.session(.insertText(#"a"b"#)).logLine == #"[proxyCall] insertText text: "a\"b""#)
        #expect(RuntimeEvent.session(.insertText(#"C:\dir"#)).logLine == #"[proxyCall] insertText text: "C:\\dir""#)
        // A backslash typed before a control character is doubled; the control character's spelling is not.
        #expect(RuntimeEvent.session(.insertText("\\\u{1B}")).logLine == #"[proxyCall] insertText text: "\\\u{1B}""#)
        #expect(RuntimeEvent.session(.setMarkedText("\"", selectedRange: NSRange(location: 1, length: 0))).logLine
            == #"[proxyCall] setMarkedText text: "\"", selectedRange: {1, 0}"#)
        // The cut counts the text's characters, not their escapes.
        let quotes = RuntimeEvent.session(.insertText(String(repeating: "\"", count: 1000))).logLine
        #expect(quotes == "[proxyCall] insertText text: \"" + String(repeating: #"\""#, count: RuntimeEvent.logTextLimit) + "…\"")
    }

    @Test func failureMessagesCarryNoTerminalBytes() {
        // xkb's and the engines' messages quote paths and dlerror text: escaped once, in the log line.
        let failure = RuntimeFailure.inputMethod(layoutID: "ja-JP", message: "dlopen /tmp/\u{1B}[2Jx.so: no such file\n")
        #expect(failure.logLine == #"[keyboard][inputMethod] layout ja-JP: typing without its input method: dlopen /tmp/\u{1B}[2Jx.so: no such file\u{A}"#)
        #expect(RuntimeEvent.failure(failure).logLine == failure.logLine)
    }

    @Test func secureTextIsShownAsTheSessionMaskedIt() throws {
        // Masked once, by the session: the line neither unmasks nor masks again.
        let masked = RuntimeEvent.session(.insertText(KeyboardSession.secureTextMask))
        #expect(masked.logLine == "[proxyCall] insertText text: \"\(KeyboardSession.secureTextMask)\"")

        TestEnvironment.isolateCaches()
        let emulator = try Emulator(configuration: EmulatorConfiguration(), clock: ManualClock())
        var lines: [String] = []
        emulator.addObserver { lines.append($0.logLine) }
        emulator.focus(traits: TextInputTraits(isSecureTextEntry: true))
        try emulator.typeText("hunter2")
        #expect(emulator.document?.text == "hunter2")
        #expect(!lines.isEmpty)
        #expect(!lines.contains { $0.contains("hunter") })
    }

    @Test func editsAndTheHostsOwnChangesMayModifyTheText() {
        let modifying: [RuntimeEvent] = [
            .session(.insertText("a")), .session(.deleteBackward), .session(.adjustTextPosition(1)),
            .session(.setMarkedText("a", selectedRange: NSRange(location: 1, length: 0))), .session(.unmarkText),
            .session(.textDidChange), .session(.selectionDidChange),
        ]
        let others: [RuntimeEvent] = [
            .session(.textWillChange), .session(.selectionWillChange), .session(.viewDidAppear),
            .session(.focusChanged(documentIdentifier: nil)), .session(.orientationChanged(.portrait)),
            .keyboardNotification(KeyboardNotification(name: .keyboardDidShow, frameBegin: .zero, frameEnd: .zero, isLocal: true)),
            .failure(.keymap(layoutID: "us", message: "x")),
        ]
        #expect(modifying.allSatisfy(InteractiveSession.mayModifyText))
        #expect(!others.contains(where: InteractiveSession.mayModifyText))
    }
}
