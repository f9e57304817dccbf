import KeyboardEmulator
import Testing

/// A controller's view and its children hold it unowned (a weak reference would slow every retain of a
/// controller on the typing path): when the controller goes first, their references end with it.
@Suite struct ControllerOwnershipTests {
    @Test("A view that outlives its controller answers no controller")
    func viewOutlivesItsController() {
        var controller: ViewController? = ViewController()
        let view = controller!.view!
        #expect(view.next === controller)
        controller = nil
        #expect(view.next == nil)
    }

    @Test("A replaced view no longer names the controller")
    func replacedView() {
        let controller = ViewController()
        let first = controller.view!
        controller.view = View(frame: .zero)
        #expect(first.next == nil)
        #expect(controller.view.next === controller)
    }

    @Test("A child that outlives its parent has no parent")
    func childOutlivesItsParent() {
        let child = ViewController()
        var parent: ViewController? = ViewController()
        parent!.addChild(child)
        #expect(child.parent === parent)
        parent = nil
        #expect(child.parent == nil)
        child.removeFromParent()
        #expect(child.parent == nil)
    }
}
