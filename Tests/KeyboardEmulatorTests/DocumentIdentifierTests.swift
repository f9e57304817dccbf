import KeyboardEmulator
import Foundation
import Synchronization
import Testing
import KeyboardTesting
import TestSupport

/// Document identifiers are version-4 UUIDs, distinct for every field (and proxy) of the process, whichever
/// thread makes them.
@Suite("Document identifiers")
struct DocumentIdentifierTests {
    @Test("Every field's document identifier differs and reads as a random (version 4, RFC 4122) UUID")
    func distinctVersionFourIdentifiers() {
        let identifiers = Mutex<[UUID]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let session = KeyboardSession { InputViewController() }
            let made = (0..<2_000).map { _ in session.addField().documentIdentifier }
            identifiers.withLock { $0 += made }
        }
        let all = identifiers.withLock { $0 }
        #expect(Set(all).count == all.count)
        for identifier in all.prefix(100) {
            let text = Array(identifier.uuidString)
            #expect(text[14] == "4")
            #expect("89AB".contains(text[19]))
        }
    }
}
