import Foundation
import KeyboardEmulator
import KeyboardJSON
import KeyboardRuntime
import Testing
import TestSupport
@testable import KeyboardDaemon

/// A hosted keyboard's own views over JSON-RPC and in the terminal: touched by position, tapped by title,
/// drawn as a picture and in cells.
@Suite struct HostedViewsRPCTests {
    /// Three buttons in a row, filling the keyboard's view.
    final class RowKeyboard: InputViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            let row = StackView(arrangedSubviews: ["a", "b", "c"].map { title in
                let button = Button(type: .system)
                button.setTitle(title, for: .normal)
                button.addAction(Action { [unowned self] _ in textDocumentProxy.insertText(title) }, for: .touchUpInside)
                return button
            })
            row.distribution = .fillEqually
            row.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(row)
            ViewPinning.pin(row, to: view)
        }
    }

    func makeHarness() throws -> RPCHarness<Emulator> {
        TestEnvironment.isolateCaches()
        let emulator = try Emulator(configuration: EmulatorConfiguration(), clock: ManualClock(), keyboard: .custom { RowKeyboard() })
        emulator.focus(text: "", traits: nil)
        return RPCHarness(service: emulator)
    }

    @Test func aTouchAtAPointTapsTheButtonThere() throws {
        let rpc = try makeHarness()
        let width = try #require(rpc.emulator.session.controller?.view.bounds.width)
        let result = try rpc.result("touch", ["x": .number(Double(width) * 5 / 6), "y": 20])
        #expect(result["view"]?.stringValue == "UIButton 'c'")
        #expect(rpc.emulator.session.focusedField?.document.text == "c")
        let nothing = try rpc.result("touch", ["x": -5, "y": 20])
        #expect(nothing["view"] == .null)
        #expect(try rpc.errorCode("touch", ["x": "left", "y": 1]) == -32602)
        #expect(try rpc.errorCode("touch", ["x": 1e300, "y": 1]) == -32602)
    }

    @Test func aDragThatLeavesTheButtonDoesNotTapIt() throws {
        let rpc = try makeHarness()
        _ = try rpc.result("touch", ["x": 10, "y": 20, "toX": 10, "toY": -400])
        #expect(rpc.emulator.session.focusedField?.document.text == "", "moved off the key and cancelled at the top edge")
    }

    @Test func tapControlFindsAButtonByTitleAndNamesTheOthersWhenItCannot() throws {
        let rpc = try makeHarness()
        _ = try rpc.result("tapControl", ["title": "b"])
        #expect(rpc.emulator.session.focusedField?.document.text == "b")
        let error = try rpc.call("tapControl", ["title": "z"])
        #expect(error["error"]?["code"]?.intValue == -32602)
        #expect(error["error"]?["message"]?.stringValue?.contains("there are: a, b, c") == true)
    }

    @Test func renderAnswersTheKeyboardsPicture() throws {
        let rpc = try makeHarness()
        let svg = try rpc.result("render", ["format": "svg"])["picture"]?.stringValue ?? ""
        #expect(svg.hasPrefix("<svg") && svg.contains(">b</text>"))
        let tree = try rpc.result("render", ["format": "tree"])["picture"]?.stringValue ?? ""
        #expect(tree.contains(#"UIButton (0 0; "#) && tree.contains(#"title="a""#))
        #expect(try rpc.errorCode("render", ["format": "png"]) == -32602)
    }

    @Test func theTerminalDrawsTheKeyboardsOwnButtonsAndAClickIsATouch() throws {
        let rpc = try makeHarness()
        let picture = rpc.emulator.keyboardPicture(columns: 30, rows: 6)
        #expect(picture.viewSize != nil)
        let lines = try #require(picture.lines).map(\.text)
        #expect(lines.contains { $0.contains("[   a    ]") && $0.contains("[   c    ]") }, "\(lines)")
        let target = InteractiveView.PointerTarget.keyboardView(line: 2, lines: 6, columns: 30, size: try #require(picture.viewSize))
        let point = try #require(target.point(atColumn: 15))
        #expect(try rpc.emulator.touch(from: point, to: point, duration: .zero, steps: 0, cancelled: false) == "UIButton 'b'")
    }
}

/// Pins a view to its superview's edges with anchors (what the keyboards above write out by hand).
enum ViewPinning {
    static func pin(_ view: View, to container: View) {
        LayoutConstraint.activate([
            view.leadingAnchor.constraint(equalTo: container.leadingAnchor), view.trailingAnchor.constraint(equalTo: container.trailingAnchor),
            view.topAnchor.constraint(equalTo: container.topAnchor), view.bottomAnchor.constraint(equalTo: container.bottomAnchor),
        ])
    }
}
