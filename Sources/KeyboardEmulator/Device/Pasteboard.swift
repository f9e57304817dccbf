import Foundation
import Synchronization

/// The pasteboard (`UIPasteboard`): items in memory — each a dictionary from a type identifier to a value —
/// shared by everything in the process, as the system's general pasteboard is shared by apps and keyboards.
///
/// The typed properties read and write items of UIKit's types: `string` is `"public.utf8-plain-text"`,
/// `url` `"public.url"`, `image` `"public.png"`, `color` `"com.apple.uikit.color"`; `setData(_:forPasteboardType:)`
/// and `setValue(_:forPasteboardType:)` store any other.
///
/// `Pasteboard.general` is global, as UIKit's is: tests that use it should not run in parallel with other
/// tests that do.
///
/// Full Access: a keyboard without it sees the general pasteboard empty and cannot change it, while the
/// host's own code sees and changes it. The keyboard's turn is the time its own code runs
/// (``KeyboardSession/isKeyboardTurn``: its lifecycle, presses, touches, a tester's `asKeyboard`) on the
/// thread's current session; everything else is the host's.
public final class Pasteboard: Sendable {
    /// The type identifiers of UIKit's typed items.
    public enum TypeIdentifier {
        public static let utf8PlainText = "public.utf8-plain-text"
        public static let url = "public.url"
        public static let png = "public.png"
        public static let color = "com.apple.uikit.color"
    }

    /// The items: values by type identifier. Unchecked: the lock guards the list; the values are what
    /// the caller stored (strings, data, URLs, images and colours are values or immutable; an object of
    /// your own stored with `setValue(_:forPasteboardType:)` is shared as it is, as on iOS within a process).
    private struct Contents: @unchecked Sendable {
        var items: [[String: Any]] = []
        var changeCount = 0
    }

    private let contents = Mutex(Contents())

    private init() {}

    /// The general pasteboard.
    public static let general = Pasteboard()

    /// A pasteboard of your own (`UIPasteboard.withUniqueName()`).
    public static func withUniqueName() -> Pasteboard { Pasteboard() }

    /// Whether the code reading or writing now is a keyboard that the general pasteboard is closed to.
    private var isClosed: Bool { self === Pasteboard.general && KeyboardSession.keyboardLacksFullAccess }

    // MARK: Items

    /// Every item, each a dictionary from a type identifier to its value; setting it replaces them all.
    public var items: [[String: Any]] {
        get { isClosed ? [] : contents.withLock { $0.items } }
        set { setItems(newValue) }
    }

    /// Replaces every item.
    public func setItems(_ items: [[String: Any]]) {
        guard !isClosed else { return }
        contents.withLock {
            $0.items = items
            $0.changeCount += 1
        }
    }

    /// Adds items after those there.
    public func addItems(_ items: [[String: Any]]) {
        guard !isClosed else { return }
        contents.withLock {
            $0.items += items
            $0.changeCount += 1
        }
    }

    public var numberOfItems: Int { isClosed ? 0 : contents.withLock { $0.items.count } }
    /// Counts the changes, as UIKit's does.
    public var changeCount: Int { contents.withLock { $0.changeCount } }

    /// The type identifiers of the first item.
    public var types: [String] { items.first.map { $0.keys.sorted() } ?? [] }

    /// Whether some item has a value of one of these types.
    public func contains(pasteboardTypes: [String]) -> Bool {
        items.contains { item in pasteboardTypes.contains { item[$0] != nil } }
    }

    /// The first item's value of a type, as data (`nil` when it has none, or none that is data or text).
    public func data(forPasteboardType pasteboardType: String) -> Data? {
        switch items.first?[pasteboardType] {
        case let data as Data: data
        case let string as String: Data(string.utf8)
        case let url as URL: Data(url.absoluteString.utf8)
        default: nil
        }
    }

    /// Replaces every item with one holding `data` as `pasteboardType`.
    public func setData(_ data: Data, forPasteboardType pasteboardType: String) {
        setItems([[pasteboardType: data]])
    }

    /// The first item's value of a type.
    public func value(forPasteboardType pasteboardType: String) -> Any? {
        items.first?[pasteboardType]
    }

    /// Replaces every item with one holding `value` as `pasteboardType`.
    public func setValue(_ value: Any, forPasteboardType pasteboardType: String) {
        setItems([[pasteboardType: value]])
    }

    // MARK: Typed items

    /// The first string, or `nil`; setting it replaces every item.
    public var string: String? {
        get { strings?.first }
        set { strings = newValue.map { [$0] } }
    }

    /// Every string, one an item (text stored as data or under another plain-text type reads as a string,
    /// as UIKit coerces it); setting it replaces every item.
    public var strings: [String]? { get { values(Self.string) } set { setValues(newValue, TypeIdentifier.utf8PlainText) } }
    public var url: URL? { get { urls?.first } set { urls = newValue.map { [$0] } } }
    /// Every URL (a URL's text reads as a URL).
    public var urls: [URL]? { get { values(Self.url) } set { setValues(newValue, TypeIdentifier.url) } }
    public var image: Image? { get { images?.first } set { images = newValue.map { [$0] } } }
    public var images: [Image]? { get { values(Self.image) } set { setValues(newValue, TypeIdentifier.png) } }
    public var color: Color? { get { colors?.first } set { colors = newValue.map { [$0] } } }
    public var colors: [Color]? { get { values(Self.color) } set { setValues(newValue, TypeIdentifier.color) } }

    /// Whether ``strings`` has one (what `hasStrings` promises `string` gives).
    public var hasStrings: Bool { items.contains { Self.string($0) != nil } }
    public var hasURLs: Bool { items.contains { Self.url($0) != nil } }
    public var hasImages: Bool { items.contains { Self.image($0) != nil } }
    public var hasColors: Bool { items.contains { Self.color($0) != nil } }

    /// An item's value as each typed property reads it.
    private static func string(_ item: [String: Any]) -> String? {
        for type in [TypeIdentifier.utf8PlainText, "public.plain-text", "public.utf16-plain-text", "public.text"] {
            switch item[type] {
            case let string as String: return string
            case let data as Data: if let string = String(data: data, encoding: .utf8) { return string }
            default: continue
            }
        }
        return nil
    }

    private static func url(_ item: [String: Any]) -> URL? {
        switch item[TypeIdentifier.url] {
        case let url as URL: url
        case let string as String: URL(string: string)
        case let data as Data: String(data: data, encoding: .utf8).flatMap { URL(string: $0) }
        default: nil
        }
    }

    private static func image(_ item: [String: Any]) -> Image? {
        [TypeIdentifier.png, "public.jpeg", "public.image"].lazy.compactMap { item[$0] as? Image }.first
    }

    private static func color(_ item: [String: Any]) -> Color? { item[TypeIdentifier.color] as? Color }

    /// The values read from the items, an item each; `nil` when no item has one.
    private func values<Value>(_ read: ([String: Any]) -> Value?) -> [Value]? {
        let found = items.compactMap(read)
        return found.isEmpty ? nil : found
    }

    /// Replaces every item with one item per value.
    private func setValues<Value>(_ values: [Value]?, _ type: String) {
        setItems((values ?? []).map { [type: $0] })
    }
}
