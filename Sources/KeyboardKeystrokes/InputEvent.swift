/// One Linux evdev event (`struct input_event`): a timestamp, a type, a code and a value.
///
/// ```swift
/// let press = InputEvent.key(30, .press)          // KEY_A down
/// press.isKey                                        // true
/// InputEvent.synReport.type == InputEvent.EventType.syn
/// ```
public struct InputEvent: Hashable, Sendable, CustomStringConvertible {
    public var seconds: Int64
    public var microseconds: Int64
    public var type: UInt16
    public var code: UInt16
    public var value: Int32

    @inlinable
    public init(seconds: Int64 = 0, microseconds: Int64 = 0, type: UInt16, code: UInt16, value: Int32) {
        self.seconds = seconds
        self.microseconds = microseconds
        self.type = type
        self.code = code
        self.value = value
    }

    /// Event types (`EV_*`).
    public enum EventType {
        public static let syn: UInt16 = 0x00
        public static let key: UInt16 = 0x01
        public static let rel: UInt16 = 0x02
        public static let abs: UInt16 = 0x03
        public static let msc: UInt16 = 0x04
        public static let led: UInt16 = 0x11
        public static let rep: UInt16 = 0x14
    }

    /// `EV_SYN` codes.
    public enum SynCode {
        public static let report: UInt16 = 0
        public static let config: UInt16 = 1
        public static let mtReport: UInt16 = 2
        public static let dropped: UInt16 = 3
    }

    /// `EV_KEY` values.
    public enum KeyValue: Int32, Sendable {
        case release = 0
        case press = 1
        case `repeat` = 2
    }

    /// The size of `struct input_event` on 64-bit Linux.
    public static let rawSize = 24

    /// Decodes one raw `struct input_event` (``rawSize`` bytes, little-endian, as the kernel writes them
    /// on x86-64 and arm64): what an evdev device and a raw recording hold.
    @inlinable @inline(__always)
    public init(raw: UnsafeRawPointer) {
        self.init(
            seconds: Int64(littleEndian: raw.loadUnaligned(fromByteOffset: 0, as: Int64.self)),
            microseconds: Int64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: Int64.self)),
            type: UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: 16, as: UInt16.self)),
            code: UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: 18, as: UInt16.self)),
            value: Int32(littleEndian: raw.loadUnaligned(fromByteOffset: 20, as: Int32.self)))
    }

    /// An `EV_KEY` event for an evdev key code.
    public static func key(_ code: UInt16, _ value: KeyValue, seconds: Int64 = 0, microseconds: Int64 = 0) -> InputEvent {
        InputEvent(seconds: seconds, microseconds: microseconds, type: EventType.key, code: code, value: value.rawValue)
    }

    /// `EV_SYN SYN_REPORT 0`.
    public static let synReport = InputEvent(type: EventType.syn, code: SynCode.report, value: 0)
    /// `EV_SYN SYN_DROPPED 0`.
    public static let synDropped = InputEvent(type: EventType.syn, code: SynCode.dropped, value: 0)

    public var isKey: Bool { type == EventType.key }
    public var isSynReport: Bool { type == EventType.syn && code == SynCode.report }
    public var isSynDropped: Bool { type == EventType.syn && code == SynCode.dropped }

    /// The xkb keycode for an `EV_KEY` event (evdev code + 8).
    public var xkbKeycode: UInt32 { UInt32(code) + 8 }

    /// The evemu line: `E: 0.000001 0001 001e 0001`.
    public var evemuLine: String {
        func hex4(_ value: UInt16) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }
        let micro = String(microseconds)
        let paddedMicro = String(repeating: "0", count: max(0, 6 - micro.count)) + micro
        let paddedValue = value >= 0 && value < 10_000
            ? String(repeating: "0", count: max(0, 4 - String(value).count)) + String(value) : String(value)
        return "E: \(seconds).\(paddedMicro) \(hex4(type)) \(hex4(code)) \(paddedValue)"
    }

    /// The 24 bytes of the raw record (little-endian, 64-bit `timeval`).
    public var rawBytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        withUnsafeBytes(of: seconds.littleEndian) { bytes.append(contentsOf: $0) }
        withUnsafeBytes(of: microseconds.littleEndian) { bytes.append(contentsOf: $0) }
        withUnsafeBytes(of: type.littleEndian) { bytes.append(contentsOf: $0) }
        withUnsafeBytes(of: code.littleEndian) { bytes.append(contentsOf: $0) }
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        return bytes
    }

    public var description: String { evemuLine }
}

extension InputEvent {
    /// The highest evdev key code (`KEY_MAX` in `linux/input-event-codes.h`).
    public static let maxKeyCode = 0x2ff

    /// Why a number is not an evdev key code, or not a key event's value.
    public struct KeyEventError: Error, Equatable, Sendable, CustomStringConvertible {
        /// Which part of the key event was refused.
        public enum Part: String, Sendable { case code, value }
        public let part: Part
        public let number: Int

        public init(part: Part, number: Int) {
            self.part = part
            self.number = number
        }

        public var description: String {
            switch part {
            case .code: "\(number) is not an evdev key code (0…\(InputEvent.maxKeyCode))"
            case .value: "\(number) is not 0 (release), 1 (press) or 2 (repeat)"
            }
        }
    }

    /// Parses an evdev key code: the one check every adapter (JSON-RPC, the runtime) uses.
    public static func keyCode(parsing number: Int) throws(KeyEventError) -> UInt16 {
        guard (0...maxKeyCode).contains(number) else { throw KeyEventError(part: .code, number: number) }
        return UInt16(number)
    }
}

extension InputEvent.KeyValue {
    /// Parses a key event's value (0 release, 1 press, 2 repeat).
    public init(parsing number: Int) throws(InputEvent.KeyEventError) {
        guard let value = Int32(exactly: number).flatMap(Self.init(rawValue:)) else {
            throw InputEvent.KeyEventError(part: .value, number: number)
        }
        self = value
    }
}
