import KeyboardEmulator

/// A keyboard layout: its pages of keys, the languages and keyboard types it serves, its default xkb
/// keymap and its height model. Read from a YAML file (docs/layout-format.md).
///
/// ```swift
/// let catalog = LayoutCatalog.load()
/// let layout = catalog.layout(id: "de-DE")!
/// layout.keymap.layout                                  // "de"
/// layout.initialPage.rows[0].map(\.label).joined()     // "qwertzuiopü"
/// layout.height(device: .iPhone15, orientation: .portrait, topBar: .predictiveOn)   // 336
/// ```
public struct Layout: Sendable, Hashable, Identifiable {
    /// The writing direction of the layout's language.
    public enum Direction: String, Sendable, Hashable, Codable, CaseIterable {
        case ltr
        case rtl
    }

    /// Which characters need not be typeable on the xkb keymap, besides keys marked `softwareOnly`.
    public enum SoftwareOnly: Sendable, Hashable {
        /// Every character must be typeable (the default).
        case none
        /// No character needs to be (emoji, kana).
        case all
        /// These characters need not be.
        case characters(Set<Character>)

        /// Whether a character is exempt from the xkb check.
        public func contains(_ character: Character) -> Bool {
            switch self {
            case .none: false
            case .all: true
            case .characters(let set): set.contains(character)
            }
        }
    }

    /// Unique identifier, also the file name without `.yaml` (`en-US`, `zh-Hans-pinyin`).
    public var id: String
    /// Display name (`English (US)`, `Deutsch`).
    public var name: String
    /// BCP 47 language tag (`en-US`, `zh-Hans`).
    public var primaryLanguage: String
    public var direction: Direction
    /// The default xkb keymap (`xkb:` in the file).
    public var keymap: LayoutKeymap
    /// The keyboard types this layout serves (empty: only reachable explicitly, as emoji).
    public var keyboardTypes: [KeyboardType]
    /// The page shown first for some keyboard types (e.g. `numbersAndPunctuation: numbers`).
    public var initialPages: [KeyboardType: String]
    public var topBar: TopBarKind
    /// The input method that composes this layout's text (marked text, candidates), or `nil` for direct
    /// typing.
    public var inputMethod: InputMethod?
    /// Height figures that replace the row model's for some devices and orientations.
    public var heights: HeightOverrides
    public var softwareOnly: SoftwareOnly
    /// The pages; the first is shown initially.
    public var pages: [LayoutPage]
    /// The iPad key set (`padPages:` in the file): pages with the iPad's keys (backspace and return in
    /// the letter rows, shift on both sides, a key that hides the keyboard); `nil` when iPads draw
    /// ``pages`` too.
    public var padPages: [LayoutPage]?
    /// The file the layout was read from (as given to the loader), if any.
    public var file: String?
    /// Where the `id` value is written in the file.
    public var idLocation: SourceLocation?
    /// Where the `xkb` value is written in the file.
    public var keymapLocation: SourceLocation?

    public init(
        id: String, name: String, primaryLanguage: String, direction: Direction = .ltr, keymap: LayoutKeymap,
        keyboardTypes: [KeyboardType] = [.default], initialPages: [KeyboardType: String] = [:],
        topBar: TopBarKind = .predictive, heights: HeightOverrides = HeightOverrides(),
        softwareOnly: SoftwareOnly = .none, pages: [LayoutPage], file: String? = nil
    ) {
        self.id = id
        self.name = name
        self.primaryLanguage = primaryLanguage
        self.direction = direction
        self.keymap = keymap
        self.keyboardTypes = keyboardTypes
        self.initialPages = initialPages
        self.topBar = topBar
        self.heights = heights
        self.softwareOnly = softwareOnly
        self.pages = pages
        self.file = file
    }

    /// The layout as a device of `idiom` draws it: on iPads with ``padPages`` those are its pages.
    public func forIdiom(_ idiom: DeviceProfile.Idiom) -> Layout {
        guard idiom == .pad, let padPages, !padPages.isEmpty else { return self }
        var layout = self
        layout.pages = padPages
        return layout
    }

    /// The page with this name.
    public func page(named name: String) -> LayoutPage? {
        pages.first { $0.name == name }
    }

    /// The first page (every layout has at least one).
    public var initialPage: LayoutPage {
        pages.first ?? LayoutPage(name: "", rows: [])
    }

    /// The page shown first for a keyboard type: its `initialPages` entry, else the first page.
    public func initialPage(for keyboardType: KeyboardType) -> LayoutPage {
        initialPages[keyboardType].flatMap(page(named:)) ?? initialPage
    }

    /// Whether the layout serves a keyboard type.
    public func serves(_ keyboardType: KeyboardType) -> Bool {
        keyboardTypes.contains(keyboardType)
    }
}
