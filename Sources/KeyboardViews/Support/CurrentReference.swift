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
    /// The weak reference; unchecked because the object is used only on the thread that drives it, as
    /// UIKit's globals are used on the main thread; the lock only keeps the reference whole.
    private final class Box: @unchecked Sendable {
        weak var object: Object?
        init(_ object: Object?) { self.object = object }
    }

    /// This thread's current object: the key of a thread-local slot holding a retained ``Box`` (released
    /// when the thread ends). Not `Thread.threadDictionary`: a value stored there is boxed on the way in,
    /// and the box looks its type's conformances up, a scan of every conformance record of the image (a
    /// measurable part of a daemon's start, BENCHMARKS.md).
    private let threadKey: pthread_key_t
    private let global = Mutex(Box(nil))
    private let delivering = Mutex<[Box]>([])
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
    private var threadBox: Box? {
        pthread_getspecific(threadKey).map { Unmanaged<Box>.fromOpaque($0).takeUnretainedValue() }
    }

    package var object: Object? {
        if DispatchQueue.getSpecific(key: mainQueueKey) == true, let poster = delivering.withLock({ $0.last?.object }),
           isLive(poster) {
            return poster
        }
        if let local = threadBox?.object, isLive(local) { return local }
        return global.withLock { $0.object }.flatMap { isLive($0) ? $0 : nil }
    }

    /// Runs `body` (posting notifications) with `object` current for code on the main queue.
    ///
    /// Deliveries of different objects take turns (parallel tests each post from their own thread, and
    /// Foundation runs all their `queue: .main` observers on the one main queue: without turns, an
    /// observer could read another test's object). The object's own nested deliveries go on; a delivery
    /// made on the main queue itself never waits (the turn's owner may be waiting for the main queue),
    /// and no delivery waits more than a second for its turn.
    package func delivering<Result>(from object: Object, _ body: () throws -> Result) rethrows -> Result {
        let box = Box(object)
        let owns = gate.enter(ObjectIdentifier(object), waits: DispatchQueue.getSpecific(key: mainQueueKey) != true)
        delivering.withLock { $0.append(box) }
        defer {
            delivering.withLock { stack in stack.removeAll { $0 === box } }
            if owns { gate.leave() }
        }
        return try body()
    }

    package func makeCurrent(_ object: Object) {
        let box = Box(object)
        let previous = pthread_getspecific(threadKey)
        let retained = Unmanaged.passRetained(box)
        if pthread_setspecific(threadKey, retained.toOpaque()) == 0 {
            if let previous { Unmanaged<Box>.fromOpaque(previous).release() }
        } else {
            // No memory for this thread's slot: the thread keeps its previous object; the global one moves on.
            retained.release()
        }
        global.withLock { $0 = box }
    }
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
