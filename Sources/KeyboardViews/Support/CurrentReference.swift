import Foundation
import Synchronization

/// A weak "current object" for UIKit's globals (`UIScreen.main`, `UIDevice.current`,
/// `UIApplication.shared`): the one made current last on this thread, else the one made current last on
/// any thread.
///
/// Per thread first, because tests run in parallel: a synchronous test makes its session current and
/// reads `UIScreen.main` on one thread, so tests on other threads do not change what it reads. Code on the
/// main queue while an object delivers notifications (Foundation runs `queue: .main` observers there while
/// the poster waits) sees the delivering object.
package final class CurrentReference<Object: AnyObject>: Sendable {
    // The storage holds `AnyObject`s, not `Object`s: types nested in a generic class have metadata made
    // at run time and looked up on each use, a visible cost in a debug build (what `swift test` runs).
    // Only `Object`s are stored, so reads downcast unchecked (`unsafeDowncast`: a debug build still checks).

    /// This thread's current object: the key of a thread-local slot holding a retained ``WeakBox``
    /// (released when the thread ends). Not `Thread.threadDictionary`: a value stored there is boxed on
    /// the way in, and the box looks its type's conformances up, a scan of every conformance record of
    /// the image (a measurable part of a daemon's start, BENCHMARKS.md).
    private let threadKey: pthread_key_t
    private let global = Mutex(WeakBox(nil))
    /// The objects delivering now, innermost last (``DeliveringObject``).
    private let delivering = Mutex<[DeliveringObject]>([])
    /// One object delivers at a time, so that main-queue code knows whose delivery it runs in.
    private let gate = DeliveryGate()

    /// Whether an object still counts (a screen whose session is gone does not): one that does not is
    /// passed over, as an object that is gone is.
    private let isLive: @Sendable (Object) -> Bool

    package init(isLive: @escaping @Sendable (Object) -> Bool = { _ in true }) {
        self.isLive = isLive
        var threadKey = pthread_key_t()
        // Only fails when a process has used up its keys (PTHREAD_KEYS_MAX, 1024): there are two of these.
        precondition(pthread_key_create(&threadKey) { box in
            if let box { Unmanaged<AnyObject>.fromOpaque(box).release() }
        } == 0, "no thread-local key left for the current object")
        self.threadKey = threadKey
    }

    /// The box made current on this thread, if any.
    private var threadBox: WeakBox? {
        pthread_getspecific(threadKey).map { Unmanaged<WeakBox>.fromOpaque($0).takeUnretainedValue() }
    }

    package var object: Object? {
        if DispatchQueue.getSpecific(key: mainQueueKey) == true, let poster = delivering.withLock({ $0.last?.object }),
           isLive(unsafeDowncast(poster, to: Object.self)) {
            return unsafeDowncast(poster, to: Object.self)
        }
        if let local = threadBox?.object, isLive(unsafeDowncast(local, to: Object.self)) {
            return unsafeDowncast(local, to: Object.self)
        }
        guard let last = global.withLock({ $0.object }) else { return nil }
        let object = unsafeDowncast(last, to: Object.self)
        return isLive(object) ? object : nil
    }

    /// Runs `body` (posting notifications) with `object` current for code on the main queue.
    ///
    /// Deliveries of different objects take turns (parallel tests each post from their own thread, and
    /// Foundation runs all their `queue: .main` observers on the one main queue: without turns, an
    /// observer could read another test's object). The object's own nested deliveries go on; a delivery
    /// made on the main queue itself never waits (the turn's owner may be waiting for the main queue),
    /// and no delivery waits more than a second for its turn.
    package func delivering<Result>(from object: Object, _ body: () throws -> Result) rethrows -> Result {
        let owns = gate.enter(ObjectIdentifier(object), waits: DispatchQueue.getSpecific(key: mainQueueKey) != true)
        delivering.withLock { $0.append(DeliveringObject(object: object)) }
        defer {
            delivering.withLock { stack in Self.remove(object, from: &stack) }
            if owns { gate.leave() }
        }
        return try body()
    }

    /// Takes a delivery off the stack: nearly always the top one (deliveries nest), so the walk starts
    /// there (a `removeAll(where:)` partitions the whole stack, unspecialised in a debug build). Another
    /// thread's delivery of the same object may sit above it; either entry stands for the same object.
    private static func remove(_ object: Object, from stack: inout [DeliveringObject]) {
        var index = stack.endIndex
        while index > stack.startIndex {
            index -= 1
            if stack[index].object === object {
                stack.remove(at: index)
                return
            }
        }
    }

    package func makeCurrent(_ object: Object) {
        // A tester makes its session current before each thing the keyboard does: when this thread's box
        // already holds the object, only the global one may have moved on (another thread's object since).
        if let box = threadBox, box.object === object {
            global.withLock { if $0 !== box { $0 = box } }
            return
        }
        let box = WeakBox(object)
        let previous = pthread_getspecific(threadKey)
        let retained = Unmanaged.passRetained(box)
        if pthread_setspecific(threadKey, retained.toOpaque()) == 0 {
            if let previous { Unmanaged<WeakBox>.fromOpaque(previous).release() }
        } else {
            // No memory for this thread's slot: the thread keeps its previous object; the global one moves on.
            retained.release()
        }
        global.withLock { $0 = box }
    }
}

/// A weak reference to a current object; unchecked because the object is used only on the thread that
/// drives it, as UIKit's globals are used on the main thread; the lock only keeps the reference whole.
private final class WeakBox: @unchecked Sendable {
    weak var object: AnyObject?
    init(_ object: AnyObject?) { self.object = object }
}

/// An object delivering notifications. Unowned and unchecked: it is on the stack only while its
/// `delivering(from:_:)` runs, whose caller holds it (no box to allocate, no weak reference — a weak one
/// moves the object's reference counts to a side table, slower for every later retain).
private struct DeliveringObject: @unchecked Sendable {
    unowned(unsafe) let object: AnyObject
}

/// Marks the main queue, so that code can tell it runs there (the main queue may be served by any thread).
private let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()

/// Turns for deliveries: one object at a time, its own nested deliveries included.
private final class DeliveryGate: @unchecked Sendable {
    // NSCondition guards `owner` and `depth`.
    private let condition = NSCondition()
    private var owner: ObjectIdentifier?
    private var depth = 0

    /// Takes the turn for `object` (waiting at most a second when `waits`); answers whether it did, so
    /// the caller leaves only a turn it took.
    func enter(_ object: ObjectIdentifier, waits: Bool) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        if waits {
            let deadline = Date(timeIntervalSinceNow: 1)
            while let current = owner, current != object {
                if !condition.wait(until: deadline) { break }
            }
        }
        guard owner == nil || owner == object else { return false }
        owner = object
        depth += 1
        return true
    }

    func leave() {
        condition.lock()
        defer { condition.unlock() }
        depth -= 1
        if depth == 0 {
            owner = nil
            condition.broadcast()
        }
    }
}
