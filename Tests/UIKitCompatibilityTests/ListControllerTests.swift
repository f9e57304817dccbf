import Foundation
import KeyboardTesting
import Testing
import UIKit

/// `UICollectionViewController` and `UITableViewController` subclasses as iOS keyboards write them: the data
/// source and delegate methods overridden, section headers from `viewForSupplementaryElementOfKind`.
@Suite struct ListControllerTests {
    final class Header: UICollectionReusableView {
        let title = UILabel()
        override init(frame: CGRect) {
            super.init(frame: frame)
            addSubview(title)
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    }

    final class Cell: UICollectionViewCell {
        let label = UILabel()
        override init(frame: CGRect) {
            super.init(frame: frame)
            contentView.addSubview(label)
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    }

    /// Two categories of emoji, each under its header: a keyboard's picker as a collection controller.
    final class Picker: UICollectionViewController, UICollectionViewDelegateFlowLayout {
        static let sections = [("Smileys", ["😀", "😂", "🥲"]), ("Animals", ["🐶", "🐱"])]
        var tapped: [String] = []

        override func viewDidLoad() {
            super.viewDidLoad()
            collectionView.register(Cell.self, forCellWithReuseIdentifier: "cell")
            collectionView.register(Header.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
                                    withReuseIdentifier: "header")
        }
        override func numberOfSections(in collectionView: UICollectionView) -> Int { Self.sections.count }
        override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
            Self.sections[section].1.count
        }
        override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath) as! Cell
            cell.label.text = Self.sections[indexPath.section].1[indexPath.item]
            return cell
        }
        override func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                                     at indexPath: IndexPath) -> UICollectionReusableView {
            let header = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "header", for: indexPath) as! Header
            header.title.text = Self.sections[indexPath.section].0
            return header
        }
        override func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
            tapped.append(Self.sections[indexPath.section].1[indexPath.item])
        }
        var headersShown: [Int] = [], headersGone: [Int] = []
        override func collectionView(_ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
                                     forElementKind elementKind: String, at indexPath: IndexPath) {
            headersShown.append(indexPath.section)
        }
        override func collectionView(_ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView,
                                     forElementOfKind elementKind: String, at indexPath: IndexPath) {
            headersGone.append(indexPath.section)
        }
        func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                            sizeForItemAt indexPath: IndexPath) -> CGSize { CGSize(width: 40, height: 40) }
        func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                            referenceSizeForHeaderInSection section: Int) -> CGSize { CGSize(width: 0, height: 24) }
    }

    final class Keyboard: UIInputViewController {
        let picker = Picker(collectionViewLayout: UICollectionViewFlowLayout())
        override func viewDidLoad() {
            super.viewDidLoad()
            addChild(picker)
            picker.view.frame = view.bounds
            picker.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            view.addSubview(picker.view)
            picker.didMove(toParent: self)
        }
    }

    @Test func aCollectionControllerFeedsItsViewAndHeadersComeBeforeTheirSections() throws {
        let tester = KeyboardTester(notificationCenter: NotificationCenter()) { Keyboard() }
        tester.focusField()
        let picker = try tester.keyboard().picker
        let collection = try #require(picker.collectionView)
        collection.layoutIfNeeded()
        #expect(collection.dataSource === picker && collection.delegate === picker)
        #expect(picker.collectionViewLayout === collection.collectionViewLayout)
        let header = try #require(collection.layoutAttributesForSupplementaryElement(
            ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0)))
        #expect(header.frame == CGRect(x: 0, y: 0, width: collection.bounds.width, height: 24))
        #expect(header.representedElementCategory == .supplementaryView)
        let first = try #require(collection.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)))
        #expect(first.frame.minY == 24 && first.representedElementCategory == .cell)
        let second = try #require(collection.layoutAttributesForSupplementaryElement(
            ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1)))
        #expect(second.frame.minY == CGFloat(24 + 40))   // after the first section's one line
        let headers = collection.visibleSupplementaryViews(ofKind: UICollectionView.elementKindSectionHeader)
        #expect(headers.compactMap { ($0 as? Header)?.title.text } == ["Smileys", "Animals"])
        #expect(collection.visibleCells.count == 5)
        // A tap on a header selects nothing; a tap on a cell reaches the overridden delegate method.
        _ = try tester.touch(at: CGPoint(x: 5, y: 5))
        let cell = try #require(collection.cellForItem(at: IndexPath(item: 1, section: 1)))
        _ = try tester.touch(at: cell.convert(CGPoint(x: 20, y: 20), to: tester.keyboard().view))
        #expect(picker.tapped == ["🐱"])
        let tree = try tester.render(as: .tree)
        #expect(tree.contains("Header (0 0;") && tree.contains("Header (0 64;"), "\(tree)")

        // Reloading takes the headers away and shows them again, reusing the same views.
        #expect(picker.headersShown == [0, 1] && picker.headersGone.isEmpty)
        let before = Set(headers.map(ObjectIdentifier.init))
        collection.reloadData()
        collection.layoutIfNeeded()
        #expect(picker.headersGone.sorted() == [0, 1] && picker.headersShown.count == 4)
        let after = collection.visibleSupplementaryViews(ofKind: UICollectionView.elementKindSectionHeader)
        #expect(Set(after.map(ObjectIdentifier.init)) == before)

        // A layout that adjusts its superclass's attributes works on copies.
        let original = try #require(collection.collectionViewLayout.layoutAttributesForElements(in: collection.bounds)?.first)
        let copy = try #require(original.copy() as? UICollectionViewLayoutAttributes)
        copy.frame.origin.y += 100
        #expect(copy !== original && original.frame.minY == 0 && copy.frame.minY == 100)
        #expect(copy.representedElementKind == original.representedElementKind && copy.indexPath == original.indexPath)
    }

    @Test func aTableControllerIsItsTablesDataSourceAndDelegate() throws {
        final class Settings: UITableViewController {
            var selected: [IndexPath] = []
            override func viewDidLoad() {
                super.viewDidLoad()
                tableView.register(UITableViewCell.self, forCellReuseIdentifier: "row")
            }
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
                cell.textLabel?.text = "Option \(indexPath.row)"
                return cell
            }
            override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { selected.append(indexPath) }
        }
        let settings = Settings(style: .insetGrouped)
        settings.view.frame = CGRect(x: 0, y: 0, width: 320, height: 400)
        settings.tableView.layoutIfNeeded()
        #expect(settings.tableView.dataSource === settings && settings.tableView.style == .insetGrouped)
        #expect(settings.tableView.visibleCells.compactMap { $0.textLabel?.text } == ["Option 0", "Option 1", "Option 2"])
        (settings.tableView.delegate as? UITableViewDelegate)?.tableView(settings.tableView, didSelectRowAt: IndexPath(row: 2, section: 0))
        #expect(settings.selected == [IndexPath(row: 2, section: 0)])
        #expect(UICollectionViewController(collectionViewLayout: UICollectionViewFlowLayout()).collectionView.numberOfItems(inSection: 0) == 0)
        // As iOS code makes them: no initializer of the subclass's own, or through init(nibName:bundle:).
        final class About: UITableViewController {}
        final class Grid: UICollectionViewController {
            init() { super.init(nibName: nil, bundle: nil) }
            required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
        }
        #expect(About().tableView.style == .plain)
        #expect(Grid().collectionViewLayout is UICollectionViewFlowLayout)
        let plain = UICollectionViewController()
        #expect(plain.collectionView.dataSource === plain)
    }
}
