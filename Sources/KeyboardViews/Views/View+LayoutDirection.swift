import Foundation

/// What a view's content means for right-to-left layouts (`UISemanticContentAttribute`), with UIKit's raw
/// values: `unspecified` flips with the environment, `playback` and `spatial` never flip (they show left
/// to right), the forced ones always show their direction.
public enum SemanticContentAttribute: Int, Sendable, Hashable {
    case unspecified = 0, playback, spatial, forceLeftToRight, forceRightToLeft
}

/// Left to right or right to left (`UIUserInterfaceLayoutDirection`), with UIKit's raw values.
public enum UserInterfaceLayoutDirection: Int, Sendable, Hashable {
    case leftToRight = 0, rightToLeft
}

extension TraitCollection.LayoutDirection {
    /// The direction content is laid out in: right to left only when it says so (`unspecified` is left to
    /// right, as UIKit lays out where no language says otherwise).
    var resolved: UserInterfaceLayoutDirection { self == .rightToLeft ? .rightToLeft : .leftToRight }
}

extension UserInterfaceLayoutDirection {
    var traitDirection: TraitCollection.LayoutDirection { self == .rightToLeft ? .rightToLeft : .leftToRight }
}

/// Right-to-left layout, as UIKit does it: a view's ``View/effectiveUserInterfaceLayoutDirection`` is its
/// ``View/semanticContentAttribute`` read against its traits' `layoutDirection`; the layout engine places
/// `leading`/`trailing` (and their margins) at the right/left edges of a right-to-left view, and a
/// horizontal stack view arranges its views from the right; `left`/`right` never flip.
extension View {
    /// The direction the view's own content is arranged in: forced by ``semanticContentAttribute``, left to
    /// right for `playback` and `spatial`, else its traits' `layoutDirection`.
    public var effectiveUserInterfaceLayoutDirection: UserInterfaceLayoutDirection {
        Self.userInterfaceLayoutDirection(for: semanticContentAttribute, relativeTo: traitCollection.layoutDirection.resolved)
    }

    /// The direction a semantic content attribute means where the interface's direction is that of the
    /// current screen's traits (UIKit reads the app's direction here).
    public class func userInterfaceLayoutDirection(for attribute: SemanticContentAttribute) -> UserInterfaceLayoutDirection {
        userInterfaceLayoutDirection(for: attribute, relativeTo: TraitCollection.current.layoutDirection.resolved)
    }

    /// The direction a semantic content attribute means in an environment laid out in `layoutDirection`.
    public class func userInterfaceLayoutDirection(for attribute: SemanticContentAttribute,
                                                   relativeTo layoutDirection: UserInterfaceLayoutDirection)
        -> UserInterfaceLayoutDirection {
        switch attribute {
        case .unspecified: layoutDirection
        case .playback, .spatial, .forceLeftToRight: .leftToRight
        case .forceRightToLeft: .rightToLeft
        }
    }

    /// The layout direction this view gives its subviews' traits: its own effective direction when its
    /// attribute says anything, else none of its own (they inherit its traits' direction).
    /// CHOICE: playback and spatial views pass their left-to-right on too, as the forced ones do theirs
    /// (UIKit documents only that such views don't flip, not what their subviews' traits say).
    func layoutDirectionForSubviews(inherited: TraitCollection.LayoutDirection) -> TraitCollection.LayoutDirection {
        semanticContentAttribute == .unspecified
            ? inherited
            : Self.userInterfaceLayoutDirection(for: semanticContentAttribute, relativeTo: inherited.resolved).traitDirection
    }
}

extension DirectionalEdgeInsets {
    /// The insets at physical edges in a layout direction: leading is left, or right right to left.
    func edgeInsets(in direction: UserInterfaceLayoutDirection) -> EdgeInsets {
        direction == .rightToLeft
            ? EdgeInsets(top: top, left: trailing, bottom: bottom, right: leading)
            : EdgeInsets(top: top, left: leading, bottom: bottom, right: trailing)
    }

    /// The directional insets of physical ones in a layout direction.
    init(_ insets: EdgeInsets, in direction: UserInterfaceLayoutDirection) {
        self = direction == .rightToLeft
            ? DirectionalEdgeInsets(top: insets.top, leading: insets.right, bottom: insets.bottom, trailing: insets.left)
            : DirectionalEdgeInsets(top: insets.top, leading: insets.left, bottom: insets.bottom, trailing: insets.right)
    }
}
