import KeyboardLibraryLoading

/// The hunspell functions this module calls, found in `libhunspell-1.7.so.0` with `dlopen` and `dlsym` the
/// first time a dictionary is opened.
///
/// **Why `dlopen` and not a C module**, as for HarfBuzz in `KeyboardTextMetrics`: the `UIKit` face spells
/// through this module, and a module that imports a C module needs that module's map wherever a client
/// imports it (swift-snapshot-testing's `#if canImport(UIKit) import UIKit` is built without ours). And a
/// process that never spells never maps the library.
///
/// Each function is declared with the `@convention(c)` type of its prototype in
/// `/usr/include/hunspell/hunspell.h`: `Hunhandle *` as `OpaquePointer`, `char **` lists as
/// `UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?`, `int` as `Int32`.
///
/// **Threads.** A `Hunhandle` is not thread-safe (hunspell keeps per-call scratch state in it): every call
/// on one handle is made under that handle's lock (``SpellingDictionary``). The library itself has no global
/// state that calls on different handles share, so different dictionaries are used in parallel.
///
/// The library is opened once per process (``DynamicLibrary/Once``) and never closed; when it cannot be
/// opened the error is thrown and the next dictionary opening tries again (installing the package mends a
/// running process).
struct Hunspell: Sendable {
    /// The soname the functions are looked up in.
    static let library = "libhunspell-1.7.so.0"
    /// The Debian package that installs ``library``.
    static let debianPackage = "libhunspell-1.7-0"

    /// `Hunhandle* Hunspell_create(const char* affpath, const char* dpath)`.
    let create: @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> OpaquePointer?
    /// `void Hunspell_destroy(Hunhandle* pHunspell)`.
    let destroy: @convention(c) (OpaquePointer?) -> Void
    /// `int Hunspell_spell(Hunhandle* pHunspell, const char*)`: non-zero when the word is correct.
    let spell: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    /// `char* Hunspell_get_dic_encoding(Hunhandle* pHunspell)`.
    let dictionaryEncoding: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    /// `int Hunspell_suggest(Hunhandle* pHunspell, char*** slst, const char* word)`: the count, the list in
    /// `*slst` (freed with ``freeList``).
    let suggest: @convention(c) (
        OpaquePointer?, UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?, UnsafePointer<CChar>?
    ) -> Int32
    /// `void Hunspell_free_list(Hunhandle* pHunspell, char*** slst, int n)`.
    let freeList: @convention(c) (
        OpaquePointer?, UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?, Int32
    ) -> Void

    /// The functions once found, for the rest of the process.
    private static let loader = DynamicLibrary.Once(library) { opened throws(DynamicLibrary.Failure) in try Hunspell(opened) }

    /// The functions of ``library``, opening it on the first call.
    ///
    /// - Throws: ``SpellingError/libraryUnavailable(library:debianPackage:reason:)`` or
    ///   ``SpellingError/libraryFunctionMissing(library:function:debianPackage:)``; a later call tries again.
    static func shared() throws(SpellingError) -> Hunspell {
        try loader.functions(debianPackage: debianPackage, reportedAs: SpellingError.self)
    }

    /// Finds every function in the opened library.
    private init(_ library: DynamicLibrary) throws(DynamicLibrary.Failure) {
        func find<Function>(_ name: String) throws(DynamicLibrary.Failure) -> Function { try library.function(name) }
        create = try find("Hunspell_create")
        destroy = try find("Hunspell_destroy")
        spell = try find("Hunspell_spell")
        dictionaryEncoding = try find("Hunspell_get_dic_encoding")
        suggest = try find("Hunspell_suggest")
        freeList = try find("Hunspell_free_list")
    }
}

extension SpellingError: DynamicLibraryError {}
