import KeyboardLibraryLoading
import Testing

/// dlopen/dlsym as the text metrics and spelling modules use them.
@Suite struct DynamicLibraryTests {
    private struct LibC {
        let strlen: @convention(c) (UnsafePointer<CChar>) -> Int
    }

    @Test func aFunctionOfALibraryIsCallable() throws {
        let libc = try DynamicLibrary.load("libc.so.6") { library throws(DynamicLibrary.Failure) in
            LibC(strlen: try library.function("strlen"))
        }
        #expect("keyboard".withCString { libc.strlen($0) } == 8)
    }

    @Test func aMissingLibraryIsUnavailableWithTheLoadersReason() {
        #expect {
            _ = try DynamicLibrary.load("libkeyboardd-no-such-library.so.0") { _ throws(DynamicLibrary.Failure) in () }
        } throws: { error in
            guard case DynamicLibrary.Failure.unavailable(let reason) = error else { return false }
            return reason.contains("libkeyboardd-no-such-library.so.0")
        }
    }

    @Test func aMissingFunctionIsNamed() {
        #expect(throws: DynamicLibrary.Failure.functionMissing("keyboardd_no_such_function")) {
            _ = try DynamicLibrary.load("libc.so.6") { library throws(DynamicLibrary.Failure) in
                let function: @convention(c) () -> Void = try library.function("keyboardd_no_such_function")
                return function
            }
        }
    }

    /// `Once` opens the library on the first call that succeeds and keeps what it found; a failure is
    /// thrown each time, and nothing is kept.
    @Test func onceKeepsWhatItFoundAndRetriesAFailure() throws {
        let libc = DynamicLibrary.Once("libc.so.6") { library throws(DynamicLibrary.Failure) in
            LibC(strlen: try library.function("strlen"))
        }
        #expect("ab".withCString { (try? libc.functions())?.strlen($0) } == 2)
        #expect("abc".withCString { (try? libc.functions())?.strlen($0) } == 3)
        let missing = DynamicLibrary.Once("libkeyboardd-no-such-library.so.0") { _ throws(DynamicLibrary.Failure) in 0 }
        for _ in 0..<2 {
            #expect(throws: DynamicLibrary.Failure.self) { try missing.functions() }
        }
    }

    /// A module's own error type, as hunspell's and HarfBuzz's users declare theirs.
    private enum ModuleError: DynamicLibraryError, Equatable {
        case libraryUnavailable(library: String, debianPackage: String, reason: String)
        case libraryFunctionMissing(library: String, function: String, debianPackage: String)
    }

    /// Both ways of loading report a failure in the module's words, naming the library and its package.
    @Test func aFailureIsReportedAsTheModulesError() {
        let missing = "libkeyboardd-no-such-library.so.0"
        #expect {
            _ = try DynamicLibrary.load(missing, debianPackage: "libnothing0", reportedAs: ModuleError.self) {
                _ throws(DynamicLibrary.Failure) in ()
            }
        } throws: { error in
            guard case ModuleError.libraryUnavailable(missing, "libnothing0", let reason) = error else { return false }
            return reason.contains(missing)
        }
        let once = DynamicLibrary.Once("libc.so.6") { library throws(DynamicLibrary.Failure) in
            let function: @convention(c) () -> Void = try library.function("keyboardd_no_such_function")
            return function
        }
        #expect(throws: ModuleError.libraryFunctionMissing(
            library: "libc.so.6", function: "keyboardd_no_such_function", debianPackage: "libc6")) {
            _ = try once.functions(debianPackage: "libc6", reportedAs: ModuleError.self)
        }
    }
}
