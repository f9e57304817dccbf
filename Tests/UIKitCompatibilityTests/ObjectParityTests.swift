import CoreGraphics
import Foundation
import KeyboardTesting
import QuartzCore
import Testing
import UIKit
import UniformTypeIdentifiers

/// What iOS code takes for granted because UIKit's classes are `NSObject`s and its frameworks come with it:
/// `==` on views, coordinate spaces, literals, font descriptors, controls' tracking, the pasteboard's types —
/// each written as the iOS samples write it.
@Suite struct ObjectParityTests {
    @Test func viewsCompareAsObjectsUnlessTheyOverrideIsEqual() {
        final class Tagged: UIView {
            override func isEqual(_ object: Any?) -> Bool { (object as? Tagged)?.tag == tag }
            override var hash: Int { tag }
        }
        let a = UIView(), b = UIView()
        #expect(a == a && a != b)
        #expect(Set([a, b, a]).count == 2)
        let first = Tagged(), second = Tagged()
        first.tag = 3
        second.tag = 3
        #expect(first == second)
        #expect(Set<UIView>([first, second]).count == 1)
        let controller = UIViewController()
        #expect(controller == controller && controller != UIViewController())
        #expect(UIScreen.main.isEqual(UIScreen.main))
        #expect(Set([UIScreen.main]).contains(UIScreen.main))
    }

    /// iOS code leans on UIKit's classes being `NSObject`s: delegate protocols refined from
    /// `NSObjectProtocol`, `isKind(of:)`, items compared and kept in sets, objects where `NSObject` is asked.
    @Test func uikitsObjectsAreNSObjects() {
        protocol KeyRowDelegate: NSObjectProtocol {
            func keyRow(didTap key: String)
        }
        final class Controller: UIInputViewController, KeyRowDelegate {
            var tapped: [String] = []
            func keyRow(didTap key: String) { tapped.append(key) }
        }
        final class KeyRow: UIView {
            weak var delegate: KeyRowDelegate?
        }
        let controller = Controller(), row = KeyRow()
        row.delegate = controller
        row.delegate?.keyRow(didTap: "a")
        #expect(controller.tapped == ["a"])
        #expect(row.delegate?.isEqual(controller) == true)
        #expect(row.isKind(of: UIView.self) && !row.isMember(of: UIView.self))
        #expect(UIPanGestureRecognizer().isKind(of: UIGestureRecognizer.self))

        func owners(_ objects: [NSObject]) -> Int { Set(objects).count }
        let done = UIBarButtonItem(systemItem: .done), cancel = UIBarButtonItem(systemItem: .cancel)
        let ok = UIAlertAction(title: "OK", style: .default, handler: nil)
        #expect(owners([row, controller, CALayer(), UIScreen.main, done, cancel, done, ok, ok, UINavigationItem()]) == 8)
        #expect(done == done && done != cancel)
        #expect("\(ok)".hasPrefix("<AlertAction: 0x"))
    }

    @Test func theScreensCoordinateSpaceConvertsTheKeyboardsFrameIntoAView() throws {
        let tester = KeyboardTester(notificationCenter: NotificationCenter()) { UIInputViewController() }
        let panel = UIView(frame: CGRect(x: 0, y: 300, width: 393, height: 400))
        tester.window.addSubview(panel)
        let keyboard = CGRect(x: 0, y: 516, width: 393, height: 336)
        let screen = tester.window.screen
        let fromScreen: UICoordinateSpace = screen.coordinateSpace
        let inPanel = fromScreen.convert(keyboard, to: panel)
        #expect(inPanel == CGRect(x: 0, y: 216, width: 393, height: 336))
        #expect(panel.convert(inPanel, to: screen.coordinateSpace) == keyboard)
        #expect(panel.convert(CGPoint(x: 1, y: 2), to: panel as UICoordinateSpace) == CGPoint(x: 1, y: 2))
        #expect(screen.coordinateSpace.bounds == screen.bounds)
        #expect(screen.isEqual(panel.window?.screen))
        #expect(keyboard.debugDescription == "(0.0, 516.0, 393.0, 336.0)")
    }

    @Test func literalsIndexPathsAndTheKeyboardsAnimationCurve() {
        let image = #imageLiteral(resourceName: "Plants")
        #expect(image.name == "Plants")
        let color = #colorLiteral(red: 1, green: 0.5, blue: 0, alpha: 1)
        #expect(color == UIColor(red: 1, green: 0.5, blue: 0, alpha: 1))
        let path = NSIndexPath(item: 4, section: 2)
        #expect(path.section == 2 && path.item == 4 && path.row == 4)
        #expect(NSIndexPath(row: 1, section: 0).row == 1)

        func options(for curve: UIView.AnimationCurve) -> UIView.AnimationOptions {
            switch curve {
            case .easeInOut: .curveEaseInOut
            case .easeIn: .curveEaseIn
            case .easeOut: .curveEaseOut
            case .linear: .curveLinear
            default: UIView.AnimationOptions(rawValue: UInt(curve.rawValue) << 16)
            }
        }
        let keyboards = UIView.AnimationCurve(rawValue: 7)
        #expect(keyboards?.rawValue == 7)
        #expect(options(for: keyboards!).rawValue == 7 << 16)
        #expect(options(for: .easeOut) == .curveEaseOut)
        #expect(UIView.AnimationCurve(rawValue: 5) == nil)
        #expect(UIView.AnimationOptions(rawValue: 7 << 16).curve.rawValue == 7)
    }

    @Test func fontDescriptorsDeriveBoldItalicAndRoundedFonts() {
        let body = UIFont.preferredFont(forTextStyle: .body)
        let boldDescriptor = body.fontDescriptor.withSymbolicTraits(.traitBold)
        let bold = boldDescriptor.map { UIFont(descriptor: $0, size: 0) }
        #expect(bold?.pointSize == body.pointSize)
        #expect(bold?.fontDescriptor.symbolicTraits.contains(.traitBold) == true)
        let label = UILabel(), boldLabel = UILabel()
        label.text = "Wide"
        boldLabel.text = "Wide"
        label.font = body
        boldLabel.font = bold ?? body
        #expect(boldLabel.intrinsicContentSize.width > label.intrinsicContentSize.width)
        let italic = UIFont(descriptor: body.fontDescriptor.withSymbolicTraits([.traitItalic, .traitBold])!, size: 20)
        #expect(italic.pointSize == 20)
        #expect(italic.fontDescriptor.symbolicTraits == [.traitItalic, .traitBold])
        #expect(italic != bold)
        let rounded = body.fontDescriptor.withDesign(.rounded)
        #expect(rounded != nil)
        #expect(UIFont(name: "Avenir", size: 12)?.fontDescriptor.withDesign(.rounded) == nil)
        #expect(UIFontDescriptor.preferredFontDescriptor(withTextStyle: .headline).pointSize == 17)
    }

    @Test func readableContentAndTheOverriddenInterfaceStyleReachSubviews() {
        let wide = UIView(frame: CGRect(x: 0, y: 0, width: 1024, height: 300))
        wide.layoutMargins = UIEdgeInsets(top: 0, left: 20, bottom: 0, right: 20)
        #expect(wide.readableContentGuide.layoutFrame == CGRect(x: 176, y: 0, width: 672, height: 300))
        let narrow = UIView(frame: CGRect(x: 0, y: 0, width: 393, height: 300))
        narrow.layoutMargins = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 16)
        #expect(narrow.readableContentGuide.layoutFrame.width == 361)

        final class Watching: UIView {
            var changes: [UIUserInterfaceStyle] = []
            override func traitCollectionDidChange(_ previous: UITraitCollection?) {
                changes.append(traitCollection.userInterfaceStyle)
            }
        }
        let root = UIView(), child = Watching()
        root.addSubview(child)
        let environment = root.traitCollection.userInterfaceStyle
        root.overrideUserInterfaceStyle = .dark
        #expect(child.traitCollection.userInterfaceStyle == .dark)
        #expect(child.changes == (environment == .dark ? [] : [.dark]))
        child.overrideUserInterfaceStyle = .light
        #expect(child.traitCollection.userInterfaceStyle == .light)
        let controller = UIViewController(), childController = UIViewController()
        controller.addChild(childController)
        controller.overrideUserInterfaceStyle = .dark
        #expect(controller.view.traitCollection.userInterfaceStyle == .dark)
        #expect(childController.traitCollection.userInterfaceStyle == .dark)  // a child's traits are its parent's
    }

    @Test func bezierPathsAreHitTestedByTheirFillRuleAndCopied() {
        let ring = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 100, height: 100))
        ring.append(UIBezierPath(ovalIn: CGRect(x: 25, y: 25, width: 50, height: 50)))
        #expect(ring.contains(CGPoint(x: 50, y: 50)))          // non-zero: both ovals turn the same way
        ring.usesEvenOddFillRule = true
        #expect(!ring.contains(CGPoint(x: 50, y: 50)))         // even-odd: the hole
        #expect(ring.contains(CGPoint(x: 10, y: 50)))
        #expect(!ring.contains(CGPoint(x: 2, y: 2)))           // outside the curve, inside its bounds
        let copy = ring.copy() as! UIBezierPath
        copy.apply(CGAffineTransform(translationX: 200, y: 0))
        #expect(copy.contains(CGPoint(x: 210, y: 50)) && !ring.contains(CGPoint(x: 210, y: 50)))
        #expect(copy.usesEvenOddFillRule)
        let triangle = CGMutablePath()
        triangle.move(to: .zero)
        triangle.addLine(to: CGPoint(x: 10, y: 0))
        triangle.addLine(to: CGPoint(x: 0, y: 10))
        triangle.closeSubpath()
        #expect(triangle.contains(CGPoint(x: 2, y: 2)) && !triangle.contains(CGPoint(x: 8, y: 8)))
        // Reversed: the same shape (a closed subpath and the open one after it), drawn the other way.
        let open = UIBezierPath()
        open.move(to: .zero)
        open.addLine(to: CGPoint(x: 10, y: 0))
        open.addLine(to: CGPoint(x: 10, y: 10))
        open.close()
        open.addLine(to: CGPoint(x: 0, y: 20))
        let reversed = open.reversing()
        #expect(reversed.contains(CGPoint(x: 8, y: 2)) && !reversed.contains(CGPoint(x: 2, y: 8)))
        #expect(reversed.bounds == open.bounds)
        let ring2 = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 100, height: 100))
        ring2.append(UIBezierPath(ovalIn: CGRect(x: 25, y: 25, width: 50, height: 50)).reversing())
        #expect(!ring2.contains(CGPoint(x: 50, y: 50)))             // a reversed inner oval is a hole (non-zero)
    }

    @Test func theToolbarsAndAlertsOfOtherFrameworksAndTheirTypesCompileAsOnIOS() {
        // import CoreGraphics / QuartzCore beside UIKit: the same names.
        let layer: CALayer = CAShapeLayer()
        let path: CGPath = CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4), transform: nil)
        #expect(layer.frame == .zero && path.boundingBox.width == 4)
        #expect(UIButton(type: .system).role == .normal)
        let button = UIButton(type: .system)
        button.role = .destructive
        #expect(button.role.rawValue == 3)
        #expect(UIColor.tertiarySystemFill != UIColor.secondarySystemFill)
        #expect(UIApplication.shared.isProtectedDataAvailable)
    }
}

/// A key of one's own: a control that tracks the finger (its pop-up follows it) and can hand it over.
@Suite struct ControlTrackingTests {
    final class Key: UIControl {
        var tracked: [String] = []
        var keepsTracking = true
        var tracks = true
        override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
            tracked.append("begin")
            return tracks
        }
        override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
            tracked.append("continue")
            return keepsTracking
        }
        override func endTracking(_ touch: UITouch?, with event: UIEvent?) { tracked.append("end") }
        override func cancelTracking(with event: UIEvent?) {
            tracked.append("cancel")
            super.cancelTracking(with: event)
        }
    }

    final class Board: UIInputViewController {
        let key = Key(frame: CGRect(x: 100, y: 50, width: 60, height: 60))
        var events: [String] = []
        override func viewDidLoad() {
            super.viewDidLoad()
            view.addSubview(key)
            for (event, name) in [(UIControl.Event.touchDown, "down"), (.touchDragExit, "exit"), (.touchDragEnter, "enter"),
                                  (.touchUpInside, "up-inside"), (.touchUpOutside, "up-outside"), (.touchCancel, "cancel")] {
                key.addAction(UIAction { [unowned self] _ in events.append(name) }, for: event)
            }
        }
    }

    @Test func aDragOutAndBackSendsExitAndEnterAndEndsInside() throws {
        let tester = KeyboardTester(notificationCenter: NotificationCenter()) { Board() }
        tester.focusField()
        let board = try tester.keyboard()
        try tester.drag(from: CGPoint(x: 130, y: 80), to: CGPoint(x: 130, y: 200), steps: 4)
        #expect(board.events == ["down", "exit", "up-outside"])
        #expect(board.key.tracked.first == "begin" && board.key.tracked.last == "end")
        #expect(!board.key.isTracking && !board.key.isTouchInside)
        board.events = []
        try tester.touches(along: [[CGPoint(x: 130, y: 80), CGPoint(x: 130, y: 200), CGPoint(x: 140, y: 90)]])
        #expect(board.events == ["down", "exit", "enter", "up-inside"])
    }

    @Test func aKeyThatStopsTrackingOrRefusesToTrackSendsNoLift() throws {
        let tester = KeyboardTester(notificationCenter: NotificationCenter()) { Board() }
        tester.focusField()
        let board = try tester.keyboard()
        board.key.keepsTracking = false
        try tester.drag(from: CGPoint(x: 130, y: 80), to: CGPoint(x: 135, y: 85), steps: 3)
        #expect(board.events == ["down"])
        #expect(board.key.tracked == ["begin", "continue"])
        board.events = []
        board.key.keepsTracking = true
        board.key.tracks = false
        _ = try tester.touch(at: CGPoint(x: 130, y: 80))
        #expect(board.events == ["down"])
        board.events = []
        board.key.tracks = true
        // Its own code hands the touch over: cancelTracking sends .touchCancel and nothing after.
        board.key.addAction(UIAction { [unowned board] _ in board.key.cancelTracking(with: nil) }, for: .touchDown)
        _ = try tester.touch(at: CGPoint(x: 130, y: 80))
        #expect(board.events == ["down", "cancel"])
        #expect(board.key.tracked.suffix(2) == ["begin", "cancel"])
    }
}

/// The pasteboard's items and types, as clipboard keyboards use them.
@Suite(.serialized) struct PasteboardTypesTests {
    @Test func itemsOfSeveralTypesAndTheirUniformTypes() {
        let board = UIPasteboard.withUniqueName()
        board.string = "hello"
        #expect(board.types == ["public.utf8-plain-text"])
        #expect(board.hasStrings && !board.hasImages)
        #expect(board.data(forPasteboardType: UTType.utf8PlainText.identifier) == Data("hello".utf8))
        let png = Data([0x89, 0x50, 0x4E, 0x47])
        board.setData(png, forPasteboardType: UTType.png.identifier)
        #expect(!board.hasStrings && board.string == nil)
        #expect(board.data(forPasteboardType: "public.png") == png)
        #expect(board.contains(pasteboardTypes: [UTType.png.identifier]))
        board.urls = [URL(string: "https://swift.org")!, URL(string: "https://example.com")!]
        #expect(board.numberOfItems == 2 && board.url?.host == "swift.org")
        board.images = [UIImage(named: "sticker")!]
        #expect(board.image?.name == "sticker" && board.hasImages)
        let before = board.changeCount
        board.addItems([["public.utf8-plain-text": "more"]])
        #expect(board.changeCount == before + 1 && board.strings == ["more"])
        #expect(board.items.count == 2)
        // Text stored as data, or under another plain-text type, reads as a string (as UIKit coerces it).
        board.setData(Data("as data".utf8), forPasteboardType: UTType.utf8PlainText.identifier)
        #expect(board.hasStrings && board.string == "as data")
        board.setValue("plain", forPasteboardType: UTType.plainText.identifier)
        #expect(board.string == "plain")
        board.setValue("https://swift.org", forPasteboardType: UTType.url.identifier)
        #expect(board.hasURLs && board.url?.host == "swift.org")

        #expect(UTType.png.conforms(to: .image) && UTType.png.conforms(to: .data) && !UTType.png.conforms(to: .text))
        #expect(UTType.utf8PlainText.conforms(to: .text))
        #expect(UTType(filenameExtension: "PNG") == .png)
        #expect(UTType(mimeType: "text/plain") == .plainText)
        #expect(UTType("com.example.sticker")?.conforms(to: .data) == true)
        #expect(UTType("") == nil)
    }
}

/// Objects print as NSObjects do, and a class of one's own overrides `description` as on iOS.
@Suite struct ObjectDescriptionTests {
    @Test func viewsAndControllersDescribeThemselvesAndOverridesCompile() {
        final class KeyView: UIView {
            override var description: String { "key " + super.description }
        }
        let key = KeyView(frame: CGRect(x: 0, y: 0, width: 40, height: 44.5))
        #expect(key.description.hasPrefix("key <KeyView: 0x"))
        #expect(key.description.hasSuffix("; frame = (0 0; 40 44.5)>"))
        #expect("\(UIViewController())".hasPrefix("<ViewController: 0x"))
        #expect(CALayer().debugDescription.hasPrefix("<Layer: 0x"))
    }
}
