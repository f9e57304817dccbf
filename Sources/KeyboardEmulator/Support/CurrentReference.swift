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

    private let key: String
    private let global = Mutex(Box(nil))
    private let delivering = Mutex<[Box]>([])

    package init(key: String) {
        self.key = key
    }

    package var object: Object? {
        if DispatchQueue.getSpecific(key: mainQueueKey) == true, let poster = delivering.withLock({ $0.last?.object }) {
            return poster
        }
        if let local = (Thread.current.threadDictionary[key] as? Box)?.object { return local }
        return global.withLock { $0.object }
    }

    /// Runs `body` (posting notifications) with `object` current for code on the main queue.
    package func delivering<Result>(from object: Object, _ body: () throws -> Result) rethrows -> Result {
        let box = Box(object)
        delivering.withLock { $0.append(box) }
        defer { delivering.withLock { stack in stack.removeAll { $0 === box } } }
        return try body()
    }

    package func makeCurrent(_ object: Object) {
        let box = Box(object)
        Thread.current.threadDictionary[key] = box
        global.withLock { $0 = box }
    }
}

/// Marks the main queue, so that code can tell it runs there (the main queue may be served by any thread).
private let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()
