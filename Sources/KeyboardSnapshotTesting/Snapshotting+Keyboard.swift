import KeyboardEmulator
import KeyboardTesting
import SnapshotTesting

/// What a snapshot of a keyboard is taken of: a tester (its keyboard, as it is up) or a controller
/// (its view).
public protocol KeyboardPictureSource {
    /// The keyboard's views as a picture, laid out first.
    func keyboardPicture(as format: ViewRendering.Format) -> String
}

extension KeyboardTester: KeyboardPictureSource {
    public func keyboardPicture(as format: ViewRendering.Format) -> String {
        do {
            return try render(as: format)
        } catch {
            // A snapshot that cannot be taken is a mismatch that says why, not a crash.
            return "<!-- no picture: \(error) -->\n"
        }
    }
}

extension InputViewController: KeyboardPictureSource {
    public func keyboardPicture(as format: ViewRendering.Format) -> String {
        ViewRendering.render(view, as: format)
    }
}

extension Snapshotting where Value: KeyboardPictureSource, Format == String {
    /// The keyboard as SVG (`.svg` files): its views in points, backgrounds, borders, corner radii,
    /// alpha, titles and label texts. Open a failing snapshot's file to see the two pictures.
    ///
    /// ```swift
    /// assertSnapshot(of: tester, as: .svg)
    /// ```
    public static var svg: Snapshotting {
        var snapshotting = SimplySnapshotting.lines.pullback { (source: Value) in source.keyboardPicture(as: .svg) }
        snapshotting.pathExtension = "svg"
        return snapshotting
    }

    /// The keyboard's view tree as text (`.txt` files): class, frame and content of each view, a line each,
    /// so a failing snapshot's diff names the view that moved.
    ///
    /// ```swift
    /// assertSnapshot(of: keyboard, as: .tree)
    /// ```
    public static var tree: Snapshotting {
        var snapshotting = SimplySnapshotting.lines.pullback { (source: Value) in source.keyboardPicture(as: .tree) }
        snapshotting.pathExtension = "txt"
        return snapshotting
    }
}
