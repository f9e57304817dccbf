import KeyboardKeystrokes
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SystemPackage

/// An open `/dev/input/eventN` keyboard: its name, an optional exclusive grab, and a raw event reader.
///
/// The grab is released and the descriptor closed by ``close()`` or on deinit.
///
/// ```swift
/// let device = try EvdevDevice(path: "/dev/input/event3", grab: true)
/// print(device.name)                          // "AT Translated Set 2 keyboard"
/// let reader = device.makeReader()
/// while let event = try reader.next() { … }
/// ```
public final class EvdevDevice {
    /// The device path.
    public let path: String
    /// The device name (EVIOCGNAME).
    public let name: String
    /// The evdev driver version (EVIOCGVERSION), e.g. 0x010001.
    public let driverVersion: Int32
    /// The open descriptor, -1 after ``close()``.
    public private(set) var fileDescriptor: Int32
    /// Whether this process holds the EVIOCGRAB grab.
    public private(set) var isGrabbed = false

    /// ioctl request numbers, computed like the kernel's `_IOC(dir, type, nr, size)`.
    public enum IOCTL {
        static let write: UInt = 1
        static let read: UInt = 2
        /// `_IOC(dir, type, nr, size)` = dir << 30 | size << 16 | type << 8 | nr.
        public static func make(direction: UInt, type: UInt8, number: UInt8, size: Int) -> UInt {
            direction << 30 | UInt(size) << 16 | UInt(type) << 8 | UInt(number)
        }
        /// `EVIOCGVERSION` = `_IOR('E', 0x01, int)` = 0x80044501.
        public static let getVersion = make(direction: read, type: UInt8(ascii: "E"), number: 0x01, size: 4)
        /// `EVIOCGNAME(len)` = `_IOC(_IOC_READ, 'E', 0x06, len)`.
        public static func getName(length: Int) -> UInt {
            make(direction: read, type: UInt8(ascii: "E"), number: 0x06, size: length)
        }
        /// `EVIOCGRAB` = `_IOW('E', 0x90, int)` = 0x40044590.
        public static let grab = make(direction: write, type: UInt8(ascii: "E"), number: 0x90, size: 4)
    }

    /// Opens the device, checks that it is evdev, reads its name, and grabs it when asked.
    public init(path: String, grab: Bool = false) throws(EvdevError) {
        let file: FileDescriptor
        do {
            file = try FileDescriptor.open(path, .readOnly, options: .closeOnExec)
        } catch {
            throw EvdevError(errno: error as? Errno ?? .ioError, path: path)
        }
        let descriptor = file.rawValue
        var version: Int32 = 0
        guard ioctl(descriptor, IOCTL.getVersion, &version) >= 0 else {
            try? file.close()
            throw .notAnEvdevDevice(path: path)
        }
        var nameBuffer = [UInt8](repeating: 0, count: 256)
        let length = nameBuffer.withUnsafeMutableBytes { ioctl(descriptor, IOCTL.getName(length: $0.count), $0.baseAddress!) }
        let nameBytes = length > 0 ? nameBuffer.prefix(Int(length)).prefix { $0 != 0 } : []
        self.path = path
        self.fileDescriptor = descriptor
        self.driverVersion = version
        self.name = String(decoding: nameBytes, as: UTF8.self)
        if grab { try self.grab() }
    }

    deinit { close() }

    /// Takes the exclusive grab: other programs (the console, the compositor) stop seeing the keys.
    public func grab() throws(EvdevError) {
        guard !isGrabbed, fileDescriptor >= 0 else { return }
        guard ioctl(fileDescriptor, IOCTL.grab, CInt(1)) == 0 else {
            throw .grabFailed(path: path, errno: Errno(rawValue: errno))
        }
        isGrabbed = true
    }

    /// Releases the grab if held.
    public func release() {
        guard isGrabbed, fileDescriptor >= 0 else { return }
        _ = ioctl(fileDescriptor, IOCTL.grab, CInt(0))
        isGrabbed = false
    }

    /// Releases the grab and closes the descriptor; idempotent.
    public func close() {
        release()
        if fileDescriptor >= 0 {
            try? FileDescriptor(rawValue: fileDescriptor).close()
            fileDescriptor = -1
        }
    }

    /// A raw-format reader on the device's descriptor (the device keeps ownership of it).
    public func makeReader() -> InputEventReader {
        InputEventReader(fileDescriptor: fileDescriptor, source: path, format: .raw, blockSize: InputEvent.rawSize * 64)
    }
}
