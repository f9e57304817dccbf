import Foundation
import KeyboardTesting
import Testing
import TestSupport
import UIKit

/// A collection view in a keyboard (an emoji keyboard as iOS ones are written): only the items in view
/// have cells, cells are reused as they scroll away, a tap selects and types, a drag scrolls.
@MainActor
@Suite struct CollectionViewTests {
    func makeTester() throws -> (KeyboardTester<EmojiKeyboard>, EmojiKeyboard) {
        let tester = KeyboardTester(device: .iPhone15, notificationCenter: NotificationCenter()) { EmojiKeyboard() }
        tester.focusField()
        return (tester, try tester.keyboard())
    }

    @Test func aHorizontalFlowLayoutFillsColumnsTopToBottomJustifiedInsideTheInsets() throws {
        let (_, keyboard) = try makeTester()
        let collection = try #require(keyboard.collectionView)
        let height = collection.bounds.height
        #expect(collection.frame == keyboard.view.bounds)
        let perColumn = Int((height - 16 + 4) / 44)
        let first = try #require(collection.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))).frame
        let lastInColumn = try #require(collection.layoutAttributesForItem(at: IndexPath(item: perColumn - 1, section: 0))).frame
        let nextColumn = try #require(collection.layoutAttributesForItem(at: IndexPath(item: perColumn, section: 0))).frame
        #expect(first == CGRect(x: 8, y: 8, width: 40, height: 40))
        #expect(abs(lastInColumn.maxY - (height - 8)) < 0.001, "a full column is spread over the height: \(lastInColumn) in \(height)")
        #expect(nextColumn.origin == CGPoint(x: 52, y: 8), "the next column is the line spacing away")
        let columns = (EmojiKeyboard.emoji.count + perColumn - 1) / perColumn
        #expect(collection.contentSize == CGSize(width: 16 + CGFloat(columns) * 40 + CGFloat(columns - 1) * 4, height: height))
    }

    @Test func onlyTheItemsInViewHaveCellsAndTheyAreDrawn() throws {
        let (tester, keyboard) = try makeTester()
        let collection = try #require(keyboard.collectionView)
        let visible = collection.indexPathsForVisibleItems
        #expect(!visible.isEmpty && visible.count < EmojiKeyboard.emoji.count, "\(visible.count) of \(EmojiKeyboard.emoji.count)")
        for indexPath in visible {
            let cell = try #require(collection.cellForItem(at: indexPath) as? EmojiCell)
            #expect(cell.frame.intersects(collection.bounds))
            #expect(cell.label.text == EmojiKeyboard.emoji[indexPath.item])
            #expect(cell.superview === collection)
        }
        let beyond = IndexPath(item: EmojiKeyboard.emoji.count - 1, section: 0)
        #expect(collection.cellForItem(at: beyond) == nil)
        let tree = try tester.render(as: .tree)
        #expect(tree.contains("UICollectionView (0 0;") && tree.contains("EmojiCell (8 8; 40 40)"), "\(tree)")
        #expect(try tester.render(as: .svg).contains(">\(EmojiKeyboard.emoji[0])</text>"))
    }

    @Test func aTapOnAnEmojiSelectsItAndTypesIt() throws {
        let (tester, keyboard) = try makeTester()
        let collection = try #require(keyboard.collectionView)
        let cell = try #require(collection.cellForItem(at: IndexPath(item: 1, section: 0)))
        let centre = cell.convert(CGPoint(x: cell.bounds.midX, y: cell.bounds.midY), to: keyboard.view)
        try tester.touch(at: centre)
        #expect(tester.text == EmojiKeyboard.emoji[1])
        #expect(keyboard.selections == [IndexPath(item: 1, section: 0)])
        #expect(collection.indexPathsForSelectedItems == [], "the keyboard deselects at once")
        #expect(!cell.isHighlighted)
    }

    @Test func aDragScrollsTheItemsAndReusesTheCellsThatLeft() throws {
        let (tester, keyboard) = try makeTester()
        let collection = try #require(keyboard.collectionView)
        let before = Set(collection.visibleCells.map(ObjectIdentifier.init))
        let start = CGPoint(x: 300, y: 60)
        try tester.drag(from: start, to: CGPoint(x: 100, y: 60))
        #expect(tester.text == "", "the drag took the touch from the emoji under it")
        #expect(keyboard.selections.isEmpty)
        #expect(collection.contentOffset == CGPoint(x: 200, y: 0))
        #expect(keyboard.scrolls > 0, "scrollViewDidScroll")
        #expect(!collection.isDragging)
        let now = collection.indexPathsForVisibleItems
        #expect(now.allSatisfy { collection.layoutAttributesForItem(at: $0)!.frame.intersects(collection.bounds) })
        #expect(now.contains { $0.item > (before.count) }, "later emoji came into view")
        let reused = collection.visibleCells.filter { before.contains(ObjectIdentifier($0)) }
        #expect(!reused.isEmpty, "cells that scrolled away were reused")
        for cell in collection.visibleCells {
            let indexPath = try #require(collection.indexPath(for: cell))
            #expect((cell as? EmojiCell)?.label.text == EmojiKeyboard.emoji[indexPath.item])
        }
        // A drag cannot go past the content's end.
        for _ in 0..<20 { try tester.drag(from: CGPoint(x: 380, y: 60), to: CGPoint(x: 10, y: 60)) }
        #expect(collection.contentOffset.x == collection.contentSize.width - collection.bounds.width)
    }
}

/// A collection view on its own: flow layout lines, selection, scrolling to an item.
@MainActor
@Suite struct CollectionViewModelTests {
    final class Numbers: NSObject, UICollectionViewDataSource, UICollectionViewDelegate {
        var count: Int
        var deselected: [IndexPath] = []
        init(_ count: Int) { self.count = count }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { count }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "n", for: indexPath)
        }
        func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) { deselected.append(indexPath) }
    }

    func make(_ count: Int, width: CGFloat = 320) -> (UICollectionView, UICollectionViewFlowLayout, Numbers) {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 30)
        let collection = UICollectionView(frame: CGRect(x: 0, y: 0, width: width, height: 100), collectionViewLayout: layout)
        collection.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "n")
        let numbers = Numbers(count)
        collection.dataSource = numbers
        collection.delegate = numbers
        collection.layoutIfNeeded()
        return (collection, layout, numbers)
    }

    @Test func aDequeuedCellIsAlreadyAtItsItemsFrame() throws {
        final class Measuring: NSObject, UICollectionViewDataSource {
            var seen: [CGRect] = []
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 2 }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "n", for: indexPath)
                seen.append(cell.bounds)
                return cell
            }
        }
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 30)
        let collection = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 100), collectionViewLayout: layout)
        collection.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "n")
        let source = Measuring()
        collection.dataSource = source
        collection.layoutIfNeeded()
        #expect(source.seen == [CGRect(x: 0, y: 0, width: 100, height: 30), CGRect(x: 0, y: 0, width: 100, height: 30)])
    }

    @Test func theContentInsetsNarrowTheLinesAndAnAnimatedScrollSaysItEnded() throws {
        final class Listener: NSObject, UIScrollViewDelegate {
            var ended = 0
            func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { ended += 1 }
        }
        let (collection, _, numbers) = make(6)
        collection.contentInset = UIEdgeInsets(top: 0, left: 10, bottom: 0, right: 10)
        collection.collectionViewLayout.invalidateLayout()
        collection.layoutIfNeeded()
        let second = try #require(collection.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))).frame
        let third = try #require(collection.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))).frame
        #expect(second.origin == CGPoint(x: 200, y: 0), "two items a line in the 300 points the insets leave, justified")
        #expect(third.origin == CGPoint(x: 0, y: 40), "the third starts the second line (three fit in 320)")
        #expect(collection.contentSize == CGSize(width: 300, height: 110))
        _ = numbers
        let listener = Listener()
        collection.delegate = listener
        collection.setContentOffset(CGPoint(x: 0, y: 5), animated: true)
        collection.setContentOffset(CGPoint(x: 0, y: 0), animated: false)
        #expect(listener.ended == 1)
    }

    @Test func aVerticalFlowLayoutJustifiesFullLinesAndCentresALoneItem() throws {
        let (collection, _, _) = make(4)
        let frames = (0..<4).map { collection.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))!.frame }
        #expect(frames[0].origin == CGPoint(x: 0, y: 0))
        #expect(frames[1].origin == CGPoint(x: 110, y: 0))
        #expect(frames[2].origin == CGPoint(x: 220, y: 0))
        #expect(frames[3].origin == CGPoint(x: 110, y: 40), "alone on its line: centred (UIKit's flow layout)")
        #expect(collection.contentSize == CGSize(width: 320, height: 70))
        #expect(collection.indexPathForItem(at: CGPoint(x: 150, y: 50)) == IndexPath(item: 3, section: 0))
        #expect(collection.indexPathForItem(at: CGPoint(x: 105, y: 10)) == nil, "between two items")
    }

    @Test func selectionIsSingleUnlessMultipleIsAllowed() throws {
        let (collection, _, numbers) = make(6)
        collection.selectItem(at: IndexPath(item: 0, section: 0), animated: false, scrollPosition: [])
        collection.selectItem(at: IndexPath(item: 2, section: 0), animated: false, scrollPosition: [])
        #expect(collection.indexPathsForSelectedItems == [IndexPath(item: 2, section: 0)])
        #expect(collection.cellForItem(at: IndexPath(item: 2, section: 0))?.isSelected == true)
        #expect(collection.cellForItem(at: IndexPath(item: 0, section: 0))?.isSelected == false)
        #expect(numbers.deselected.isEmpty, "programmatic changes are not told to the delegate, as in UIKit")
        collection.allowsMultipleSelection = true
        collection.selectItem(at: IndexPath(item: 3, section: 0), animated: false, scrollPosition: [])
        #expect(collection.indexPathsForSelectedItems == [IndexPath(item: 2, section: 0), IndexPath(item: 3, section: 0)])
    }

    @Test func scrollingToAnItemStaysWithinTheContentAndReloadingAsksAgain() throws {
        let (collection, _, numbers) = make(30)
        #expect(collection.contentSize.height == 390)
        collection.scrollToItem(at: IndexPath(item: 15, section: 0), at: .top, animated: false)
        #expect(collection.contentOffset == CGPoint(x: 0, y: 200))
        collection.scrollToItem(at: IndexPath(item: 29, section: 0), at: .top, animated: false)
        #expect(collection.contentOffset == CGPoint(x: 0, y: 290), "the last line cannot come to the top")
        #expect(collection.indexPathsForVisibleItems.contains(IndexPath(item: 29, section: 0)))
        numbers.count = 2
        collection.reloadData()
        collection.layoutIfNeeded()
        #expect(collection.numberOfItems(inSection: 0) == 2)
        #expect(collection.contentSize.height == 30)
    }
}
