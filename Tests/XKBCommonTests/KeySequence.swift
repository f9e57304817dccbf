import XKBCommon

/// evdev key codes used by the transcribed sequences (linux/input-event-codes.h).
enum Key {
    static let esc: UInt16 = 1, one: UInt16 = 2, five: UInt16 = 6, six: UInt16 = 7, eight: UInt16 = 9
    static let minus: UInt16 = 12, tab: UInt16 = 15, q: UInt16 = 16, e: UInt16 = 18, o: UInt16 = 24
    static let a: UInt16 = 30, f: UInt16 = 33, h: UInt16 = 35, k: UInt16 = 37, l: UInt16 = 38
    static let leftShift: UInt16 = 42, z: UInt16 = 44, v: UInt16 = 47, rightShift: UInt16 = 54
    static let leftAlt: UInt16 = 56, space: UInt16 = 57, capsLock: UInt16 = 58, numLock: UInt16 = 69
    static let kp7: UInt16 = 71, kp8: UInt16 = 72, kp1: UInt16 = 79, kp2: UInt16 = 80, kp3: UInt16 = 81
    static let rightAlt: UInt16 = 100, compose: UInt16 = 127
}

/// What happens to the key in one step of a sequence.
enum Direction: Sendable {
    /// Press only.
    case down
    /// Release only.
    case up
    /// Press then release.
    case both
    /// Autorepeat: keysyms checked, state not updated.
    case `repeat`
}

/// One step: the key, what happens to it, and the keysym it must produce *before* the state update
/// (`NoSymbol` means no keysym at all).
struct Step: Sendable, CustomStringConvertible {
    var key: UInt16
    var direction: Direction
    var keysym: String
    init(_ key: UInt16, _ direction: Direction, _ keysym: String) {
        self.key = key
        self.direction = direction
        self.keysym = keysym
    }
    var description: String { "key \(key) \(direction) → \(keysym)" }
}

/// A named sequence and the keymap names it runs on.
struct KeySequence: Sendable, CustomStringConvertible {
    var name: String
    var names: RMLVO
    var steps: [Step]
    /// Whether the sequence relies on xkb's own double-press counting, which ``KeyProcessor``
    /// deliberately does not reproduce (it balances presses and releases per key).
    var countsDoublePresses = false
    var description: String { name }
}
