import CXKBCommon
import Synchronization

/// Which keys of a keymap change nothing in an ``XKBState``: letters, digits, punctuation, Return — every
/// key whose action on every layout and level sets, latches or locks no modifier and no layout.
///
/// libxkbcommon changes a state only through the filters a key's action starts (`SetMods`, `LatchMods`,
/// `LockMods`, `SetGroup`, `LockGroup`); it keeps no list of pressed keys. So where no filter is running —
/// no modifier and no layout is depressed or latched (``XKBState/holdsOrLatchesNothing``) and no key
/// that is not inert is down — `xkb_state_update_key` for an inert key leaves every component as it was,
/// and a caller may skip the call (``KeyProcessor`` does: it is a third of xkb's work per keystroke).
///
/// The verdict for a key comes from xkb itself, not from a list of keysyms: the key is pressed and
/// released on a probe state once for each layout and each of its levels (the level chosen by locked
/// modifiers, as where nothing is held), with the depressed layout moved while it is down (as another
/// key's `SetGroup` would), and it is inert when no press or release reports a changed component. An
/// action with no visible effect in any of those (a `SetMods` of no modifier) starts a filter that has
/// none anywhere either: in libxkbcommon 1.5 only a `SetGroup` filter acts on its release on something
/// other keys may have changed, the depressed layout, which the probe moves. A level no modifier mask
/// selects makes the key count as not inert.
///
/// ```swift
/// let inert = XKBInertKeys(keymap: keymap)
/// inert.contains(30 + 8)   // true: KEY_A
/// inert.contains(42 + 8)   // false: KEY_LEFTSHIFT sets Shift
/// ```
///
/// Not `Sendable`: the verdicts are worked out on first use. Each is worked out once per keymap, not once per
/// user: a verdict found is kept with the keymap (``XKBKeymap/derived(_:_:)``) for every later
/// `XKBInertKeys` of it, which copies it the first time it asks (the per-key read stays a plain load).
public final class XKBInertKeys {
    /// The keymap whose keys are judged.
    public let keymap: XKBKeymap
    /// The verdict for each keycode so far, from 0 up to the keymap's highest keycode.
    @usableFromInline let verdicts: UnsafeMutableBufferPointer<Verdict>

    @usableFromInline enum Verdict: UInt8, Sendable, BitwiseCopyable {
        /// The first case, stored as 0 (Swift stores a case's index, not its raw value): a zeroed table is
        /// all unknown.
        case unknown, inert, acts
    }

    /// The verdicts found so far by every `XKBInertKeys` of the keymap.
    private let shared: SharedVerdicts

    public init(keymap: XKBKeymap) {
        self.keymap = keymap
        shared = keymap.derived(SharedVerdicts.self) { keymap in SharedVerdicts(count: Int(keymap.keycodes.upperBound) + 1) }
        verdicts = .allocateZeroed(capacity: Int(keymap.keycodes.upperBound) + 1)  // all `.unknown`
    }

    deinit {
        verdicts.deallocate()
    }

    /// Whether the key (an xkb keycode) leaves a state where nothing is held or latched as it was, when
    /// pressed and when released. False for keycodes the keymap does not have.
    @inlinable
    public func contains(_ keycode: UInt32) -> Bool {
        guard Int(keycode) < verdicts.count else { return false }
        switch verdicts[Int(keycode)] {
        case .inert: return true
        case .acts: return false
        case .unknown: return judge(keycode)
        }
    }

    @usableFromInline func judge(_ keycode: UInt32) -> Bool {
        let verdict: Verdict
        if let known = shared.verdict(for: Int(keycode)) {
            verdict = known
        } else {
            verdict = tryOnProbe(keycode) ? .inert : .acts
            shared.keep(verdict, for: Int(keycode))
        }
        verdicts[Int(keycode)] = verdict
        return verdict == .inert
    }

    /// The verdicts of one keymap, shared by its users on any thread.
    private final class SharedVerdicts: Sendable {
        private let verdicts: Mutex<[Verdict]>

        init(count: Int) { verdicts = Mutex(Array(repeating: .unknown, count: count)) }

        func verdict(for keycode: Int) -> Verdict? {
            verdicts.withLock { keycode < $0.count && $0[keycode] != .unknown ? $0[keycode] : nil }
        }

        func keep(_ verdict: Verdict, for keycode: Int) {
            verdicts.withLock { if keycode < $0.count { $0[keycode] = verdict } }
        }
    }

    /// Presses and releases the key on a fresh state at every layout and level; true when no call
    /// reported a changed component.
    private func tryOnProbe(_ keycode: UInt32) -> Bool {
        guard keymap.keycodes.contains(keycode) else { return false }
        let state: XKBState
        do {
            state = try XKBState(keymap: keymap)
        } catch {
            return false  // out of memory: "not inert" is never wrong, only slower
        }
        for layout in 0..<max(1, keymap.layoutCount) {
            state.updateMask(depressed: 0, latched: 0, locked: 0, lockedLayout: UInt32(layout))
            let keyLayout = xkb_state_key_get_layout(state.pointer, keycode)
            guard keyLayout != XKB_LAYOUT_INVALID else { continue }  // no symbols there: no action either
            for level in 0..<keymap.levelCount(keycode: keycode, layout: Int(keyLayout)) {
                guard let mask = keymap.modifierMasks(keycode: keycode, layout: Int(keyLayout), level: level).first else {
                    return false
                }
                state.updateMask(depressed: 0, latched: 0, locked: mask, lockedLayout: UInt32(layout))
                let pressed = state.updateKey(keycode, direction: .down)
                // Another key moves the layout while this one is down: a `SetGroup` filter, even one that
                // changed nothing (`group=+0`), puts the layout it found back when its key goes up.
                state.updateMask(depressed: 0, latched: 0, locked: mask, depressedLayout: 1, lockedLayout: UInt32(layout))
                let released = state.updateKey(keycode, direction: .up)
                guard pressed == 0, released == 0 else { return false }
            }
        }
        return true
    }
}
