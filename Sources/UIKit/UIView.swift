import KeyboardEmulator
import KeyboardHost

/// An object in the responder chain; UIKit's keyboard notification names and user-info keys are its
/// statics.
public typealias UIResponder = KeyboardEmulator.Responder

/// A view controller; host code subclasses it.
public typealias UIViewController = KeyboardEmulator.ViewController

/// A control that sends actions (`addAction(_:for:)`, `sendActions(for:)`).
public typealias UIControl = KeyboardEmulator.Control

/// A button: titles, colours and images per state.
public typealias UIButton = KeyboardEmulator.Button

/// A text label.
public typealias UILabel = KeyboardEmulator.Label

/// A row or column of arranged views.
public typealias UIStackView = KeyboardEmulator.StackView

/// A scrolling view: content size, insets, offset.
public typealias UIScrollView = KeyboardEmulator.ScrollView

/// Edges named by reading direction (a tracking guide's `setConstraints(_:activeWhenNearEdge:)`).
public typealias NSDirectionalRectEdge = KeyboardHost.DirectionalRectEdge

/// A layout guide that tracks a system element: the view's keyboard layout guide.
public typealias UITrackingLayoutGuide = KeyboardHost.KeyboardTrackingLayoutGuide

/// What a text view tells its delegate: editing, changes typed, selection.
public typealias UITextViewDelegate = KeyboardEmulator.TextViewDelegate

/// What a scroll view tells its delegate.
public typealias UIScrollViewDelegate = KeyboardEmulator.ScrollViewDelegate

/// A controller whose view is a table view it feeds: override the data source and delegate methods.
public typealias UITableViewController = KeyboardEmulator.TableViewController

/// A controller whose view is a collection view it feeds: override the data source and delegate methods.
public typealias UICollectionViewController = KeyboardEmulator.CollectionViewController

/// A scrolling list of reusable rows.
public typealias UITableView = KeyboardEmulator.TableView

/// A table view's row.
public typealias UITableViewCell = KeyboardEmulator.TableViewCell

/// Where a table view's rows come from.
public typealias UITableViewDataSource = KeyboardEmulator.TableViewDataSource

/// What a table view tells its delegate.
public typealias UITableViewDelegate = KeyboardEmulator.TableViewDelegate

/// A list row's content: text, secondary text, image.
public typealias UIListContentConfiguration = KeyboardEmulator.ListContentConfiguration

/// A view's content described as a value.
public typealias UIContentConfiguration = KeyboardEmulator.ContentConfiguration

/// A scrolling grid of reusable cells.
public typealias UICollectionView = KeyboardEmulator.CollectionView

/// A collection view's cell.
public typealias UICollectionViewCell = KeyboardEmulator.CollectionViewCell

/// A view a collection view reuses: the base of its cells and its section headers and footers.
public typealias UICollectionReusableView = KeyboardEmulator.CollectionReusableView

/// Where a collection view's items go.
public typealias UICollectionViewLayout = KeyboardEmulator.CollectionViewLayout

/// Items in wrapping lines.
public typealias UICollectionViewFlowLayout = KeyboardEmulator.CollectionViewFlowLayout

/// Where one item of a collection view is.
public typealias UICollectionViewLayoutAttributes = KeyboardEmulator.CollectionViewLayoutAttributes

/// Where a collection view's items come from.
public typealias UICollectionViewDataSource = KeyboardEmulator.CollectionViewDataSource

/// What a collection view tells its delegate.
public typealias UICollectionViewDelegate = KeyboardEmulator.CollectionViewDelegate

/// A flow layout's sizes and spacings per item and section.
public typealias UICollectionViewDelegateFlowLayout = KeyboardEmulator.CollectionViewDelegateFlowLayout

/// A window: the root of a hierarchy, its frame in screen coordinates.
public typealias UIWindow = KeyboardEmulator.Window

/// An action with a handler, for controls.
public typealias UIAction = KeyboardEmulator.Action

/// The handler of a ``UIAction``.
public typealias UIActionHandler = (UIAction) -> Void

/// A colour, as a value.
public typealias UIColor = KeyboardEmulator.Color

/// A font: size and weight.
public typealias UIFont = KeyboardEmulator.Font

/// A font's description: derive bold, italic or rounded versions (`UIFont(descriptor:size:)`).
public typealias UIFontDescriptor = KeyboardEmulator.FontDescriptor

/// How `boundingRect(with:options:attributes:context:)` lays text out.
public typealias NSStringDrawingOptions = KeyboardEmulator.StringDrawingOptions

/// What a text measurement reports back (its bounds).
public typealias NSStringDrawingContext = KeyboardEmulator.StringDrawingContext

/// How a paragraph is laid out: its alignment (drawn), spacing and indents (recorded).
public typealias NSParagraphStyle = KeyboardEmulator.ParagraphStyle

/// A paragraph style whose properties can be set.
public typealias NSMutableParagraphStyle = KeyboardEmulator.MutableParagraphStyle

/// An image: its name.
public typealias UIImage = KeyboardEmulator.Image

/// What `#imageLiteral(resourceName:)` makes where no type is written, as UIKit declares it.
public typealias _ImageLiteralType = UIImage

/// What `#colorLiteral(red:green:blue:alpha:)` makes where no type is written, as UIKit declares it.
public typealias _ColorLiteralType = UIColor

/// Draws an image whose drawing pictures show.
public typealias UIGraphicsImageRenderer = KeyboardEmulator.GraphicsImageRenderer

/// What an image renderer's actions draw with.
public typealias UIGraphicsImageRendererContext = KeyboardEmulator.GraphicsImageRenderer.Context

/// How an image renderer's images are made.
public typealias UIGraphicsImageRendererFormat = KeyboardEmulator.GraphicsImageRenderer.Format

/// How a label's shrunk text is placed.
public typealias UIBaselineAdjustment = KeyboardEmulator.Label.BaselineAdjustment

/// The corners of a rectangle (`UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)`).
public typealias UIRectCorner = KeyboardEmulator.RectCorner

/// The graphics context a view's `draw(_:)` runs in (its fills and strokes are in the view's pictures);
/// `nil` outside one.
public func UIGraphicsGetCurrentContext() -> CGContext? {
    KeyboardEmulator.GraphicsContext.current
}

/// Text alignment.
public typealias NSTextAlignment = KeyboardEmulator.TextAlignment

/// How a label breaks and truncates lines.
public typealias NSLineBreakMode = KeyboardEmulator.LineBreakMode

/// What an accessibility element is (`.keyboardKey`, `.button`, …).
public typealias UIAccessibilityTraits = KeyboardEmulator.AccessibilityTraits

/// A Dynamic Type size (always `.large` in the emulator).
public typealias UIContentSizeCategory = KeyboardEmulator.ContentSizeCategory

/// Scales fonts and values for Dynamic Type (the identity at `.large`).
public typealias UIFontMetrics = KeyboardEmulator.FontMetrics

/// A visual effect.
public typealias UIVisualEffect = KeyboardEmulator.VisualEffect

/// A blur, recorded.
public typealias UIBlurEffect = KeyboardEmulator.BlurEffect

/// Vibrancy over a blur, recorded.
public typealias UIVibrancyEffect = KeyboardEmulator.VibrancyEffect

/// A view showing an effect behind its content view.
public typealias UIVisualEffectView = KeyboardEmulator.VisualEffectView

/// An anchor for constraints.
public typealias NSLayoutAnchor = KeyboardEmulator.LayoutAnchor

/// A horizontal anchor.
public typealias NSLayoutXAxisAnchor = KeyboardEmulator.LayoutXAxisAnchor

/// A vertical anchor.
public typealias NSLayoutYAxisAnchor = KeyboardEmulator.LayoutYAxisAnchor

/// A rectangle to constrain against.
public typealias UILayoutGuide = KeyboardEmulator.LayoutGuide

/// The keyboard's area in a view (`view.keyboardLayoutGuide`).
public typealias UIKeyboardLayoutGuide = KeyboardHost.KeyboardTrackingLayoutGuide

/// The traits of the interface.
public typealias UITraitCollection = KeyboardEmulator.TraitCollection

/// Light or dark.
public typealias UIUserInterfaceStyle = KeyboardEmulator.TraitCollection.UserInterfaceStyle

/// Compact or regular.
public typealias UIUserInterfaceSizeClass = KeyboardEmulator.TraitCollection.SizeClass

/// Phone or pad.
public typealias UIUserInterfaceIdiom = KeyboardEmulator.UserInterfaceIdiom

/// Left to right or right to left, as traits say (`traitCollection.layoutDirection`).
public typealias UITraitEnvironmentLayoutDirection = KeyboardEmulator.TraitCollection.LayoutDirection

/// Left to right or right to left, as a view lays out its content (`effectiveUserInterfaceLayoutDirection`).
public typealias UIUserInterfaceLayoutDirection = KeyboardEmulator.UserInterfaceLayoutDirection

/// Whether a view's content flips right to left (`semanticContentAttribute`).
public typealias UISemanticContentAttribute = KeyboardEmulator.SemanticContentAttribute

/// The device (`UIDevice.current`).
public typealias UIDevice = KeyboardEmulator.Device

/// The device's physical orientation.
public typealias UIDeviceOrientation = KeyboardEmulator.DeviceOrientation

/// The screen (`UIScreen.main`).
public typealias UIScreen = KeyboardEmulator.Screen

/// An alert or action sheet, presented with `present(_:animated:)`.
public typealias UIAlertController = KeyboardEmulator.AlertController

/// An action of an alert.
public typealias UIAlertAction = KeyboardEmulator.AlertAction

/// A stack of view controllers under a navigation bar.
public typealias UINavigationController = KeyboardEmulator.NavigationController

/// The bar of a navigation controller.
public typealias UINavigationBar = KeyboardEmulator.NavigationBar

/// What a controller shows in a navigation bar (`viewController.navigationItem`).
public typealias UINavigationItem = KeyboardEmulator.NavigationItem

/// An on/off switch.
public typealias UISwitch = KeyboardEmulator.Switch

/// A slider between a minimum and a maximum.
public typealias UISlider = KeyboardEmulator.Slider

/// A row of segments.
public typealias UISegmentedControl = KeyboardEmulator.SegmentedControl

/// Dots for pages.
public typealias UIPageControl = KeyboardEmulator.PageControl

/// A spinner.
public typealias UIActivityIndicatorView = KeyboardEmulator.ActivityIndicatorView

/// A progress bar.
public typealias UIProgressView = KeyboardEmulator.ProgressView

/// A bar of bar button items, often a text field's `inputAccessoryView`.
public typealias UIToolbar = KeyboardEmulator.Toolbar

/// A bar's style.
public typealias UIBarStyle = KeyboardEmulator.Toolbar.BarStyle

/// A button of a toolbar or a navigation bar (`primaryAction` for its tap).
public typealias UIBarButtonItem = KeyboardEmulator.BarButtonItem

/// A coordinate space: a view's or a screen's (`screen.coordinateSpace.convert(frame, to: view)`).
public typealias UICoordinateSpace = KeyboardEmulator.CoordinateSpace

/// Keyboard clicks for an input view.
public typealias UIInputViewAudioFeedback = KeyboardEmulator.InputViewAudioFeedback

/// What a size transition offers.
public typealias UIViewControllerTransitionCoordinatorContext = KeyboardEmulator.ViewControllerTransitionCoordinatorContext

/// Runs work alongside a size transition.
public typealias UIViewControllerTransitionCoordinator = KeyboardEmulator.ViewControllerTransitionCoordinator

/// The app: its state and the application notifications.
public typealias UIApplication = KeyboardHost.Application

extension Responder {
    // The keyboard notifications, as every host app observes them.
    /// Posted before the keyboard appears.
    public static let keyboardWillShowNotification = KeyboardNotification.Name.keyboardWillShow.notificationName
    /// Posted after the keyboard appeared.
    public static let keyboardDidShowNotification = KeyboardNotification.Name.keyboardDidShow.notificationName
    /// Posted before the keyboard disappears.
    public static let keyboardWillHideNotification = KeyboardNotification.Name.keyboardWillHide.notificationName
    /// Posted after the keyboard disappeared.
    public static let keyboardDidHideNotification = KeyboardNotification.Name.keyboardDidHide.notificationName
    /// Posted before the keyboard's frame changes.
    public static let keyboardWillChangeFrameNotification = KeyboardNotification.Name.keyboardWillChangeFrame.notificationName
    /// Posted after the keyboard's frame changed.
    public static let keyboardDidChangeFrameNotification = KeyboardNotification.Name.keyboardDidChangeFrame.notificationName

    // Their user-info keys.
    /// The keyboard's frame before the change, in screen coordinates: a `CGRect` (or an `NSValue`).
    public static let keyboardFrameBeginUserInfoKey = KeyboardNotification.UserInfoKey.frameBegin
    /// The keyboard's frame after the change, in screen coordinates: a `CGRect` (or an `NSValue`).
    public static let keyboardFrameEndUserInfoKey = KeyboardNotification.UserInfoKey.frameEnd
    /// The keyboard's centre before the change, in screen coordinates.
    public static let keyboardCenterBeginUserInfoKey = KeyboardNotification.UserInfoKey.centerBegin
    /// The keyboard's centre after the change, in screen coordinates.
    public static let keyboardCenterEndUserInfoKey = KeyboardNotification.UserInfoKey.centerEnd
    /// The animation's duration in seconds, a `Double` ("will" notifications only).
    public static let keyboardAnimationDurationUserInfoKey = KeyboardNotification.UserInfoKey.animationDuration
    /// The animation curve's raw value, a `UInt` or `Int` ("will" notifications only).
    public static let keyboardAnimationCurveUserInfoKey = KeyboardNotification.UserInfoKey.animationCurve
    /// Whether the keyboard belongs to the receiving app, a `Bool`.
    public static let keyboardIsLocalUserInfoKey = KeyboardNotification.UserInfoKey.isLocal
}

extension NSValue {
    /// The rectangle the value holds (`NSValue.cgRectValue`).
    public var cgRectValue: CGRect { rectValue }
    /// The point the value holds (`NSValue.cgPointValue`).
    public var cgPointValue: CGPoint { pointValue }
    /// The size the value holds (`NSValue.cgSizeValue`).
    public var cgSizeValue: CGSize { sizeValue }

    /// A value holding a rectangle.
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }
    /// A value holding a point.
    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
    /// A value holding a size.
    public convenience init(cgSize size: CGSize) { self.init(size: size) }
}

/// A one-line text field; in an emulated app's window it brings up the keyboard.
public typealias UITextField = KeyboardEmulator.TextFieldView

/// The delegate of a ``UITextField``.
public typealias UITextFieldDelegate = KeyboardEmulator.TextFieldViewDelegate

/// A multi-line text view; in an emulated app's window it brings up the keyboard.
public typealias UITextView = KeyboardEmulator.TextView

/// A haptic feedback generator.
public typealias UIFeedbackGenerator = KeyboardEmulator.FeedbackGenerator

/// Impacts.
public typealias UIImpactFeedbackGenerator = KeyboardEmulator.ImpactFeedbackGenerator

/// Selection ticks.
public typealias UISelectionFeedbackGenerator = KeyboardEmulator.SelectionFeedbackGenerator

/// Outcomes.
public typealias UINotificationFeedbackGenerator = KeyboardEmulator.NotificationFeedbackGenerator

/// The pasteboard.
public typealias UIPasteboard = KeyboardEmulator.Pasteboard

/// A finger on the screen.
public typealias UITouch = KeyboardEmulator.Touch

/// Recognizes a gesture from the touches on a view and its subviews; on Linux its handler is a closure
/// (`UIPanGestureRecognizer { pan in … }`): keep `init(target:action:)` behind `#if canImport(ObjectiveC)`.
public typealias UIGestureRecognizer = KeyboardEmulator.GestureRecognizer

/// Recognizes taps.
public typealias UITapGestureRecognizer = KeyboardEmulator.TapGestureRecognizer

/// Recognizes a press held still.
public typealias UILongPressGestureRecognizer = KeyboardEmulator.LongPressGestureRecognizer

/// Recognizes a drag.
public typealias UIPanGestureRecognizer = KeyboardEmulator.PanGestureRecognizer

/// Recognizes a swipe.
public typealias UISwipeGestureRecognizer = KeyboardEmulator.SwipeGestureRecognizer

/// Decides whether recognizers begin, see touches, recognize together, and wait for one another.
public typealias UIGestureRecognizerDelegate = KeyboardEmulator.GestureRecognizerDelegate

/// An image view.
public typealias UIImageView = KeyboardEmulator.ImageView

/// Runs view animations (at once, recorded).
public typealias UIViewPropertyAnimator = KeyboardEmulator.ViewPropertyAnimator

/// Where an animator ended.
public typealias UIViewAnimatingPosition = KeyboardEmulator.ViewPropertyAnimator.Position

/// Insets that follow the reading direction.
public typealias NSDirectionalEdgeInsets = KeyboardEmulator.DirectionalEdgeInsets

/// A path to draw: `fill()` and `stroke()` in a view's `draw(_:)` are in the view's pictures.
public typealias UIBezierPath = KeyboardEmulator.BezierPath

