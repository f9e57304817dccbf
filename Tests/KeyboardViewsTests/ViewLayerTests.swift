import Foundation
import Testing
@testable import KeyboardViews

/// The view layer on its own: no session, no core, no keyboard. What it needs of a session comes through
/// its hooks (`ScreenSource`, `ViewControllerHooks`), and without one it is a standalone iPhone screen.
@Suite("The view layer alone")
struct ViewLayerTests {
    @Test func aTreeWithoutConstraintsKeepsItsFramesAndMakesNoEngine() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let child = View(frame: CGRect(x: 10.3, y: 20, width: 50, height: 40))
        root.addSubview(child)
        root.layoutIfNeeded()
        #expect(root.layoutEngine == nil, "as in UIKit, no engine for a tree that no constraint places")
        #expect(child.frame == CGRect(x: 10.3, y: 20, width: 50, height: 40), "a frame set by hand is not snapped")
    }

    @Test func autoresizingMasksApplyWithoutAnEngine() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let bar = View(frame: CGRect(x: 0, y: 160, width: 300, height: 40))
        bar.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        root.addSubview(bar)
        root.layoutIfNeeded()
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        root.layoutIfNeeded()
        #expect(bar.frame == CGRect(x: 0, y: 260, width: 400, height: 40))
        #expect(root.layoutEngine == nil)
    }

    @Test func aConstraintAddedLaterBringsTheEngineIn() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let child = View(frame: CGRect(x: 5, y: 5, width: 10, height: 10))
        root.addSubview(child)
        root.layoutIfNeeded()
        #expect(root.layoutEngine == nil)
        child.translatesAutoresizingMaskIntoConstraints = false
        LayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            child.topAnchor.constraint(equalTo: root.topAnchor, constant: 30),
            child.widthAnchor.constraint(equalToConstant: 100),
            child.heightAnchor.constraint(equalTo: root.heightAnchor, multiplier: 0.5),
        ])
        root.layoutIfNeeded()
        #expect(root.layoutEngine != nil)
        #expect(child.frame == CGRect(x: 20, y: 30, width: 100, height: 100))
    }

    @Test func aStackViewArrangesThroughConstraints() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 300, height: 50))
        let stack = StackView(arrangedSubviews: [View(), View(), View()])
        stack.frame = root.bounds
        stack.distribution = .fillEqually
        root.addSubview(stack)
        root.layoutIfNeeded()
        #expect(root.layoutEngine != nil)
        #expect(stack.arrangedSubviews.map(\.frame.minX) == [0, 100, 200])
        #expect(stack.arrangedSubviews.allSatisfy { $0.frame.size == CGSize(width: 100, height: 50) })
    }

    @Test func aScreenShowsItsSource() {
        let source = StubSource(width: 700)
        let screen = Screen(source: source)
        #expect(screen.bounds.width == 700)
        #expect(screen.nativeBounds.width == 1400)
        #expect(screen.scale == 2)
        #expect(screen.traitCollection.userInterfaceIdiom == .pad)
    }

    @Test func aScreenFollowsItsSourceAndOutlivesIt() {
        var source: StubSource? = StubSource(width: 500)
        let screen = Screen(source: source!)
        #expect(screen.bounds.width == 500)
        source = nil
        #expect(screen.bounds == Screen.Standalone.bounds)
    }

    @Test func aControllersNextResponderIsItsViewsSuperviewElseTheSourcesApplication() {
        let source = StubSource(width: 300)
        let controller = ViewController()
        #expect(controller.next == nil)
        controller.screenSource = source
        #expect(controller.next === source.applicationResponder)
        #expect(controller.view.next === controller)
        let container = View()
        container.addSubview(controller.view)
        #expect(controller.next === container)
    }

    @Test func layoutConflictsGoToTheControllersSource() {
        let source = StubSource(width: 300)
        let controller = ViewController()
        controller.screenSource = source
        let view = controller.view!
        view.frame = CGRect(x: 0, y: 0, width: 300, height: 200)
        let child = View()
        child.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(child)
        LayoutConstraint.activate([
            child.widthAnchor.constraint(equalToConstant: 100), child.widthAnchor.constraint(equalToConstant: 120),
            child.heightAnchor.constraint(equalToConstant: 10),
            child.leadingAnchor.constraint(equalTo: view.leadingAnchor), child.topAnchor.constraint(equalTo: view.topAnchor),
        ])
        view.layoutIfNeeded()
        #expect(source.conflicts.count == 1)
    }

    @Test func aControllerWithHooksMakesItsOwnDefaultView() {
        #expect(type(of: ViewController().view!) == View.self)
        let hooked = HookedController()
        #expect(hooked.view is SpecialView)
        #expect(hooked.viewChanges == 1)
        hooked.view = View()
        #expect(hooked.viewChanges == 2)
    }
}

private final class StubSource: ScreenSource {
    let width: CGFloat
    var conflicts: [LayoutConstraint.ConflictReport] = []
    init(width: CGFloat) { self.width = width }
    var screenBounds: CGRect { CGRect(x: 0, y: 0, width: width, height: 900) }
    var screenNativeBounds: CGRect { CGRect(x: 0, y: 0, width: width * 2, height: 1800) }
    var screenScale: CGFloat { 2 }
    var screenSafeAreaInsets: EdgeInsets { EdgeInsets() }
    var traitCollection: TraitCollection { TraitCollection(userInterfaceIdiom: .pad, displayScale: 2) }
    func reportLayoutConflict(_ report: LayoutConstraint.ConflictReport) { conflicts.append(report) }
    let applicationResponder: Responder? = Responder()
}

private final class SpecialView: View {}

private final class HookedController: ViewController, ViewControllerHooks {
    var viewChanges = 0
    func makeDefaultView() -> View { SpecialView(frame: .zero) }
    func viewDidChange() { viewChanges += 1 }
}
