import Foundation

/// What a view controller shows in a navigation bar (`UINavigationItem`): its title and bar button items.
open class NavigationItem: NSObject {
    /// How a large title shows (`UINavigationItem.LargeTitleDisplayMode`), with UIKit's raw values.
    public enum LargeTitleDisplayMode: Int, Sendable {
        case automatic = 0, always, never
    }

    open var title: String?
    open var prompt: String?
    open var titleView: View?
    open var leftBarButtonItems: [BarButtonItem]?
    open var rightBarButtonItems: [BarButtonItem]?
    open var backBarButtonItem: BarButtonItem?
    open var backButtonTitle: String?
    open var hidesBackButton = false
    open var largeTitleDisplayMode: LargeTitleDisplayMode = .automatic

    public init(title: String = "") {
        self.title = title.isEmpty ? nil : title
    }

    /// The first left item.
    open var leftBarButtonItem: BarButtonItem? {
        get { leftBarButtonItems?.first }
        set { leftBarButtonItems = newValue.map { [$0] } }
    }

    /// The first right item.
    open var rightBarButtonItem: BarButtonItem? {
        get { rightBarButtonItems?.first }
        set { rightBarButtonItems = newValue.map { [$0] } }
    }

    open func setLeftBarButton(_ item: BarButtonItem?, animated: Bool) { leftBarButtonItem = item }
    open func setRightBarButton(_ item: BarButtonItem?, animated: Bool) { rightBarButtonItem = item }
    open func setLeftBarButtonItems(_ items: [BarButtonItem]?, animated: Bool) { leftBarButtonItems = items }
    open func setRightBarButtonItems(_ items: [BarButtonItem]?, animated: Bool) { rightBarButtonItems = items }
    open func setHidesBackButton(_ hidesBackButton: Bool, animated: Bool) { self.hidesBackButton = hidesBackButton }
}

/// The bar at the top of a navigation controller (`UINavigationBar`): 44 points tall, below the status bar.
open class NavigationBar: View {
    /// A navigation bar's height in points (without a large title).
    public static let barHeight: CGFloat = 44

    open var prefersLargeTitles = false
    open var isTranslucent = true
    open var barTintColor: Color?
    open var barStyle: Toolbar.BarStyle = .default
    open var titleTextAttributes: [NSAttributedString.Key: Any]?
    /// The items of the controllers on the stack, bottom to top.
    public internal(set) var items: [NavigationItem]?
    /// The top item (the visible controller's).
    open var topItem: NavigationItem? { items?.last }

    open override var intrinsicContentSize: CGSize { CGSize(width: Self.noIntrinsicMetric, height: Self.barHeight) }
}

/// A stack of view controllers under a navigation bar (`UINavigationController`): the top controller's view
/// fills the navigation controller's, under the bar, and its safe area starts below the bar (as UIKit's
/// translucent bar does). Pushes and pops run at once; `navigationController` and `navigationItem` answer
/// as on iOS.
///
/// ```swift
/// let navigation = UINavigationController(rootViewController: ChatViewController())
/// window.rootViewController = navigation
/// ```
open class NavigationController: ViewController {
    /// The bar (hidden with ``setNavigationBarHidden(_:animated:)``).
    public let navigationBar = NavigationBar(frame: .zero)
    /// The stack, bottom to top.
    public private(set) var viewControllers: [ViewController] = []
    /// Whether the bar is hidden.
    open var isNavigationBarHidden = false {
        didSet {
            navigationBar.isHidden = isNavigationBarHidden
            viewIfLoaded?.setNeedsLayout()
        }
    }
    /// Whether the toolbar is hidden (default true).
    open var isToolbarHidden = true

    public init(rootViewController: ViewController) {
        super.init()
        setViewControllers([rootViewController], animated: false)
    }

    public override init() {
        super.init()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The top controller.
    open var topViewController: ViewController? { viewControllers.last }

    /// The controller shown: the top one, or what it presents.
    open var visibleViewController: ViewController? {
        topViewController.map { $0.presentedViewController ?? $0 }
    }

    /// Pushes a controller: its view replaces the top one's.
    open func pushViewController(_ viewController: ViewController, animated: Bool) {
        setViewControllers(viewControllers + [viewController], animated: animated)
    }

    /// Pops the top controller (not the root); returns it.
    @discardableResult
    open func popViewController(animated: Bool) -> ViewController? {
        guard viewControllers.count > 1, let top = viewControllers.last else { return nil }
        setViewControllers(Array(viewControllers.dropLast()), animated: animated)
        return top
    }

    /// Pops to the root; returns the controllers popped.
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [ViewController]? {
        guard let root = viewControllers.first else { return nil }
        let popped = Array(viewControllers.dropFirst())
        setViewControllers([root], animated: animated)
        return popped
    }

    /// Pops to `viewController` (on the stack); returns the controllers popped.
    @discardableResult
    open func popToViewController(_ viewController: ViewController, animated: Bool) -> [ViewController]? {
        guard let index = viewControllers.firstIndex(where: { $0 === viewController }) else { return nil }
        let popped = Array(viewControllers[(index + 1)...])
        setViewControllers(Array(viewControllers[...index]), animated: animated)
        return popped
    }

    /// Replaces the stack.
    open func setViewControllers(_ controllers: [ViewController], animated: Bool) {
        let previousTop = topViewController
        for controller in viewControllers where !controllers.contains(where: { $0 === controller }) {
            controller.removeFromParent()
        }
        for controller in controllers where controller.parent !== self { addChild(controller) }
        viewControllers = controllers
        navigationBar.items = controllers.map(\.navigationItem)
        if previousTop !== topViewController, isViewLoaded { showTop(replacing: previousTop) }
    }

    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        isNavigationBarHidden = hidden
    }

    open override func loadView() {
        view = NavigationContainerView(controller: self)
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(navigationBar)
        showTop(replacing: nil)
    }

    /// The bar covers the top of the children's views.
    override var childSafeAreaInsets: EdgeInsets {
        EdgeInsets(top: isNavigationBarHidden ? 0 : NavigationBar.barHeight, left: 0, bottom: 0, right: 0)
    }

    private func showTop(replacing previous: ViewController?) {
        previous?.viewIfLoaded?.removeFromSuperview()
        guard let top = topViewController else { return }
        view.insertSubview(top.view, belowSubview: navigationBar)
        view.setNeedsLayout()
    }

    /// Places the bar below the status bar and the top controller's view over the whole container.
    fileprivate func layoutContainer(_ container: View) {
        let statusBar = container.safeAreaInsets.top
        navigationBar.frame = CGRect(x: 0, y: statusBar, width: container.bounds.width, height: NavigationBar.barHeight)
        topViewController?.viewIfLoaded?.frame = container.bounds
    }
}

/// A navigation controller's view: lays out its bar and top view.
private final class NavigationContainerView: View {
    unowned let controller: NavigationController

    init(controller: NavigationController) {
        self.controller = controller
        super.init(frame: .zero)
    }

    required init?(coder: NSCoder) { nil }

    override func layoutSubviews() {
        super.layoutSubviews()
        controller.layoutContainer(self)
    }
}

extension ViewController {
    /// The nearest navigation controller above this controller (`navigationController`), or nil.
    public var navigationController: NavigationController? {
        var ancestor = parent
        while let controller = ancestor {
            if let navigation = controller as? NavigationController { return navigation }
            ancestor = controller.parent
        }
        return nil
    }
}
