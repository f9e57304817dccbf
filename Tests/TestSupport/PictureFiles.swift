import Foundation
import Testing

/// The pictures committed beside the README, kept current: a test compares each with what the tool draws
/// now, and with `KEYBOARDD_UPDATE_PICTURES=1` writes it instead.
public enum PictureFiles {
    public static func check(_ path: String, against fresh: Data, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = TestPaths.package(path)
        if ProcessInfo.processInfo.environment["KEYBOARDD_UPDATE_PICTURES"] == "1" {
            try fresh.write(to: url)
            return
        }
        let committed = try Data(contentsOf: url)
        #expect(committed == fresh, "\(path) is out of date: run the tests with KEYBOARDD_UPDATE_PICTURES=1 and commit it",
                sourceLocation: sourceLocation)
    }
}
