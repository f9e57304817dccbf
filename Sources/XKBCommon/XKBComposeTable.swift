import CXKBCommon

/// An owned `struct xkb_compose_table` (the Compose file of a locale).
///
/// `Sendable`: immutable once loaded; loading it and changing its (non-atomic) reference count run under
/// ``XKBLock``, so ``SharedKeymaps`` can hand one table to every processor of the process.
///
/// ```swift
/// let table = try XKBComposeTable(context: context, locale: "de_DE.UTF-8")
/// let compose = try XKBComposeState(table: table)
/// ```
public final class XKBComposeTable: @unchecked Sendable {
    /// The C object; valid for the lifetime of `self`.
    public let pointer: OpaquePointer
    /// The context it was loaded in.
    public let context: XKBContext
    /// The locale whose table was actually loaded (the request or `en_US.UTF-8`).
    public let locale: String

    /// The locale used when the requested one has no compose table.
    public static let fallbackLocale = "en_US.UTF-8"

    /// Loads the table for `locale`, falling back to `en_US.UTF-8`; throws when neither exists.
    public init(context: XKBContext, locale: String = XKBComposeTable.fallbackLocale) throws(XKBError) {
        for candidate in [locale, Self.fallbackLocale] {
            if let table = XKBLock.run({ xkb_compose_table_new_from_locale(context.pointer, candidate, XKB_COMPOSE_COMPILE_NO_FLAGS) }) {
                self.pointer = table
                self.context = context
                self.locale = candidate
                return
            }
        }
        throw .composeTableUnavailable(locale: locale)
    }

    /// The locale of the environment (`LC_ALL`, `LC_CTYPE`, `LANG`), `C` when none is set.
    public static func environmentLocale() -> String {
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
            if let value = getenv(name), value.pointee != 0 { return String(cString: value) }
        }
        return "C"
    }

    deinit { XKBLock.run { xkb_compose_table_unref(pointer) } }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
