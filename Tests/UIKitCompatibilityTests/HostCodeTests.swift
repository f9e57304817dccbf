import Foundation
import KeyboardHost
import KeyboardScenario
import KeyboardTesting
import Testing
import UIKit
import TestSupport

private let packageRoot = TestPaths.packageRoot

/// Records the UIKit notifications a center receives (unchecked: used by one test, on its thread).
private final class NoteLog: @unchecked Sendable {
    private(set) var notes: [Notification] = []
    private var observers: [NSObjectProtocol] = []
    private let center: NotificationCenter

    init(_ center: NotificationCenter, names: [Notification.Name], object: AnyObject? = nil) {
        self.center = center
        for name in names {
            observers.append(center.addObserver(forName: name, object: object, queue: nil) { [unowned self] note in
                notes.append(note)
            })
        }
    }

    deinit { observers.forEach(center.removeObserver) }

    var names: [String] { notes.map(\.name.rawValue) }
}

private let keyboardNames: [Notification.Name] = [
    UIResponder.keyboardWillShowNotification, UIResponder.keyboardDidShowNotification,
    UIResponder.keyboardWillHideNotification, UIResponder.keyboardDidHideNotification,
    UIResponder.keyboardWillChangeFrameNotification, UIResponder.keyboardDidChangeFrameNotification,
]

/// Host code from the seed articles, compiled against `import UIKit` and driven by the emulator.
///
/// Not `@MainActor`: Foundation on Linux delivers a `queue: .main` observer by enqueueing it on the main
/// queue and waiting, so a poster already on the main queue would wait for itself.
@Suite struct HostCodeTests {
    @Test func notificationsArriveUnderUIKitsNamesInTheFrameModelsOrder() throws {
        let center = NotificationCenter()
        let log = NoteLog(center, names: keyboardNames)
        let tester = KeyboardTester(notificationCenter: center) { UIInputViewController() }
        tester.focusField()
        #expect(log.names == [
            "UIKeyboardWillChangeFrameNotification", "UIKeyboardWillShowNotification",
            "UIKeyboardDidChangeFrameNotification", "UIKeyboardDidShowNotification",
        ])
        let info = try #require(log.notes[1].userInfo)
        let end = try #require(info[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect)
        #expect(end == CGRect(x: 0, y: 516, width: 393, height: 336))
        #expect((info[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue == end)
        #expect((info[UIResponder.keyboardFrameBeginUserInfoKey] as? NSValue)?.cgRectValue == end.offsetBy(dx: 0, dy: 336))
        #expect(info[UIResponder.keyboardAnimationDurationUserInfoKey] as? Double == 0.25)
        #expect((info[UIResponder.keyboardAnimationDurationUserInfoKey] as? NSNumber)?.doubleValue == 0.25)
        #expect(info[UIResponder.keyboardAnimationCurveUserInfoKey] as? Int == 7)
        #expect(info[UIResponder.keyboardAnimationCurveUserInfoKey] as? UInt == 7)
        #expect(info[UIResponder.keyboardIsLocalUserInfoKey] as? Bool == true)
        #expect(log.notes[1].object as AnyObject? === tester.session.screen)
        // Animation keys come with the "will" notifications only.
        #expect(log.notes[3].userInfo?[UIResponder.keyboardAnimationDurationUserInfoKey] == nil)
        // They match what the typed notification center recorded.
        #expect(tester.notifications.map(\.name.notificationName) == log.notes.map(\.name))
    }

    @Test func theDefaultCenterIsWhereTheKeyboardPostsUnlessTold() throws {
        let tester = KeyboardTester { UIInputViewController() }
        // Other tests post to the default center too: keep this session's notes by their object.
        let log = NoteLog(.default, names: [UIResponder.keyboardWillShowNotification], object: tester.session.screen)
        tester.focusField()
        tester.resignFocus()
        tester.focusField()
        #expect(log.notes.count == 2)
    }

    @Test func theSeedsTrackerFollowsEveryStepOfTheIPadScenario() throws {
        let scenario = try Scenario.load(file: packageRoot.appendingPathComponent("Scenarios/ipad-move-split.yaml").path)
        let center = NotificationCenter()
        let runner = ScenarioRunner(scenario: scenario, systemNotificationCenter: center)
        let tracker = KeyboardHeightTracker(window: runner.model.mainApp.window, center: center)
        defer { tracker.stop() }
        var heights: [CGFloat] = []
        for (index, step) in scenario.steps.enumerated() {
            _ = try runner.run(step, index: index + 1)
            #expect(tracker.height == runner.model.expectedTrackedHeight(for: runner.model.mainApp), "step \(index + 1)")
            heights.append(tracker.height)
        }
        #expect(heights.first == 315)
        #expect(heights.contains(0))
        #expect(tracker.log.first == "[keyboard][tracker] keyboardWillChangeFrame: calculated height - 315.0")
    }

    @Test func theContentInsetIsTheCoveredPartAndTheFieldScrollsIntoView() throws {
        let center = NotificationCenter()
        let tester = KeyboardTester(notificationCenter: center) { UIInputViewController() }
        let scrollView = UIScrollView(frame: tester.window.bounds)
        scrollView.contentSize = CGSize(width: 393, height: 1400)
        let field = UIView(frame: CGRect(x: 16, y: 700, width: 361, height: 44))
        scrollView.addSubview(field)
        tester.window.addSubview(scrollView)
        let adjuster = ScrollViewKeyboardAdjuster(scrollView: scrollView, center: center)
        defer { adjuster.stop() }
        adjuster.activeField = field
        tester.focusField()
        #expect(scrollView.contentInset.bottom == 336)
        #expect(scrollView.verticalScrollIndicatorInsets.bottom == 336)
        // The adjusted insets add the safe area (59 top, 34 bottom) under `.automatic`, as on iOS: the field's
        // bottom (744) comes up to 852 − 336 − 34.
        #expect(scrollView.adjustedContentInset.bottom == CGFloat(336 + 34))
        #expect(scrollView.contentOffset.y == CGFloat(744 - (852 - 336 - 34)))
        #expect(UIView.recordedAnimations.contains { $0.duration == 0.25 && $0.options.curve.rawValue == 7 })
        tester.resignFocus()
        #expect(scrollView.contentInset == .zero)
    }

    @Test func aMessageTableKeepsItsNewestRowAboveTheKeyboard() throws {
        let center = NotificationCenter()
        let tester = KeyboardTester(notificationCenter: center) { UIInputViewController() }
        let chat = MessagesTableController(frame: tester.window.bounds, center: center)
        defer { chat.stop() }
        tester.window.addSubview(chat.tableView)
        chat.tableView.layoutIfNeeded()
        #expect(chat.tableView.contentSize.height == CGFloat(30 * 44))
        tester.focusField()
        let table = chat.tableView
        #expect(table.contentInset.bottom == 336)
        // The newest row's bottom sits on the keyboard's top (852 − 336), the safe area's 34 below it added
        // by the automatic adjustment as on iOS.
        let newest = table.rectForRow(at: IndexPath(row: 29, section: 0))
        #expect(newest.maxY - table.contentOffset.y == CGFloat(852 - 336 - 34))
        #expect(table.cellForRow(at: IndexPath(row: 29, section: 0))?.textLabel?.text == "Message 30", "the newest row is in view")
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0)) == nil, "the oldest scrolled away")
        tester.resignFocus()
        #expect(table.contentInset.bottom == 0)
    }

    @Test func typingReachesTheTextViewsDelegateAndTheFieldsChangeNotifications() throws {
        let center = NotificationCenter()
        let tester = KeyboardTester(notificationCenter: center) { UIInputViewController() }
        let compose = ComposeViewController()
        tester.window.rootViewController = compose
        compose.view.layoutIfNeeded()
        let notes = NoteLog(center, names: [UITextField.textDidChangeNotification, UITextField.textDidBeginEditingNotification,
                                            UITextView.textDidChangeNotification, UITextView.textDidEndEditingNotification])
        compose.subject.becomeFirstResponder()
        try tester.typeKeys("Hi", layout: "us")
        #expect(compose.subject.text == "Hi")
        #expect(compose.fieldChanges == 2, "one .editingChanged a typed character")
        compose.subject.text = "Hello"   // the app's own change: no notification, as in UIKit
        compose.textView.becomeFirstResponder()
        #expect(compose.editingStarted == 1)
        try tester.typeKeys("ok", layout: "us")
        try tester.typeKeys("\u{8}", layout: "us")   // backspace
        #expect(compose.textView.text == "o")
        #expect(compose.typedChanges == 3)
        #expect(compose.send.isEnabled)
        #expect(compose.textView.selectedRange == NSRange(location: 1, length: 0))
        compose.textView.selectedRange = NSRange(location: 0, length: 1)
        #expect(tester.session.focusedField?.document.selectedRange == NSRange(location: 0, length: 1), "the field's selection moved")
        #expect(notes.names == [
            "UITextFieldTextDidBeginEditingNotification", "UITextFieldTextDidChangeNotification", "UITextFieldTextDidChangeNotification",
            "UITextViewTextDidChangeNotification", "UITextViewTextDidChangeNotification", "UITextViewTextDidChangeNotification",
        ])
        #expect(notes.notes.allSatisfy { $0.object as AnyObject === compose.subject || $0.object as AnyObject === compose.textView })
    }

    @Test func additionalSafeAreaInsetsLiftWhatIsPinnedToTheSafeArea() throws {
        let center = NotificationCenter()
        let tester = KeyboardTester(notificationCenter: center) { UIInputViewController() }
        let compose = ComposeViewController()
        tester.window.rootViewController = compose
        compose.view.layoutIfNeeded()
        #expect(compose.send.frame.maxY == CGFloat(852 - 34), "on the home indicator's safe area")
        compose.keyboardFrameChanged(to: CGRect(x: 0, y: 852 - 336, width: 393, height: 336))
        #expect(compose.additionalSafeAreaInsets.bottom == CGFloat(336 - 34))
        #expect(compose.view.safeAreaInsets.bottom == 336)
        #expect(compose.send.frame.maxY == CGFloat(852 - 336), "the send button sits on the keyboard")
        #expect(compose.textView.safeAreaInsets.bottom == 0, "the text view ends above the button, outside the insets")
    }

    @Test func theLayoutGuideUserSitsOnTheKeyboardAndFollowsItUndocked() throws {
        let tester = KeyboardTester(device: .iPad10, notificationCenter: NotificationCenter()) { UIInputViewController() }
        let chat = ChatViewController()
        tester.window.rootViewController = chat
        #expect(chat.appearedCount == 1)
        #expect(chat.view.keyboardLayoutGuide.followsUndockedKeyboard)
        // No keyboard: the guide is the bottom safe-area strip.
        #expect(chat.view.keyboardLayoutGuide.layoutFrame == CGRect(x: 0, y: 1160, width: 820, height: 20))
        tester.focusField()
        let keyboard = try #require(tester.frameModel.frame)
        #expect(chat.view.keyboardLayoutGuide.layoutFrame == CGRect(x: 0, y: keyboard.minY, width: 820, height: 1180 - keyboard.minY))
        #expect(chat.inputBarFrame.maxY == keyboard.minY)
        try tester.frameModel.undock(at: 400)
        #expect(chat.view.keyboardLayoutGuide.layoutFrame == tester.frameModel.frame)
        chat.view.keyboardLayoutGuide.followsUndockedKeyboard = false
        #expect(chat.view.keyboardLayoutGuide.layoutFrame.minY == 1160)
    }

    /// WWDC21's pattern: an input bar on the keyboard while it is docked, and back at the safe area's bottom
    /// while an undocked keyboard is away from the bottom (`setConstraints(_:activeWhenNearEdge:)`).
    @Test func constraintsSetByEdgeFollowTheKeyboardAsItUndocks() throws {
        let tester = KeyboardTester(device: .iPad10, notificationCenter: NotificationCenter()) { UIInputViewController() }
        let controller = UIViewController()
        tester.window.rootViewController = controller
        let view = controller.view!
        let bar = UIView()
        bar.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(bar)
        let guide = view.keyboardLayoutGuide
        guide.followsUndockedKeyboard = true
        NSLayoutConstraint.activate([
            bar.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            bar.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            bar.heightAnchor.constraint(equalToConstant: 50),
        ])
        let onKeyboard = bar.bottomAnchor.constraint(equalTo: guide.topAnchor)
        let onSafeArea = bar.bottomAnchor.constraint(equalTo: view.safeAreaLayoutGuide.bottomAnchor)
        guide.setConstraints([onKeyboard], activeWhenNearEdge: .bottom)
        guide.setConstraints([onSafeArea], activeWhenAwayFrom: .bottom)
        #expect(onKeyboard.isActive && !onSafeArea.isActive, "no keyboard: the guide is near the bottom")
        tester.focusField()
        view.layoutIfNeeded()
        let keyboard = try #require(tester.frameModel.frame)
        #expect(bar.frame.maxY == keyboard.minY)
        try tester.frameModel.undock(at: 400)
        view.layoutIfNeeded()
        let undocked = try #require(tester.frameModel.frame)
        #expect(undocked.midY < 1180 / 2 || undocked.midY > 1180 / 2)
        let nearBottom = undocked.midY > 1180 / 2
        #expect(onKeyboard.isActive == nearBottom && onSafeArea.isActive == !nearBottom, "\(undocked)")
        if !nearBottom { #expect(bar.frame.maxY == 1160, "back on the safe area's bottom") }
    }

    /// A form laid out with Auto Layout inside a scroll view, as apps build them since iOS 11: content pinned to
    /// `contentLayoutGuide` (which makes the content size), its width to `frameLayoutGuide`.
    @Test func aScrollViewsContentGuideMakesItsContentSize() throws {
        let tester = KeyboardTester(notificationCenter: NotificationCenter()) { UIInputViewController() }
        let controller = UIViewController()
        tester.window.rootViewController = controller
        let scroll = UIScrollView()
        scroll.translatesAutoresizingMaskIntoConstraints = false
        controller.view.addSubview(scroll)
        let form = UIView()
        form.translatesAutoresizingMaskIntoConstraints = false
        scroll.addSubview(form)
        NSLayoutConstraint.activate([
            scroll.topAnchor.constraint(equalTo: controller.view.topAnchor),
            scroll.leadingAnchor.constraint(equalTo: controller.view.leadingAnchor),
            scroll.trailingAnchor.constraint(equalTo: controller.view.trailingAnchor),
            scroll.bottomAnchor.constraint(equalTo: controller.view.bottomAnchor),
            form.topAnchor.constraint(equalTo: scroll.contentLayoutGuide.topAnchor, constant: 20),
            form.leadingAnchor.constraint(equalTo: scroll.contentLayoutGuide.leadingAnchor),
            form.trailingAnchor.constraint(equalTo: scroll.contentLayoutGuide.trailingAnchor),
            form.bottomAnchor.constraint(equalTo: scroll.contentLayoutGuide.bottomAnchor),
            form.widthAnchor.constraint(equalTo: scroll.frameLayoutGuide.widthAnchor),
            form.heightAnchor.constraint(equalToConstant: 1200),
        ])
        controller.view.layoutIfNeeded()
        #expect(scroll.contentSize == CGSize(width: 393, height: 1220))
        #expect(form.frame == CGRect(x: 0, y: 20, width: 393, height: 1200))
        #expect(scroll.contentLayoutGuide.layoutFrame == CGRect(x: 0, y: 0, width: 393, height: 1220))
        scroll.contentOffset = CGPoint(x: 0, y: 300)
        controller.view.layoutIfNeeded()
        #expect(form.frame.minY == 20, "scrolling moves what the view shows, not the content")
        #expect(scroll.frameLayoutGuide.layoutFrame == CGRect(x: 0, y: 300, width: 393, height: 852))
        // A scroll view whose content guide nothing constrains keeps the size it was given.
        let plain = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        plain.contentSize = CGSize(width: 100, height: 500)
        _ = plain.contentLayoutGuide
        controller.view.addSubview(plain)
        controller.view.layoutIfNeeded()
        #expect(plain.contentSize == CGSize(width: 100, height: 500))
    }

    @Test func appsPostTheirLifecycleNotificationsInScenarioOrder() throws {
        let center = NotificationCenter()
        let log = NoteLog(center, names: [
            UIApplication.willResignActiveNotification, UIApplication.didEnterBackgroundNotification,
            UIApplication.willEnterForegroundNotification, UIApplication.didBecomeActiveNotification,
            UIResponder.keyboardWillHideNotification, UIResponder.keyboardWillShowNotification,
        ])
        let tester = KeyboardTester(notificationCenter: center) { UIInputViewController() }
        let mail = tester.frameModel.mainApp
        let notes = tester.frameModel.addApp("notes")
        let note = tester.addField()
        tester.frameModel.assign(note, to: notes)
        tester.focusField()
        #expect(UIApplication.shared.applicationState == .active)
        tester.frameModel.switchApp(to: notes, focusing: note)
        #expect(UIApplication.shared.applicationState == .background)
        #expect(log.names == [
            "UIKeyboardWillShowNotification",
            "UIApplicationWillResignActiveNotification",
            "UIKeyboardWillHideNotification",
            "UIKeyboardWillShowNotification",   // the seed's quirk: the leaving app hears the next show
            "UIApplicationDidEnterBackgroundNotification",
        ])
        let leavingShow = try #require(log.notes.dropFirst(3).first)
        #expect(leavingShow.userInfo?[UIResponder.keyboardIsLocalUserInfoKey] as? Bool == false)
        tester.frameModel.switchApp(to: mail)
        #expect(log.names.suffix(3) == [
            "UIApplicationWillEnterForegroundNotification", "UIApplicationDidBecomeActiveNotification",
            "UIKeyboardWillShowNotification",
        ])
    }

    @Test func aTextFieldThatBecomesFirstResponderBringsUpTheKeyboardWithItsTraits() throws {
        let center = NotificationCenter()
        let log = NoteLog(center, names: [UIResponder.keyboardWillShowNotification, UIResponder.keyboardWillHideNotification])
        let tester = KeyboardTester(notificationCenter: center) { UIInputViewController() }
        let field = UITextField(frame: CGRect(x: 16, y: 100, width: 361, height: 44))
        field.keyboardType = .emailAddress
        field.returnKeyType = .send
        field.text = "me@"
        let bar = UIView(frame: CGRect(x: 0, y: 0, width: 393, height: 44))
        field.inputAccessoryView = bar
        tester.window.addSubview(field)
        #expect(field.becomeFirstResponder())
        #expect(field.isFirstResponder)
        #expect(log.names == ["UIKeyboardWillShowNotification"])
        let proxy = try tester.proxy()
        #expect(proxy.keyboardType == .emailAddress)
        #expect(proxy.returnKeyType == .send)
        #expect(tester.frameModel.frame?.height == CGFloat(336 + 44))
        proxy.insertText("example.com")
        #expect(field.text == "me@example.com")
        field.text = ""
        #expect(tester.text == "")
        #expect(tester.window.endEditing(true))
        #expect(!field.isFirstResponder)
        #expect(log.names.last == "UIKeyboardWillHideNotification")
        #expect(tester.frameModel.inputAccessoryHeight == 0)
        #expect(field.text == "")
    }

    @Test func theKeyboardGoingAwayEndsEditingAndReturnReachesTheDelegate() throws {
        final class Delegate: UITextFieldDelegate {
            var events: [String] = []
            func textFieldDidBeginEditing(_ textField: UITextField) { events.append("begin") }
            func textFieldDidEndEditing(_ textField: UITextField) { events.append("end") }
            func textFieldShouldReturn(_ textField: UITextField) -> Bool {
                events.append("return")
                return true
            }
        }
        let tester = KeyboardTester(notificationCenter: NotificationCenter()) { UIInputViewController() }
        let delegate = Delegate()
        let search = UITextField(frame: CGRect(x: 16, y: 100, width: 361, height: 44))
        search.delegate = delegate
        let notes = UITextView(frame: CGRect(x: 16, y: 200, width: 361, height: 200))
        tester.window.addSubview(search)
        tester.window.addSubview(notes)
        search.becomeFirstResponder()
        try tester.proxy().insertText("swift")
        try tester.proxy().insertText("\n")
        #expect(delegate.events == ["begin", "return"])
        #expect(search.text == "swift")
        notes.becomeFirstResponder()
        #expect(!search.isFirstResponder)
        #expect(delegate.events == ["begin", "return", "end"])
        try tester.keyboard().dismissKeyboard()
        #expect(!notes.isFirstResponder)
        #expect(tester.frameModel.state == .hidden)
    }

    @Test func aTextViewOutsideAnAppsWindowKeepsItsTextAndShowsNoKeyboard() {
        let tester = KeyboardTester(notificationCenter: NotificationCenter()) { UIInputViewController() }
        let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 393, height: 80))
        textView.text = "draft"
        #expect(textView.becomeFirstResponder())
        #expect(tester.focusedField == nil)
        #expect(textView.text == "draft")
    }
}

/// The App Group container and the memory warning as iOS code reaches them through `import UIKit`.
@Suite struct SandboxUIKitTests {
    final class SettingsKeyboard: UIInputViewController {
        var layout: String?
        var warnings: [Notification] = []
        override func viewDidLoad() {
            super.viewDidLoad()
            guard let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.example.keyboard")
            else { return }
            layout = try? String(contentsOf: container.appendingPathComponent("layout.txt"), encoding: .utf8)
        }
    }

    @Test func settingsTheContainingAppWroteReachTheKeyboard() throws {
        let tester = KeyboardTester { SettingsKeyboard() }
        // The containing app (the test, as host code) writes its settings into the shared container.
        let container = try #require(FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.example.keyboard"))
        try "dvorak".write(to: container.appendingPathComponent("layout.txt"), atomically: true, encoding: .utf8)
        tester.focusField()
        #expect(try tester.keyboard().layout == "dvorak")
        #expect(container.path.hasPrefix(tester.session.appGroupDirectory!.path))
        #expect(FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "../escape") == nil)
    }

    @Test func eachTesterHasItsOwnContainer() throws {
        let first = KeyboardTester { SettingsKeyboard() }
        let a = try #require(FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.x"))
        let second = KeyboardTester { SettingsKeyboard() }
        let b = try #require(FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.x"))
        #expect(a != b)
        _ = (first, second)
    }

    @Test func theMemoryWarningNotificationFollowsTheControllersCallback() throws {
        var megabytes = 0
        let tester = KeyboardTester(memoryLimit: 50, footprint: KeyboardSession.FootprintSource { megabytes * 1_048_576 }) {
            SettingsKeyboard()
        }
        let log = NoteLog(.default, names: [UIApplication.didReceiveMemoryWarningNotification], object: tester.session)
        tester.focusField()
        megabytes = 45
        try tester.typeText("a")
        #expect(log.notes.count == 1)
        #expect(tester.session.presence == .custom)
    }
}
