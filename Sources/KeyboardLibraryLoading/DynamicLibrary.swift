#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A shared library opened with `dlopen` (`RTLD_NOW | RTLD_LOCAL`: resolved at once, its symbols kept out of
/// the global namespace), for modules that call a C library without a C module: HarfBuzz
/// (`KeyboardTextMetrics`) and hunspell (`KeyboardSpelling`), which the `UIKit` face reaches and so must not
/// import a module map (swift-snapshot-testing builds `import UIKit` without ours).
///
/// A library is opened once by its user and never closed: what its functions return lives in it.
///
/// ```swift
/// let functions = try DynamicLibrary.load("libhunspell-1.7.so.0") { library throws(DynamicLibrary.Failure) in
///     Functions(create: try library.function("Hunspell_create"), …)
/// }
/// ```
public struct DynamicLibrary {
    /// Why a library could not be used; the user names the library and its Debian package.
    public enum Failure: Error, Sendable, Hashable {
        /// `dlopen` failed: `dlerror()`'s reason.
        case unavailable(reason: String)
        /// The library lacks a function.
        case functionMissing(String)
    }

    private let handle: UnsafeMutableRawPointer

    /// Opens `name` and builds what its user keeps of it (its functions) with `build`; when `build` fails
    /// the library is closed again, so a later attempt opens it afresh (installing the package mends a
    /// running process).
    public static func load<Functions>(
        _ name: String, _ build: (DynamicLibrary) throws(Failure) -> Functions
    ) throws(Failure) -> Functions {
        guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
            throw .unavailable(reason: dlerror().map { String(cString: $0) } ?? "dlopen failed")
        }
        do {
            return try build(DynamicLibrary(handle: handle))
        } catch {
            dlclose(handle)
            throw error
        }
    }

    /// The function `name`, as the `@convention(c)` type it is declared with.
    public func function<Function>(_ name: String) throws(Failure) -> Function {
        guard let address = dlsym(handle, name) else { throw .functionMissing(name) }
        return unsafeBitCast(address, to: Function.self)
    }
}

extension DynamicLibrary {
    /// A library's functions, found once for the rest of the process: the first thread that needs them opens
    /// the library (the others wait for it under a lock); when that fails the error is thrown and the next
    /// call tries again, so installing the package mends a running process.
    ///
    /// ```swift
    /// static let loader = DynamicLibrary.Once("libhunspell-1.7.so.0") { library throws(DynamicLibrary.Failure) in
    ///     try Functions(library)
    /// }
    /// let functions = try loader.functions()
    /// ```
    public final class Once<Functions: Sendable>: Sendable {
        /// The soname the functions are looked up in.
        public let library: String
        private let build: @Sendable (DynamicLibrary) throws(Failure) -> Functions
        private let loaded = Mutex<Functions?>(nil)

        public init(_ library: String, _ build: @escaping @Sendable (DynamicLibrary) throws(Failure) -> Functions) {
            self.library = library
            self.build = build
        }

        /// The functions, opening the library on the first call that succeeds.
        public func functions() throws(Failure) -> Functions {
            try loaded.withLock { (loaded: inout Functions?) throws(Failure) -> Functions in
                if let loaded { return loaded }
                let opened = try DynamicLibrary.load(library, build)
                loaded = opened
                return opened
            }
        }
    }
}

/// An error type of a module that loads a library: the two ways loading fails, in that module's words
/// (its enum's cases serve as these requirements).
public protocol DynamicLibraryError: Error {
    /// The library could not be opened (`dlopen`'s reason); installing `debianPackage` mends it.
    static func libraryUnavailable(library: String, debianPackage: String, reason: String) -> Self
    /// The library lacks `function` (a version too old); `debianPackage` installs a newer one.
    static func libraryFunctionMissing(library: String, function: String, debianPackage: String) -> Self
}

extension DynamicLibrary {
    /// ``load(_:_:)`` with its failure reported as `ModuleError`, naming the library and `debianPackage`.
    public static func load<Functions, ModuleError: DynamicLibraryError>(
        _ name: String, debianPackage: String, reportedAs _: ModuleError.Type,
        _ build: (DynamicLibrary) throws(Failure) -> Functions
    ) throws(ModuleError) -> Functions {
        do throws(Failure) {
            return try load(name, build)
        } catch {
            throw error.reported(library: name, debianPackage: debianPackage)
        }
    }
}

extension DynamicLibrary.Once {
    /// ``functions()`` with its failure reported as `ModuleError`, naming the library and `debianPackage`.
    public func functions<ModuleError: DynamicLibraryError>(
        debianPackage: String, reportedAs _: ModuleError.Type
    ) throws(ModuleError) -> Functions {
        do throws(DynamicLibrary.Failure) {
            return try functions()
        } catch {
            throw error.reported(library: library, debianPackage: debianPackage)
        }
    }
}

extension DynamicLibrary.Failure {
    /// This failure as a module's error, naming the library and the Debian package that installs it.
    public func reported<ModuleError: DynamicLibraryError>(library: String, debianPackage: String) -> ModuleError {
        switch self {
        case .unavailable(let reason):
            .libraryUnavailable(library: library, debianPackage: debianPackage, reason: reason)
        case .functionMissing(let function):
            .libraryFunctionMissing(library: library, function: function, debianPackage: debianPackage)
        }
    }
}
