import CXKBCommon

/// An owned `struct xkb_compose_state`: the progress of one dead-key / Multi_key sequence.
///
/// ```swift
/// let compose = try XKBComposeState(table: table)
/// compose.feed(Keysym(name: "dead_acute")!)   // .composing
/// compose.feed(Keysym(name: "e")!)            // .composed
/// compose.utf8                                 // "é"
/// compose.reset()
/// ```
public final class XKBComposeState {
    /// The status after the last feed.
    public enum Status: Sendable, Equatable {
        /// Not in a sequence: handle the key normally.
        case nothing
        /// In a sequence: insert nothing yet.
        case composing
        /// The sequence finished: insert ``XKBComposeState/utf8``.
        case composed
        /// The sequence was aborted: insert nothing and drop it.
        case cancelled
    }

    /// Whether a keysym was taken by the compose machinery.
    public enum FeedResult: Sendable, Equatable {
        case ignored, accepted
    }

    /// The C object; valid for the lifetime of `self`.
    public let pointer: OpaquePointer
    /// The table it reads.
    public let table: XKBComposeTable

    public init(table: XKBComposeTable) throws(XKBError) {
        guard let state = XKBLock.run({ xkb_compose_state_new(table.pointer, XKB_COMPOSE_STATE_NO_FLAGS) }) else {
            throw .composeStateCreationFailed
        }
        self.pointer = state
        self.table = table
    }

    deinit { XKBLock.run { xkb_compose_state_unref(pointer) } }  // the table's count

    /// Feeds one keysym (from a key press); modifier keysyms are ignored by libxkbcommon.
    @discardableResult
    public func feed(_ keysym: Keysym) -> FeedResult {
        // Raw values compared: C enums are imported as `RawRepresentable` structs, whose `==` is the standard
        // library's generic one (slow in a debug build, and this runs on every key press).
        xkb_compose_state_feed(pointer, keysym.rawValue).rawValue == XKB_COMPOSE_FEED_ACCEPTED.rawValue ? .accepted : .ignored
    }

    /// Clears any sequence in progress.
    public func reset() { xkb_compose_state_reset(pointer) }

    /// The current status.
    public var status: Status {
        switch xkb_compose_state_get_status(pointer).rawValue {  // raw values, as in `feed(_:)`
        case XKB_COMPOSE_COMPOSING.rawValue: return .composing
        case XKB_COMPOSE_COMPOSED.rawValue: return .composed
        case XKB_COMPOSE_CANCELLED.rawValue: return .cancelled
        default: return .nothing
        }
    }

    /// The composed text when ``status`` is `.composed`, otherwise "".
    public var utf8: String {
        var buffer = [CChar](repeating: 0, count: 64)
        let length = Int(xkb_compose_state_get_utf8(pointer, &buffer, buffer.count))
        if length >= buffer.count {
            buffer = [CChar](repeating: 0, count: length + 1)
            _ = xkb_compose_state_get_utf8(pointer, &buffer, buffer.count)
        }
        return String(decoding: buffer.prefix(max(0, length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The composed keysym when `.composed` and it is a single keysym, otherwise `.noSymbol`.
    public var keysym: Keysym { Keysym(rawValue: xkb_compose_state_get_one_sym(pointer)) }
}
