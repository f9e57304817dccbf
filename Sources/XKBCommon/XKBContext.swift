import CXKBCommon
import Synchronization

/// An owned `struct xkb_context`: the include paths and the environment defaults for keymaps.
///
/// `Sendable`: libxkbcommon's reference counts are plain integers and a context's state is not
/// thread-safe, so every call on the C object — here, and the compiles and prints that use it — runs
/// under one process-wide lock (``XKBLock``).
///
/// ```swift
/// let context = try XKBContext(flags: .noEnvironmentNames)   // tests: ignore XKB_DEFAULT_*
/// let keymap = try XKBKeymap(context: context, names: RMLVO(layout: "de"))
/// ```
public final class XKBContext: @unchecked Sendable {
    /// Flags for `xkb_context_new`.
    public struct Flags: OptionSet, Sendable, Hashable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Do not add the default include paths (`XKB_CONTEXT_NO_DEFAULT_INCLUDES`).
        public static let noDefaultIncludes = Flags(rawValue: XKB_CONTEXT_NO_DEFAULT_INCLUDES.rawValue)
        /// Ignore `XKB_DEFAULT_RULES/MODEL/LAYOUT/VARIANT/OPTIONS` (`XKB_CONTEXT_NO_ENVIRONMENT_NAMES`).
        public static let noEnvironmentNames = Flags(rawValue: XKB_CONTEXT_NO_ENVIRONMENT_NAMES.rawValue)
    }

    /// The C object; valid for the lifetime of `self`.
    public let pointer: OpaquePointer
    /// The flags the context was created with.
    public let flags: Flags

    /// Creates a context with the default include paths (`/usr/share/X11/xkb`, `~/.config/xkb`, …).
    public init(flags: Flags = []) throws(XKBError) {
        guard let context = XKBLock.run({ xkb_context_new(xkb_context_flags(rawValue: flags.rawValue)) }) else {
            throw .contextCreationFailed
        }
        self.pointer = context
        self.flags = flags
        self.includesOnlyDefaults = Mutex(!flags.contains(.noDefaultIncludes))
    }

    deinit { XKBLock.run { xkb_context_unref(pointer) } }

    /// Whether the include paths are libxkbcommon's defaults and nothing else (no
    /// ``Flags/noDefaultIncludes``, nothing appended): then a keymap compiled in it is the one any such
    /// context compiles from the same names, and ``KeymapCache`` may share it process-wide.
    public var hasDefaultIncludePathsOnly: Bool { includesOnlyDefaults.withLock { $0 } }
    private let includesOnlyDefaults: Mutex<Bool>

    /// The include paths in search order.
    public var includePaths: [String] {
        XKBLock.run {
            (0..<xkb_context_num_include_paths(pointer)).compactMap { index in
                xkb_context_include_path_get(pointer, index).map { String(cString: $0) }
            }
        }
    }

    /// libxkbcommon's log levels (messages go to standard error).
    public enum LogLevel: Sendable {
        case critical, error, warning, info, debug
    }

    /// Sets how much libxkbcommon logs to standard error (default: error). Tests that expect a
    /// compilation failure may lower it to `.critical` to keep their output clean.
    public func setLogLevel(_ level: LogLevel) {
        let value: xkb_log_level
        switch level {
        case .critical: value = XKB_LOG_LEVEL_CRITICAL
        case .error: value = XKB_LOG_LEVEL_ERROR
        case .warning: value = XKB_LOG_LEVEL_WARNING
        case .info: value = XKB_LOG_LEVEL_INFO
        case .debug: value = XKB_LOG_LEVEL_DEBUG
        }
        XKBLock.run { xkb_context_set_log_level(pointer, value) }
    }

    /// Appends an include path; returns `false` when the directory is unusable.
    @discardableResult
    public func appendIncludePath(_ path: String) -> Bool {
        includesOnlyDefaults.withLock { $0 = false }
        return XKBLock.run { xkb_context_include_path_append(pointer, path) == 1 }
    }
}
