import AudioToolbox
import Foundation
import KeyboardTesting
import Testing
import UIKit

@Suite struct KeyboardSideTests {
    private func makeTester(
        device: DeviceProfile = .iPhone15, fidelity: FidelityProfile = .default
    ) -> KeyboardTester<SystemAwareKeyboard> {
        KeyboardTester(device: device, fidelity: fidelity, notificationCenter: NotificationCenter()) { SystemAwareKeyboard() }
    }

    @Test func overriddenProxyAndAccessReachTheKeyboardsOwnCode() throws {
        let tester = makeTester()
        tester.focusField()
        try tester.asKeyboard { $0.keyTapped("a") }
        let keyboard = try tester.keyboard()
        #expect(keyboard.inserted == ["a"])
        #expect(tester.text == "a")
        #expect(keyboard.hasFullAccess)
    }

    @Test func anItemConstraintOnTheViewSetsTheKeyboardsHeight() throws {
        let tester = makeTester()
        tester.focusField()
        let keyboard = try tester.keyboard()
        #expect(keyboard.preferredHeight == 250)
        #expect(keyboard.view.bounds.size == CGSize(width: 393, height: 250))
        #expect(tester.frameModel.frame?.height == 250)
        let layouts = keyboard.keysView.layoutCount
        keyboard.heightConstraint?.constant = 300
        #expect(keyboard.view.bounds.height == 300)
        #expect(keyboard.keysView.layoutCount == layouts + 1)
        #expect(tester.frameModel.frame?.height == 300)
    }

    @Test func keysAreSizedFromTheViewsWidthAndResizedOnRotation() throws {
        let tester = makeTester()
        tester.focusField()
        let keyboard = try tester.keyboard()
        #expect(keyboard.keyWidth == CGFloat(393 - 54) / 10)
        tester.rotate(to: .landscapeLeft)
        #expect(keyboard.transitions == [CGSize(width: 852, height: 250)])
        #expect(keyboard.sizeClassesSeen == [.compact])
        #expect(keyboard.completedTransitions == 1)
        #expect(keyboard.keyWidth == CGFloat(852 - 54) / 10)
        #expect(UIScreen.main.bounds.size == CGSize(width: 852, height: 393) || KeyboardSession.current !== tester.session)
        #expect(tester.session.screen.bounds.size == CGSize(width: 852, height: 393))
    }

    @Test func traitsFollowTheFieldsAppearanceAndTheDevice() throws {
        let tester = makeTester(device: .iPad10)
        tester.focusField()
        let keyboard = try tester.keyboard()
        #expect(keyboard.traitCollection.userInterfaceIdiom == .pad)
        #expect(keyboard.traitCollection.horizontalSizeClass == .regular)
        #expect(keyboard.traitCollection.userInterfaceStyle == .light)
        #expect(keyboard.view.traitCollection == keyboard.traitCollection)
        tester.focus(tester.addField(traits: TextInputTraits(keyboardAppearance: .dark)))
        #expect(keyboard.traitCollection.userInterfaceStyle == .dark)
        #expect(keyboard.traitChanges.count == 1)
        #expect(keyboard.traitChanges.first?.from == .light)
        #expect(keyboard.traitChanges.first?.to == .dark)
    }

    @Test func inputClicksPlayOnlyWhenTheInputViewEnablesThem() throws {
        let tester = makeTester()
        tester.focusField()
        let keyboard = try tester.keyboard()
        try tester.asKeyboard { $0.keyTapped("a") }
        #expect(tester.recorder.events.filter { $0 == .inputClick }.count == 1)
        keyboard.keysView.clicks = false
        try tester.asKeyboard { $0.keyTapped("b") }
        tester.session.keyboardClicksEnabled = false
        keyboard.keysView.clicks = true
        try tester.asKeyboard { $0.keyTapped("c") }
        #expect(tester.recorder.events.filter { $0 == .inputClick }.count == 1)
        #expect(tester.text == "abc")
    }

    @Test func theNotConnectedPhaseReadsAsIOSReportsItEarly() throws {
        var fidelity = FidelityProfile.default
        fidelity.reportsUnconnectedStateEarly = true
        let tester = makeTester(device: .iPhone15, fidelity: fidelity)
        let field = tester.focusField(traits: TextInputTraits(keyboardType: .numberPad))
        let keyboard = try tester.keyboard()
        let loaded = try #require(keyboard.loadedTraits)
        #expect(loaded.keyboardType == nil)
        #expect(loaded.needsGlobe)
        #expect(loaded.identifier != field.documentIdentifier)
        let appeared = try #require(keyboard.appearedTraits)
        #expect(appeared.keyboardType == .numberPad)
        #expect(!appeared.needsGlobe)
        #expect(appeared.identifier == field.documentIdentifier)
        #expect(tester.recorder.events.firstIndex(of: .textDidChange)! < tester.recorder.events.firstIndex(of: .viewDidAppear)!)
    }

    @Test func byDefaultTheKeyboardIsConnectedFromTheStart() throws {
        let tester = makeTester()
        let field = tester.focusField(traits: TextInputTraits(keyboardType: .numberPad))
        let loaded = try #require(try tester.keyboard().loadedTraits)
        #expect(loaded.keyboardType == .numberPad)
        #expect(loaded.identifier == field.documentIdentifier)
        #expect(!loaded.needsGlobe)
    }

    @Test func deviceAndScreenFollowTheSessionWhoseKeyboardAppearedLast() throws {
        let tester = makeTester(device: .iPhoneSE3)
        tester.focusField()
        // Another test may show its keyboard in between; read them while this one is current.
        if KeyboardSession.current === tester.session {
            #expect(UIDevice.current.userInterfaceIdiom == .phone)
            #expect(UIDevice.current.name == "iPhone SE (3rd generation)")
            #expect(UIScreen.main.scale == 2)
        }
        #expect(tester.session.screen.bounds == CGRect(x: 0, y: 0, width: 375, height: 667))
        #expect(tester.session.screen.nativeBounds.size == CGSize(width: 750, height: 1334))
        #expect(UIDeviceOrientation(.landscapeLeft) == .landscapeRight)
    }
}

/// A user's own proxy double: only UITextDocumentProxy's required members; every trait reads as not set.
final class ProxyDouble: UITextDocumentProxy {
    var before = ""
    var documentContextBeforeInput: String? { before.isEmpty ? nil : before }
    var documentContextAfterInput: String? { nil }
    var selectedText: String? { nil }
    var documentInputMode: UITextInputMode? { nil }
    let documentIdentifier = UUID()
    var hasText: Bool { !before.isEmpty }
    func adjustTextPosition(byCharacterOffset offset: Int) {}
    func setMarkedText(_ markedText: String, selectedRange: NSRange) {}
    func unmarkText() {}
    func insertText(_ text: String) { before += text }
    func deleteBackward() { if !before.isEmpty { before.removeLast() } }
}

/// Keyboard logic written against the protocol, as iOS developers test it with a double.
enum DoubleSpacePeriod {
    static func spaceTapped(_ proxy: UITextDocumentProxy) {
        if proxy.documentContextBeforeInput?.hasSuffix(" ") == true, proxy.keyboardType != .URL {
            proxy.deleteBackward()
            proxy.insertText(". ")
        } else {
            proxy.insertText(" ")
        }
    }
}

/// A keyboard whose keys are views that handle touches themselves, laid out from the view's width.
final class TouchKeyboard: UIInputViewController {
    final class KeyView: UIView {
        let character: String
        var pressed: ((String) -> Void)?
        private(set) var isDown = false

        init(character: String) {
            self.character = character
            super.init(frame: .zero)
        }

        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            isDown = true
        }

        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
            isDown = false
            if let touch = touches.first, bounds.contains(touch.location(in: self)) { pressed?(character) }
        }
    }

    let keys = "qwertyuiop".map { KeyView(character: String($0)) }
    let returnKey = UIButton(type: .system)

    override func viewDidLoad() {
        super.viewDidLoad()
        for key in keys {
            key.pressed = { [unowned self] in textDocumentProxy.insertText($0) }
            view.addSubview(key)
        }
        returnKey.setTitle("return", for: .normal)
        returnKey.addAction(UIAction { [unowned self] _ in textDocumentProxy.insertText("\n") }, for: .touchUpInside)
        view.addSubview(returnKey)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let width = view.bounds.width / CGFloat(keys.count)
        for (index, key) in keys.enumerated() {
            key.frame = CGRect(x: CGFloat(index) * width, y: 0, width: width, height: 50)
        }
        returnKey.frame = CGRect(x: view.bounds.width - 100, y: 60, width: 100, height: 50)
    }
}

@Suite struct TouchTests {
    @Test func touchesReachTheKeyUnderTheFingerAndControlsSendTheirEvents() throws {
        let tester = KeyboardTester(notificationCenter: NotificationCenter()) { TouchKeyboard() }
        tester.focusField()
        let keyWidth = 393.0 / 10
        #expect(try tester.touch(at: CGPoint(x: keyWidth * 0.5, y: 25)) is TouchKeyboard.KeyView)
        try tester.touch(at: CGPoint(x: keyWidth * 9.5, y: 25))
        #expect(try tester.touch(at: CGPoint(x: 380, y: 80)) is UIButton)
        #expect(tester.text == "qp\n")
        #expect(try tester.touch(at: CGPoint(x: 10, y: 200)) === (try tester.keyboard().view))
        #expect(tester.text == "qp\n")
    }
}

@Suite struct ProxyDoubleTests {
    @Test func aDoubleWithOnlyTheRequiredMembersWorks() {
        let proxy = ProxyDouble()
        proxy.insertText("Hi")
        DoubleSpacePeriod.spaceTapped(proxy)
        DoubleSpacePeriod.spaceTapped(proxy)
        #expect(proxy.before == "Hi. ")
        #expect(proxy.keyboardType == nil)
        #expect(proxy.returnKeyType == nil)
        #expect(proxy.isSecureTextEntry == nil)
    }
}

@Suite struct SystemServiceTests {
    final class HapticKeyboard: UIInputViewController {
        let impact = UIImpactFeedbackGenerator(style: .light)
        func keyTapped() {
            impact.impactOccurred()
            UISelectionFeedbackGenerator().selectionChanged()
        }
    }

    @Test(arguments: [true, false])
    func hapticsPlayOnlyWithFullAccess(fullAccess: Bool) throws {
        let tester = KeyboardTester(hasFullAccess: fullAccess, notificationCenter: NotificationCenter()) { HapticKeyboard() }
        tester.focusField()
        try tester.asKeyboard { $0.keyTapped() }
        let haptics = tester.recorder.events.filter { if case .hapticFeedback = $0 { true } else { false } }
        #expect(haptics == (fullAccess ? [.hapticFeedback("impact.light"), .hapticFeedback("selection")] : []))
    }

    final class ClickingKeyboard: UIInputViewController {
        func keyTapped() {
            AudioServicesPlaySystemSound(1104)
            AudioServicesPlaySystemSoundWithCompletion(kSystemSoundID_Vibrate) { [unowned self] in completions += 1 }
        }
        var completions = 0
    }

    @Test(arguments: [true, false])
    func systemSoundsPlayOnlyWithFullAccess(fullAccess: Bool) throws {
        let tester = KeyboardTester(hasFullAccess: fullAccess, notificationCenter: NotificationCenter()) { ClickingKeyboard() }
        var heard = 0
        // An observer of this kind alone (the last kind: it has a bit of its own in the observers' mask).
        tester.session.addObserver(for: [.systemSound]) { _ in heard += 1 }
        tester.focusField()
        try tester.asKeyboard { $0.keyTapped() }
        #expect(heard == (fullAccess ? 2 : 0))
        let sounds = tester.recorder.events.filter { if case .systemSound = $0 { true } else { false } }
        #expect(sounds == (fullAccess ? [.systemSound(1104), .systemSound(4095)] : []))
        #expect(try tester.keyboard().completions == 1, "the completion runs either way")
    }

    @Test func aPasteboardOfYourOwnHoldsStrings() {
        let board = UIPasteboard.withUniqueName()
        #expect(!board.hasStrings)
        board.string = "copied"
        #expect(board.string == "copied")
        board.strings = ["a", "b"]
        #expect(board.numberOfItems == 2)
        #expect(board.changeCount == 2)
    }

    @Test func springAnimationsAreRecordedAndRunAtOnce() {
        let view = UIView()
        var completed = false
        UIView.animate(
            withDuration: 0.3, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 0,
            options: [.curveEaseOut, .allowUserInteraction], animations: {
                view.alpha = 0
                #expect(UIView.inheritedAnimationDuration == 0.3)
            }, completion: { completed = $0 })
        #expect(view.alpha == 0)
        #expect(completed)
        #expect(UIView.recordedAnimations.contains { $0.springDamping == 0.7 && $0.options.curve == .easeOut })
        #expect(UIView.AnimationCurve(rawValue: 7)!.rawValue == 7)
    }

    @Test func safeAreaAndMarginGuidesFollowTheWindow() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
        window.safeAreaInsets = UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0)
        let view = UIView(frame: window.bounds)
        window.addSubview(view)
        #expect(view.safeAreaInsets == UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0))
        #expect(view.safeAreaLayoutGuide.layoutFrame == CGRect(x: 0, y: 59, width: 393, height: 759))
        #expect(view.layoutMarginsGuide.layoutFrame == CGRect(x: 8, y: 8, width: 377, height: 836))
    }
}

@Suite struct InertViewTests {
    @Test func buttonsFireTheirActionsPerEvent() {
        var fired: [String] = []
        let button = UIButton(type: .system)
        button.addAction(UIAction { _ in fired.append("down") }, for: .touchDown)
        // Weak, as on iOS: a button's action that held the button would keep both alive.
        button.addAction(UIAction(title: "Go") { [weak button] action in
            fired.append("up \((action.sender as? UIButton) === button)")
        }, for: .touchUpInside)
        let primary = UIAction { _ in fired.append("primary") }
        button.addAction(primary, for: .primaryActionTriggered)
        button.sendActions(for: .touchDown)
        button.sendActions(for: .touchUpInside)
        #expect(fired == ["down", "up true", "primary"])
        button.removeAction(primary, for: .primaryActionTriggered)
        button.sendActions(for: .touchUpInside)
        #expect(fired.last == "up true")
    }

    @Test func configuredButtonsTakeTheirTitleFromTheConfiguration() {
        var configuration = UIButton.Configuration.filled()
        configuration.title = "space"
        configuration.baseBackgroundColor = .systemGray4
        configuration.contentInsets = NSDirectionalEdgeInsets(top: 4, leading: 8, bottom: 4, trailing: 8)
        var tapped = 0
        let button = UIButton(configuration: configuration, primaryAction: UIAction { _ in tapped += 1 })
        #expect(button.currentTitle == "space")
        button.sendActions(for: .touchUpInside)
        #expect(tapped == 1)
        final class KeyView: UIView {
            override func draw(_ rect: CGRect) {
                UIColor.white.setFill()
                UIBezierPath(roundedRect: rect, cornerRadius: 5).fill()
            }
        }
        let key = KeyView(frame: CGRect(x: 0, y: 0, width: 30, height: 40))
        key.setNeedsDisplay()
        #expect(UIBezierPath(roundedRect: key.bounds, cornerRadius: 5).bounds == key.bounds)
    }

    @Test func titlesFallBackToTheNormalState() {
        let button = UIButton(type: .custom)
        button.setTitle("a", for: .normal)
        button.setTitle("A", for: .highlighted)
        #expect(button.title(for: .selected) == "a")
        #expect(button.currentTitle == "a")
        button.isHighlighted = true
        #expect(button.currentTitle == "A")
        #expect(button.titleLabel?.text == "a")
    }

    @Test func stackViewsKeepTheirArrangedSubviews() {
        let keys = ["q", "w", "e"].map { title -> UIButton in
            let button = UIButton(type: .system)
            button.setTitle(title, for: [])
            return button
        }
        let row = UIStackView(arrangedSubviews: keys)
        row.axis = .horizontal
        row.distribution = .fillEqually
        row.spacing = 6
        #expect(row.arrangedSubviews.count == 3)
        #expect(row.subviews.count == 3)
        keys[1].removeFromSuperview()
        #expect(row.arrangedSubviews.count == 2)
    }

    @Test func coloursAreValues() {
        #expect(UIColor(red: 1, green: 0, blue: 0, alpha: 1) == .red)
        #expect(UIColor.systemBlue != UIColor.blue)
        #expect(UIColor.white.withAlphaComponent(0.5).alpha == 0.5)
        let dynamic = UIColor { $0.userInterfaceStyle == .dark ? .white : .black }
        #expect(dynamic.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)) == .white)
        let view = UIView()
        view.backgroundColor = .systemBackground
        view.layer.cornerRadius = 5
        view.layer.borderColor = UIColor.gray.cgColor
        #expect(view.backgroundColor == .systemBackground)
    }

    @Test func itemConstraintsSeeThroughImplicitlyUnwrappedOutlets() {
        final class Keyboard: UIInputViewController {
            var key: UIButton!
            var constraint: NSLayoutConstraint?
            override func viewDidLoad() {
                super.viewDidLoad()
                key = UIButton(type: .system)
                view.addSubview(key)
                let outlet: Any = key as UIButton? as Any   // what an implicitly unwrapped outlet passes to `Any`
                constraint = NSLayoutConstraint(
                    item: outlet, attribute: .left, relatedBy: .equal, toItem: view as UIView?, attribute: .left,
                    multiplier: 1, constant: 0)
                view.addConstraint(constraint!)
            }
        }
        let keyboard = Keyboard()
        keyboard.loadViewIfNeeded()
        #expect(keyboard.constraint?.firstItem === keyboard.key)
        #expect(keyboard.constraint?.secondItem === keyboard.view)
        #expect(keyboard.view.constraints.count == 1)
    }

    @Test func geometryIsCoreGraphics() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
        let container = UIView(frame: CGRect(x: 0, y: 100, width: 393, height: 700))
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 50, width: 393, height: 600))
        let field = UIView(frame: CGRect(x: 16, y: 500, width: 361, height: 44))
        window.addSubview(container)
        container.addSubview(scroll)
        scroll.addSubview(field)
        scroll.contentOffset = CGPoint(x: 0, y: 200)
        #expect(field.convert(field.bounds, to: nil) == CGRect(x: 16, y: 450, width: 361, height: 44))
        #expect(container.convert(CGPoint(x: 16, y: 450), from: nil) == CGPoint(x: 16, y: 350))
        let keyboardFrame = CGRect(x: 0, y: 516, width: 393, height: 336)
        let overlap = keyboardFrame.intersection(container.frame)
        #expect(overlap.height == 284)
        #expect(field.window === window)
        field.center = CGPoint(x: 100, y: 100)
        #expect(field.frame.origin == CGPoint(x: -80.5, y: 78))
    }
}

@Suite struct OpenContainingAppTests {
    @Test(arguments: [false, true])
    func theResponderChainLeadsFromAKeyToTheApplication(hasFullAccess: Bool) throws {
        let tester = KeyboardTester(hasFullAccess: hasFullAccess, notificationCenter: NotificationCenter()) { OpenAppKeyboard() }
        tester.focusField()
        var opened: Bool?
        let found = try tester.asKeyboard { $0.openContainingApp(URL(string: "myapp://settings")!) { opened = $0 } }
        #expect(found)
        // iOS 26 (the default profile) switches to the containing app only with Full Access.
        #expect(opened == hasFullAccess)
        #expect(tester.recorder.events.contains(.urlOpened("myapp://settings", switched: hasFullAccess)))
        #expect(tester.session.presence == (hasFullAccess ? .hidden : .custom))
        guard !hasFullAccess else { return }
        // Without a completion handler (what most keyboards pass), the system is asked all the same.
        try tester.asKeyboard { $0.openContainingApp(URL(string: "myapp://again")!) }
        #expect(tester.recorder.events.contains(.urlOpened("myapp://again", switched: false)))
    }
}
