import Foundation
import Synchronization

/// A weak "current object" for UIKit's globals (`UIScreen.main`, `UIDevice.current`,
/// `UIApplication.shared`): the one made current last on this thread, else the one made current last on
/// any thread.
///
/// Per thread first, because tests run in parallel: a synchronous test makes its session current and
/// reads `UIScreen.main` on one thread, so tests on other threads do not change what it reads.
package final class CurrentReference<Object: AnyObject>: Sendable {
    /// The weak reference; unchecked because the object is used only on the thread that drives it, as
    /// UIKit's globals are used on the main thread; the lock only keeps the reference whole.
    private final class Box: @unchecked Sendable {
        weak var object: Object?
        init(_ object: Object?) { self.object = object }
    }

    private let key: String
    private let global = Mutex(Box(nil))

    package init(key: String) {
        self.key = key
    }

    package var object: Object? {
        if let local = (Thread.current.threadDictionary[key] as? Box)?.object { return local }
        return global.withLock { $0.object }
    }

    package func makeCurrent(_ object: Object) {
        let box = Box(object)
        Thread.current.threadDictionary[key] = box
        global.withLock { $0 = box }
    }
}
