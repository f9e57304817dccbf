import CoreGraphics
import Foundation
import KeyboardTesting
import QuartzCore
import Testing
import UIKit

/// Host code's bars and alerts: a "Done" toolbar above the keyboard, a navigation controller's bar and
/// stack, alerts presented and answered — written as iOS apps write them.
@Suite struct BarsAndAlertsTests {
    @Test func aDoneToolbarAboveTheKeyboardIsInTheKeyboardsFrameAndItsItemsAreTappable() throws {
        let tester = KeyboardTester(notificationCenter: NotificationCenter()) { UIInputViewController() }
        let field = UITextField(frame: CGRect(x: 16, y: 100, width: 361, height: 44))
        let toolbar = UIToolbar()
        toolbar.sizeToFit()
        #expect(toolbar.frame.size == CGSize(width: 393, height: 44))
        var dismissed = 0
        let flexible = UIBarButtonItem(barButtonSystemItem: .flexibleSpace, target: nil, action: nil)
        let done = UIBarButtonItem(systemItem: .done, primaryAction: UIAction { _ in dismissed += 1 })
        toolbar.setItems([flexible, done], animated: false)
        field.inputAccessoryView = toolbar
        tester.window.addSubview(field)
        #expect(field.becomeFirstResponder())
        #expect(tester.frameModel.frame == CGRect(x: 0, y: 852 - 336 - 44, width: 393, height: 336 + 44))

        // The flexible space pushes "Done" to the right end; a tap on it performs its action.
        toolbar.layoutIfNeeded()
        let button = try #require(toolbar.subviews.compactMap { $0 as? UIButton }.first)
        #expect(button.title(for: .normal) == "Done")
        #expect(abs(button.frame.maxX - (393 - 8)) < 0.001)
        #expect(button.frame.minX > 300)
        button.sendActions(for: .touchUpInside)
        #expect(dismissed == 1)
        done.isEnabled = false
        button.sendActions(for: .touchUpInside)
        #expect(dismissed == 1)
        // The bar shows the item's change: a disabled Done, a new title.
        toolbar.layoutIfNeeded()
        let shown = try #require(toolbar.subviews.compactMap { $0 as? UIButton }.first)
        #expect(!shown.isEnabled)
        done.title = "Close"
        #expect(toolbar.subviews.compactMap { ($0 as? UIButton)?.title(for: .normal) } == ["Close"])
        #expect(UIBarButtonItem.fixedSpace(20).width == 20)
    }

    @Test func aNavigationControllerStacksControllersUnderItsBar() throws {
        let tester = KeyboardTester(notificationCenter: NotificationCenter()) { UIInputViewController() }
        final class Inbox: UIViewController {
            let list = UIView()
            override func viewDidLoad() {
                super.viewDidLoad()
                title = "Inbox"
                navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .compose)
                list.translatesAutoresizingMaskIntoConstraints = false
                view.addSubview(list)
                NSLayoutConstraint.activate([
                    list.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
                    list.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                    list.trailingAnchor.constraint(equalTo: view.trailingAnchor),
                    list.bottomAnchor.constraint(equalTo: view.keyboardLayoutGuide.topAnchor),
                ])
            }
        }
        let inbox = Inbox()
        let navigation = UINavigationController(rootViewController: inbox)
        tester.window.rootViewController = navigation
        navigation.view.frame = tester.window.bounds
        navigation.view.layoutIfNeeded()
        #expect(inbox.navigationController === navigation)
        #expect(inbox.navigationItem.title == "Inbox")
        #expect(navigation.navigationBar.topItem === inbox.navigationItem)
        #expect(inbox.navigationItem.rightBarButtonItem?.systemItem == .compose)
        let statusBar = tester.window.safeAreaInsets.top
        #expect(navigation.navigationBar.frame == CGRect(x: 0, y: statusBar, width: 393, height: 44))
        // The pushed view fills the container; its safe area starts below the bar.
        #expect(inbox.view.frame == tester.window.bounds)
        #expect(inbox.view.safeAreaInsets.top == statusBar + 44)
        #expect(inbox.list.frame.minY == statusBar + 44)

        let detail = UIViewController()
        navigation.pushViewController(detail, animated: true)
        #expect(navigation.topViewController === detail)
        #expect(detail.navigationController === navigation)
        #expect(inbox.view.superview == nil)
        #expect(detail.view.superview === navigation.view)
        #expect(navigation.popViewController(animated: true) === detail)
        #expect(navigation.popViewController(animated: true) == nil)  // never the root
        #expect(detail.navigationController == nil)
        #expect(inbox.view.superview === navigation.view)

        navigation.setNavigationBarHidden(true, animated: false)
        navigation.view.layoutIfNeeded()
        #expect(inbox.view.safeAreaInsets.top == statusBar)
    }

    @Test func anAlertIsPresentedAndAnsweredAsATapWouldAnswerIt() throws {
        let host = UIViewController()
        var deleted = false
        let alert = UIAlertController(title: "Delete?", message: "It cannot be undone.", preferredStyle: .alert)
        let delete = UIAlertAction(title: "Delete", style: .destructive) { _ in deleted = true }
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        alert.addAction(delete)
        alert.addTextField { $0.placeholder = "Type DELETE" }
        alert.preferredAction = delete
        host.present(alert, animated: true)
        #expect(host.presentedViewController === alert)
        host.present(UIViewController(), animated: true)            // already presenting: refused
        #expect(host.presentedViewController === alert)
        #expect(alert.presentingViewController === host)
        #expect(alert.actions.map(\.title) == ["Cancel", "Delete"])
        #expect(alert.textFields?.first?.placeholder == "Type DELETE")
        #expect(alert.textFields?.first?.attributedPlaceholder?.string == "Type DELETE")

        delete.isEnabled = false
        alert.choose(delete)
        #expect(!deleted && host.presentedViewController === alert)
        delete.isEnabled = true
        alert.choose(delete)
        #expect(deleted)
        #expect(host.presentedViewController == nil)
        #expect(alert.presentingViewController == nil)
    }
}
