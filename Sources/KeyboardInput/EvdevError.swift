#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An error opening or grabbing an evdev device, with an explanation a user can act on.
///
/// ```swift
/// EvdevError(errno: EACCES, path: "/dev/input/event3").description
/// // "/dev/input/event3: permission denied. Add yourself to the 'input' group: …"
/// ```
public enum EvdevError: Error, Equatable, Sendable, CustomStringConvertible {
    case notFound(path: String)
    case permissionDenied(path: String)
    case notAnEvdevDevice(path: String)
    case grabFailed(path: String, errno: Int32, reason: String)
    case openFailed(path: String, errno: Int32, reason: String)

    /// Maps an `open(2)` errno to an error for `path`.
    public init(errno code: Int32, path: String) {
        switch code {
        case ENOENT, ENXIO, ENODEV: self = .notFound(path: path)
        case EACCES, EPERM: self = .permissionDenied(path: path)
        case ENOTTY, EINVAL: self = .notAnEvdevDevice(path: path)
        default: self = .openFailed(path: path, errno: code, reason: String(cString: strerror(code)))
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
        case .grabFailed(let path, let code, let reason):
            return "\(path): cannot grab the device (EVIOCGRAB): \(reason)"
                + (code == EBUSY ? " — another program has grabbed it" : "")
        case .openFailed(let path, _, let reason):
            return "\(path): cannot open: \(reason)"
        }
    }
}
