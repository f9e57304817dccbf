import Foundation
import KeyboardSnapshotTesting
import KeyboardTesting
import SnapshotTesting
import Testing
import UIKit

/// The snapshot strategies against committed reference files (`__Snapshots__`; a missing one is recorded
/// and the test fails, as swift-snapshot-testing does).
@MainActor
@Suite struct KeyboardSnapshotTests {
    /// Two rows of buttons in stack views.
    final class TwoRowKeyboard: UIInputViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = UIColor(white: 0.85, alpha: 1)
            let rows = [["a", "b", "c"], ["space"]].map { titles in
                let row = UIStackView(arrangedSubviews: titles.map { title in
                    let button = UIButton(type: .system)
                    button.setTitle(title, for: .normal)
                    button.backgroundColor = .white
                    button.layer.cornerRadius = 5
                    return button
                })
                row.distribution = .fillEqually
                row.spacing = 6
                return row
            }
            let column = UIStackView(arrangedSubviews: rows)
            column.axis = .vertical
            column.distribution = .fillEqually
            column.spacing = 8
            column.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(column)
            NSLayoutConstraint.activate([
                column.topAnchor.constraint(equalTo: view.topAnchor, constant: 8),
                column.bottomAnchor.constraint(equalTo: view.bottomAnchor, constant: -8),
                column.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 4),
                column.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -4),
            ])
        }
    }

    func makeTester() -> KeyboardTester<TwoRowKeyboard> {
        let tester = KeyboardTester(device: .iPhone15, notificationCenter: NotificationCenter()) { TwoRowKeyboard() }
        tester.focusField()
        return tester
    }

    @Test func aTestersKeyboardAsATree() {
        assertSnapshot(of: makeTester(), as: .tree)
    }

    @Test func aControllersViewAsSVG() throws {
        let tester = makeTester()
        assertSnapshot(of: try tester.keyboard(), as: .svg)
    }

    @Test func aKeyboardThatMovedNoLongerMatches() throws {
        let tester = makeTester()
        try tester.keyboard().view.subviews.first?.subviews.first?.subviews.first?.isHidden = true
        let failure = verifySnapshot(of: tester, as: .tree, named: "1", record: .never, testName: "aTestersKeyboardAsATree")
        #expect(failure?.contains("hidden") == true, "the diff names the view that changed: \(failure ?? "no failure")")
    }
}
