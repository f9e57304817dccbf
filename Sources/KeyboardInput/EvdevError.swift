import KeyboardKeystrokes
import SystemPackage

/// An error opening or grabbing an evdev device, with an explanation a user can act on.
///
/// ```swift
/// EvdevError(errno: .permissionDenied, path: "/dev/input/event3").description
/// // "/dev/input/event3: permission denied. Add yourself to the 'input' group: …"
/// ```
public enum EvdevError: Error, Equatable, Sendable, CustomStringConvertible {
    case notFound(path: String)
    case permissionDenied(path: String)
    case notAnEvdevDevice(path: String)
    case grabFailed(path: String, errno: Errno)
    case openFailed(path: String, errno: Errno)

    /// Maps an `open(2)` errno to an error for `path`.
    public init(errno: Errno, path: String) {
        switch errno {
        case .noSuchFileOrDirectory, .noSuchAddressOrDevice, .operationNotSupportedByDevice: self = .notFound(path: path)
        case .permissionDenied, .notPermitted: self = .permissionDenied(path: path)
        case .inappropriateIOCTLForDevice, .invalidArgument: self = .notAnEvdevDevice(path: path)
        default: self = .openFailed(path: path, errno: errno)
        }
    }

    public var description: String {
        switch self {
        case .notFound(let path):
            return "\(path): no such input device (list them with `ls -l /dev/input/by-id/` or `libinput list-devices`)"
        case .permissionDenied(let path):
            return "\(path): permission denied. Reading keyboards needs membership of the 'input' group: "
                + "run `sudo usermod -aG input $USER`, then log out and back in (or run as root)"
        case .notAnEvdevDevice(let path):
            return "\(path): not an evdev device (EVIOCGVERSION failed); use /dev/input/eventN"
        case .grabFailed(let path, let errno):
            return "\(path): cannot grab the device (EVIOCGRAB): \(errno.description)"
                + (errno == .resourceBusy ? " — another program has grabbed it" : "")
        case .openFailed(let path, let errno):
            return "\(path): cannot open: \(errno.description)"
        }
    }
}
