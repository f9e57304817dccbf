import Foundation

/// A view controller (`UIViewController`): a primary view, the appearance lifecycle, traits and size
/// transitions. the core's `InputViewController` is the keyboard's; host code subclasses this one.
open class ViewController: Responder {
    private var loadedView: View?
    /// The title; a navigation bar shows it (setting it sets ``navigationItem``'s, as UIKit does).
    open var title: String? {
        didSet { madeNavigationItem?.title = title }
    }
    private var madeNavigationItem: NavigationItem?

    /// What a navigation bar shows for this controller (`navigationItem`), made on first use with its title.
    open var navigationItem: NavigationItem {
        if let madeNavigationItem { return madeNavigationItem }
        let item = NavigationItem(title: title ?? "")
        madeNavigationItem = item
        return item
    }

    /// Insets a container controller's own bars add to its children's safe area (a navigation bar).
    var childSafeAreaInsets: EdgeInsets { .zero }
    open var preferredContentSize: CGSize = .zero
    public private(set) var children: [ViewController] = []
    /// Unowned, not weak, as the view's ``View/owningController``: a weak reference gives its target a side
    /// table, after which every retain and release of the controller takes the slow path (10 % of a
    /// replay's time, for the controller alone). The parent clears it when it goes (`deinit`).
    public private(set) unowned var parent: ViewController?
    public private(set) var presentedViewController: ViewController?
    /// The controller that presented this one, while it is presented.
    public private(set) weak var presentingViewController: ViewController?
    /// The system this controller's views are shown in, where their layout conflicts go (a keyboard's: its
    /// session, set while it is attached; `nil`: the current screen's).
    package weak var screenSource: (any ScreenSource)?

    /// Creates a controller (`UIViewController()`).
    public override init() {
        super.init()
    }

    /// Kept for source compatibility with `UIViewController.init(nibName:bundle:)`; there are no nibs.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init()
    }

    /// The next responder, as UIKit's: the superview of the controller's view when it is in a hierarchy,
    /// else the app object of the system it is shown in (a keyboard's: the extension's `UIApplication`,
    /// reached this way to open URLs).
    open override var next: Responder? {
        loadedView?.superview ?? screenSource?.applicationResponder
    }

    /// Kept for source compatibility; the emulator never decodes controllers.
    public required init?(coder: NSCoder) {
        super.init()
    }

    deinit {
        // The view and the children may outlive the controller: their unowned references to it end here.
        loadedView?.owningController = nil
        for child in children { child.parent = nil }
    }

    /// The system is short of memory (`UIViewController.didReceiveMemoryWarning()`): free what can be made
    /// again. For a keyboard the session calls it when the extension's footprint passes the warning level
    /// of its limit (the core's `KeyboardSession.MemoryLimit`). The default does nothing.
    open func didReceiveMemoryWarning() {}

    // MARK: Views

    /// The primary view, loaded on first access: ``loadView()`` then ``viewDidLoad()``, as in UIKit.
    open var view: View! {
        get {
            if loadedView == nil { loadViewIfNeeded() }
            return loadedView
        }
        set {
            loadedView?.owningController = nil
            loadedView = newValue
            newValue?.owningController = self
            announceViewChange()
        }
    }

    /// Called when ``view`` is replaced: the controller's ``ViewControllerHooks/viewDidChange()``.
    private func announceViewChange() {
        (self as? any ViewControllerHooks)?.viewDidChange()
    }

    /// The view if loaded, without loading it.
    public var viewIfLoaded: View? { loadedView }

    /// Whether ``view`` has been loaded.
    public var isViewLoaded: Bool { loadedView != nil }

    /// Creates the primary view; override to build your own. The default is a plain view.
    open func loadView() {
        view = defaultView()
    }

    /// Loads the view if it has not been loaded yet: ``loadView()``, then ``viewDidLoad()``.
    open func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        if loadedView == nil { view = defaultView() }
        viewDidLoad()
    }

    /// The view ``loadView()`` makes by default, and the one used when an override sets none: a plain
    /// view, or the controller's ``ViewControllerHooks/makeDefaultView()``.
    private func defaultView() -> View {
        (self as? any ViewControllerHooks)?.makeDefaultView() ?? View(frame: .zero)
    }

    open func addChild(_ childController: ViewController) {
        childController.removeFromParent()
        children.append(childController)
        childController.parent = self
    }

    open func removeFromParent() {
        parent?.children.removeAll { $0 === self }
        parent = nil
    }

    open func willMove(toParent parent: ViewController?) {}
    open func didMove(toParent parent: ViewController?) {}

    // MARK: Lifecycle (overridable, as UIKit's)

    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
    /// Updates the view's constraints before a layout pass: runs for a new view, after
    /// `view.setNeedsUpdateConstraints()`, and in each layout pass the session runs (appearance, rotation,
    /// a new size). Override it and call `super`: this implementation runs the view's `updateConstraints()`
    /// (CHOICE: as AppKit documents for `NSViewController`; UIKit documents only that it is called).
    open func updateViewConstraints() { viewIfLoaded?.updateConstraints() }
    open func viewWillLayoutSubviews() {}
    open func viewDidLayoutSubviews() {}
    open func viewSafeAreaInsetsDidChange() {}

    /// Insets added to the safe area of the controller's view (and so of its subviews and their
    /// `safeAreaLayoutGuide`): keyboard-avoidance code sets the bottom one to the keyboard's overlap.
    open var additionalSafeAreaInsets: EdgeInsets = .zero {
        didSet {
            guard additionalSafeAreaInsets != oldValue else { return }
            viewIfLoaded?.setNeedsLayout()
            viewSafeAreaInsetsDidChange()
        }
    }
    /// Called when the view's layout margins change (its `layoutMargins` or `directionalLayoutMargins` set).
    open func viewLayoutMarginsDidChange() {}

    /// The layout pass: `updateViewConstraints`, `viewWillLayoutSubviews`, the view's `layoutSubviews`,
    /// `viewDidLayoutSubviews`.
    package func runLayoutPass() {
        view.setNeedsUpdateConstraints()
        view.updateConstraintsIfNeeded()
        viewWillLayoutSubviews()
        view.setNeedsLayout()
        view.layoutIfNeeded()
        viewDidLayoutSubviews()
    }

    // MARK: Traits and transitions

    /// The traits of the environment — a child's are its parent's, a keyboard's its session's, otherwise
    /// those of ``Screen/main`` (the current session's) — with ``overrideUserInterfaceStyle`` applied.
    open var traitCollection: TraitCollection { applyingStyleOverride(parent?.traitCollection ?? TraitCollection.current) }

    /// `traits` with ``overrideUserInterfaceStyle`` applied (for subclasses that compute their own traits).
    package func applyingStyleOverride(_ traits: TraitCollection) -> TraitCollection {
        guard overrideUserInterfaceStyle != .unspecified, !ignoresStyleOverride else { return traits }
        var traits = traits
        traits.userInterfaceStyle = overrideUserInterfaceStyle
        return traits
    }

    /// The light or dark appearance of this controller and its views whatever the environment's
    /// (`overrideUserInterfaceStyle`; `.unspecified`, the default, follows it): a keyboard that draws
    /// itself dark sets it. A change calls `traitCollectionDidChange(_:)` here and down the loaded view's
    /// hierarchy when it changes the style they see.
    open var overrideUserInterfaceStyle: TraitCollection.UserInterfaceStyle = .unspecified {
        didSet {
            guard overrideUserInterfaceStyle != oldValue else { return }
            var previous = traitCollection
            previous.userInterfaceStyle = oldValue == .unspecified ? environmentStyle : oldValue
            guard previous.userInterfaceStyle != traitCollection.userInterfaceStyle else { return }
            deliverStyleChange(previous)
            viewIfLoaded?.deliverStyleChange(previous)
        }
    }

    /// Tells this controller and its children that the style changed, skipping children that set their own
    /// (their views hear it through the view hierarchy).
    private func deliverStyleChange(_ previous: TraitCollection) {
        traitCollectionDidChange(previous)
        for child in children where child.overrideUserInterfaceStyle == .unspecified { child.deliverStyleChange(previous) }
    }

    /// The style the environment gives this controller, without its own override.
    private var environmentStyle: TraitCollection.UserInterfaceStyle {
        ignoresStyleOverride = true
        defer { ignoresStyleOverride = false }
        return traitCollection.userInterfaceStyle
    }
    /// Set while ``environmentStyle`` reads the traits without the override.
    private var ignoresStyleOverride = false

    /// Called after the traits change, with the old ones.
    open func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {}

    /// Called before the view changes size (rotation): animate alongside with the coordinator.
    open func viewWillTransition(to size: CGSize, with coordinator: any ViewControllerTransitionCoordinator) {}

    // MARK: Presentation (recorded)

    /// Presents a controller (recorded; animations run at once). A controller already presenting one
    /// presents nothing more, as UIKit refuses it.
    open func present(_ viewControllerToPresent: ViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        guard presentedViewController == nil, viewControllerToPresent.presentingViewController == nil else { return }
        presentedViewController = viewControllerToPresent
        viewControllerToPresent.presentingViewController = self
        completion?()
    }

    /// Dismisses what this controller presented — or, called on a presented controller with nothing of its
    /// own presented, this controller itself (its presenter dismisses it), as UIKit does.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        if presentedViewController == nil, let presenter = presentingViewController {
            presenter.dismiss(animated: flag, completion: completion)
            return
        }
        presentedViewController?.presentingViewController = nil
        presentedViewController = nil
        completion?()
    }
}

/// What a size transition offers the controller (`UIViewControllerTransitionCoordinatorContext`).
public protocol ViewControllerTransitionCoordinatorContext: AnyObject {
    var isAnimated: Bool { get }
    var isCancelled: Bool { get }
    var transitionDuration: TimeInterval { get }
    var targetTransform: CGAffineTransform { get }
}

/// Runs work alongside a size transition and after it (`UIViewControllerTransitionCoordinator`).
public protocol ViewControllerTransitionCoordinator: ViewControllerTransitionCoordinatorContext {
    @discardableResult
    func animate(
        alongsideTransition animation: ((any ViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((any ViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool
}

/// The coordinator of a rotation: animations run when the new size is applied, completions after the
/// layout pass.
package final class SizeTransitionCoordinator: ViewControllerTransitionCoordinator {
    package let isAnimated = true
    package let isCancelled = false
    package let transitionDuration: TimeInterval
    package let targetTransform: CGAffineTransform
    private var animations: [(any ViewControllerTransitionCoordinatorContext) -> Void] = []
    private var completions: [(any ViewControllerTransitionCoordinatorContext) -> Void] = []

    package init(duration: TimeInterval, rotation: CGFloat) {
        self.transitionDuration = duration
        self.targetTransform = CGAffineTransform(rotationAngle: rotation)
    }

    package func animate(
        alongsideTransition animation: ((any ViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((any ViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool {
        if let animation { animations.append(animation) }
        if let completion { completions.append(completion) }
        return true
    }

    package func runAnimations() {
        for animation in animations { animation(self) }
    }

    package func runCompletions() {
        for completion in completions { completion(self) }
    }
}

/// What a controller of the layers above (the core's input view controller) adds to the view lifecycle
/// without making it public API: only the emulator's own controllers adopt it.
package protocol ViewControllerHooks: ViewController {
    /// The primary view when ``ViewController/loadView()`` sets none.
    func makeDefaultView() -> View
    /// ``ViewController/view`` was replaced.
    func viewDidChange()
}
