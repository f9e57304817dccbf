import Foundation
import KeyboardTesting
import Testing
import TestSupport
import UIKit

/// A table view in a keyboard: rows stacked at their height, cells only for the rows in view and reused
/// (the old `dequeueReusableCell(withIdentifier:) ?? UITableViewCell(…)` way), a tap types, a drag scrolls.
@MainActor
@Suite struct TableViewTests {
    func makeTester() throws -> (KeyboardTester<SnippetKeyboard>, SnippetKeyboard) {
        let tester = KeyboardTester(device: .iPhone15, notificationCenter: NotificationCenter()) { SnippetKeyboard() }
        tester.focusField()
        return (tester, try tester.keyboard())
    }

    @Test func rowsAreStackedAtTheirHeightAndOnlyThoseInViewHaveCells() throws {
        let (tester, keyboard) = try makeTester()
        let table = try #require(keyboard.tableView)
        #expect(table.contentSize == CGSize(width: table.bounds.width, height: 40 * 36))
        #expect(table.rectForRow(at: IndexPath(row: 3, section: 0)) == CGRect(x: 0, y: 108, width: table.bounds.width, height: 36))
        let visible = try #require(table.indexPathsForVisibleRows)
        #expect(visible.count == Int((table.bounds.height / 36).rounded(.up)), "\(visible.count) rows in \(table.bounds.height)")
        let first = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        #expect(first.textLabel?.text == "Snippet 1")
        #expect(table.indexPathForRow(at: CGPoint(x: 10, y: 40)) == IndexPath(row: 1, section: 0))
        let tree = try tester.render(as: .tree)
        #expect(tree.contains("UITableView (0 0;") && tree.contains(#"UILabel (16 0; "#) && tree.contains(#"text="Snippet 1""#), "\(tree)")
    }

    @Test func aTapTypesTheRowAndMarksIt() throws {
        let (tester, keyboard) = try makeTester()
        let table = try #require(keyboard.tableView)
        let row = table.rectForRow(at: IndexPath(row: 2, section: 0))
        try tester.touch(at: table.convert(CGPoint(x: row.midX, y: row.midY), to: keyboard.view))
        #expect(tester.text == "Snippet 3")
        #expect(keyboard.lastUsed == IndexPath(row: 2, section: 0))
        #expect(table.indexPathForSelectedRow == nil, "deselected in didSelectRowAt")
        table.layoutIfNeeded()
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.accessoryType == .checkmark)
        #expect(try tester.render(as: .svg).contains("<title>checkmark</title>"))
    }

    @Test func aDragScrollsAndRowsAreReused() throws {
        let (tester, keyboard) = try makeTester()
        let table = try #require(keyboard.tableView)
        let before = Set(table.visibleCells.map(ObjectIdentifier.init))
        try tester.drag(from: CGPoint(x: 100, y: 200), to: CGPoint(x: 100, y: 20))
        #expect(table.contentOffset.y == 180)
        #expect(tester.text == "")
        let rows = try #require(table.indexPathsForVisibleRows)
        #expect(rows.first == IndexPath(row: 5, section: 0))
        #expect(table.visibleCells.contains { before.contains(ObjectIdentifier($0)) }, "rows that left were reused")
        for cell in table.visibleCells {
            let indexPath = try #require(table.indexPath(for: cell))
            #expect(cell.textLabel?.text == SnippetKeyboard.snippets[indexPath.row])
        }
        table.scrollToRow(at: IndexPath(row: 39, section: 0), at: .bottom, animated: false)
        #expect(table.contentOffset.y == table.contentSize.height - table.bounds.height)
    }
}
