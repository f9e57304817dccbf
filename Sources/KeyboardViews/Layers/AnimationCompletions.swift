import Foundation
import Synchronization

/// Where the completions of animations that ran at once are run (`UIView.animate`'s completion,
/// `animationDidStop`, a transaction's completion block), so that a completion that starts the next
/// animation — a key's pulse that restarts itself — is a loop, not a recursion.
///
/// On iOS these run later, from the run loop. Here the first one runs at once, on the thread that finished
/// the animation; one that finishes while a completion is running waits until that completion returns,
/// then runs (in order). A chain that goes on past ``limit`` completions in one turn is cut there: the rest
/// are counted in ``dropped`` (an animation that restarts itself forever would otherwise never let the test
/// go on).
package enum AnimationCompletions {
    /// The most completions run in one turn (from the first one that ran at once to the last one queued).
    package static let limit = 10_000

    /// This thread's turn: the completions waiting, and how many ran.
    private final class Turn {
        var waiting: [() -> Void] = []
        /// The completions taken this turn: the first and those queued.
        var accepted = 0
        var isRunning = false
    }

    private static let turnKey: pthread_key_t = {
        var key = pthread_key_t()
        // Only fails when a process has used up its keys (PTHREAD_KEYS_MAX, 1024).
        precondition(pthread_key_create(&key) { turn in
            if let turn { Unmanaged<AnyObject>.fromOpaque(turn).release() }
        } == 0, "no thread-local key left for animation completions")
        return key
    }()

    private static var turn: Turn {
        if let existing = pthread_getspecific(turnKey) { return Unmanaged<Turn>.fromOpaque(existing).takeUnretainedValue() }
        let turn = Turn()
        let retained = Unmanaged.passRetained(turn)
        if pthread_setspecific(turnKey, retained.toOpaque()) != 0 { retained.release() }
        return turn
    }

    /// Completions cut off by ``limit`` in this process.
    package static var dropped: Int { droppedCount.withLock { $0 } }
    private static let droppedCount = Mutex(0)

    /// Runs a completion now, or after the completion running now returns.
    package static func run(_ completion: @escaping () -> Void) {
        let turn = turn
        guard !turn.isRunning else {
            if turn.accepted < limit {
                turn.accepted += 1
                turn.waiting.append(completion)
            } else {
                droppedCount.withLock { $0 += 1 }
            }
            return
        }
        turn.isRunning = true
        turn.accepted = 1
        defer {
            turn.isRunning = false
            turn.waiting.removeAll()
        }
        completion()
        var next = 0
        while next < turn.waiting.count {
            let waiting = turn.waiting[next]
            next += 1
            waiting()
        }
    }
}
