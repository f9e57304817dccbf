import Foundation
/// A host-side keyboard tracker: something that turns keyboard notifications into the height the host
/// lays its content out with (``KeyboardTracker``, ``NaiveKeyboardTracker``).
public protocol KeyboardTracking: AnyObject {
    /// A short name for reports (`tracker`, `naive`).
    var name: String { get }
    /// The keyboard height over the app's window the tracker believes in, in points.
    var height: CGFloat { get }
    /// Sets the height from outside (the watchdog's fix).
    func correct(to height: Double)
}
