import KeyboardEmulator
import KeyboardYAML
import Yams

extension LayoutDecoder {
    static let layoutFields = [
        "id", "name", "primaryLanguage", "direction", "xkb", "keyboardTypes", "initialPages", "topBar",
        "heights", "softwareOnly", "alternatives", "pages", "padPages", "inputMethod",
    ]
    static let keyFields = ["label", "output", "action", "page", "width", "alternatives", "secondary", "softwareOnly"]
    static let xkbFields = ["rules", "model", "layout", "variant", "options"]
    static let heightFields = ["rowHeight", "topBar", "bottomStrip"]

    // MARK: Layout

    mutating func decodeLayout(_ root: Node) -> Layout? {
        guard let fields = fields(root, "", allowed: Self.layoutFields, what: "a mapping of layout fields (id, name, pages, …)") else {
            return nil
        }
        var values: [String: (key: Node, value: Node)] = [:]
        for field in fields { values[field.key] = (field.keyNode, field.value) }
        for required in ["id", "name", "primaryLanguage", "xkb", "keyboardTypes", "pages"] where values[required] == nil {
            report(root, "", "missing field '\(required)'")
        }

        var id = ""
        var idLocation: SourceLocation? = nil
        if let node = values["id"]?.value, let text = string(node, "id") {
            id = text
            idLocation = Self.location(node)
            checkID(text, node)
        }
        var name = ""
        if let node = values["name"]?.value, let text = string(node, "name") { name = text }
        var language = ""
        if let node = values["primaryLanguage"]?.value, let text = string(node, "primaryLanguage") {
            language = text
            if !Self.isLanguageTag(text) {
                report(node, "primaryLanguage", "'\(text)' is not a BCP 47 language tag (e.g. en-US, zh-Hans)")
            }
        }
        var direction = Layout.Direction.ltr
        if let node = values["direction"]?.value, let text = string(node, "direction") {
            if let value = Layout.Direction(rawValue: text) {
                direction = value
            } else {
                report(node, "direction", "expected ltr or rtl, not '\(text)'")
            }
        }
        var keymap = LayoutKeymap(layout: "")
        if let node = values["xkb"]?.value, let value = decodeKeymap(node) { keymap = value }
        var types: [KeyboardType] = []
        if let node = values["keyboardTypes"]?.value { types = decodeKeyboardTypes(node) }
        var topBar = TopBarKind.predictive
        if let node = values["topBar"]?.value, let text = string(node, "topBar") {
            if let value = TopBarKind(rawValue: text) {
                topBar = value
            } else {
                report(node, "topBar", "expected predictive, candidates or none, not '\(text)'")
            }
        }
        var inputMethod: InputMethod?
        if let node = values["inputMethod"]?.value, let text = string(node, "inputMethod") {
            do {
                inputMethod = try InputMethod(parsing: text)
            } catch {
                report(node, "inputMethod", error.description)
            }
        }
        var heights = HeightOverrides()
        if let node = values["heights"]?.value { heights = decodeHeights(node) }
        var softwareOnly = Layout.SoftwareOnly.none
        if let node = values["softwareOnly"]?.value { softwareOnly = decodeSoftwareOnly(node) }
        var alternatives: [(key: String, node: Node, values: [String])] = []
        if let node = values["alternatives"]?.value { alternatives = decodeAlternativesMap(node) }
        var pages: [LayoutPage] = []
        if let node = values["pages"]?.value { pages = decodePages(node, alternatives: alternatives) }
        var padPages: [LayoutPage]?
        if let node = values["padPages"]?.value {
            padPages = decodePages(node, alternatives: alternatives, field: "padPages", reportsUnusedAlternatives: false)
        }
        var initialPages: [KeyboardType: String] = [:]
        if let node = values["initialPages"]?.value { initialPages = decodeInitialPages(node, types: types, pages: pages) }

        var layout = Layout(
            id: id, name: name, primaryLanguage: language, direction: direction, keymap: keymap,
            keyboardTypes: types, initialPages: initialPages, topBar: topBar, heights: heights,
            softwareOnly: softwareOnly, pages: pages, file: file)
        layout.inputMethod = inputMethod
        layout.padPages = padPages
        layout.idLocation = idLocation
        layout.keymapLocation = values["xkb"].flatMap { Self.location($0.value) }
        if diagnostics.isEmpty {
            diagnostics += LayoutValidator.structuralDiagnostics(of: layout, pagesNode: values["pages"]?.value)
            if padPages != nil {
                diagnostics += LayoutValidator.structuralDiagnostics(
                    of: layout.forIdiom(.pad), pagesNode: values["padPages"]?.value, field: "padPages")
            }
        }
        return layout
    }

    mutating func checkID(_ id: String, _ node: Node) {
        let allowed = id.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)
        }
        guard allowed, id.first != ".", id.first != "-" else {
            report(node, "id", "'\(id)' may only contain letters, digits, '-', '_' and '.', and must start with a letter or digit")
            return
        }
        let name = file.split(separator: "/").last.map(String.init) ?? file
        for suffix in [".yaml", ".yml"] where name.hasSuffix(suffix) {
            let stem = String(name.dropLast(suffix.count))
            if stem != id {
                report(node, "id", "'\(id)' does not match the file name '\(name)' (expected '\(stem)')")
            }
        }
    }

    /// A syntactic BCP 47 check: a 2–3 or 5–8 letter language, then subtags of 1–8 letters or digits.
    static func isLanguageTag(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, [2, 3, 5, 6, 7, 8].contains(first.count),
              first.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("A"..."Z").contains($0) })
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
            }
        }
    }

    // MARK: xkb, types, heights

    mutating func decodeKeymap(_ node: Node) -> LayoutKeymap? {
        if case .scalar = node {
            // Shorthand: `xkb: de` or `xkb: de(nodeadkeys)`.
            guard let text = string(node, "xkb") else { return nil }
            if let open = text.firstIndex(of: "("), text.hasSuffix(")") {
                let layout = String(text[..<open])
                let variant = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
                guard !layout.isEmpty, !variant.isEmpty else {
                    report(node, "xkb", "expected 'layout' or 'layout(variant)', not '\(text)'")
                    return nil
                }
                return LayoutKeymap(layout: layout, variant: variant)
            }
            return LayoutKeymap(layout: text)
        }
        guard let fields = fields(node, "xkb", allowed: Self.xkbFields, what: "a layout name or a mapping with layout, variant, …") else {
            return nil
        }
        var keymap = LayoutKeymap(layout: "")
        var hasLayout = false
        for (key, _, value) in fields {
            guard let text = string(value, "xkb.\(key)", allowEmpty: key != "layout") else { continue }
            switch key {
            case "rules": keymap.rules = text
            case "model": keymap.model = text
            case "layout": keymap.layout = text; hasLayout = true
            case "variant": keymap.variant = text
            default: keymap.options = text
            }
        }
        if !hasLayout && !fields.contains(where: { $0.key == "layout" }) {
            report(node, "xkb", "missing field 'layout'")
        }
        return keymap
    }

    mutating func decodeKeyboardTypes(_ node: Node) -> [KeyboardType] {
        guard let items = sequence(node, "keyboardTypes", what: "a list of keyboard types (default, emailAddress, …)") else {
            return []
        }
        var types: [KeyboardType] = []
        for (index, item) in items.enumerated() {
            let field = "keyboardTypes \(index + 1)"
            guard let name = string(item, field) else { continue }
            guard let type = KeyboardType(name: name) else {
                let names = KeyboardType.allCases.map(\.name)
                let hint = YAMLSource.didYouMean(name, among: names).map { " (\($0))" } ?? ""
                report(item, field, "unknown keyboard type '\(name)'\(hint)")
                continue
            }
            if types.contains(type) {
                report(item, field, "keyboard type '\(name)' is listed twice")
            }
            types.append(type)
        }
        return types
    }

    mutating func decodeInitialPages(_ node: Node, types: [KeyboardType], pages: [LayoutPage]) -> [KeyboardType: String] {
        let names = KeyboardType.allCases.map(\.name)
        guard let fields = fields(node, "initialPages", allowed: names) else { return [:] }
        var result: [KeyboardType: String] = [:]
        for (key, keyNode, value) in fields {
            guard let type = KeyboardType(name: key), let page = string(value, "initialPages.\(key)") else { continue }
            if !types.contains(type) {
                report(keyNode, "initialPages.\(key)", "keyboard type '\(key)' is not in keyboardTypes")
            }
            if !pages.isEmpty && !pages.contains(where: { $0.name == page }) {
                report(value, "initialPages.\(key)", "page '\(page)' does not exist")
            }
            result[type] = page
        }
        return result
    }

    mutating func decodeHeights(_ node: Node) -> HeightOverrides {
        guard case .mapping(let mapping) = node else {
            report(node, "heights", "expected a mapping of devices (all, phone, pad, iphone-15, …) to heights")
            return HeightOverrides()
        }
        var entries: [HeightOverrides.Entry] = []
        for (keyNode, value) in mapping {
            guard spend(keyNode), let name = string(keyNode, "heights") else { continue }
            guard let selector = HeightOverrides.DeviceSelector(name: name) else {
                report(keyNode, "heights", YAMLSource.unknownName("device", name, known: HeightOverrides.DeviceSelector.acceptedNames))
                continue
            }
            let field = "heights.\(name)"
            guard let fields = fields(value, field, allowed: ["portrait", "landscape"] + Self.heightFields) else { continue }
            var both = HeightOverrides.Entry(device: selector)
            var hasBoth = false
            for (key, _, inner) in fields {
                switch key {
                case "portrait", "landscape":
                    var entry = HeightOverrides.Entry(device: selector, landscape: key == "landscape")
                    guard let innerFields = self.fields(inner, "\(field).\(key)", allowed: Self.heightFields) else { continue }
                    for (heightKey, _, number) in innerFields {
                        setHeight(&entry, heightKey, number, "\(field).\(key).\(heightKey)")
                    }
                    entries.append(entry)
                default:
                    setHeight(&both, key, inner, "\(field).\(key)")
                    hasBoth = true
                }
            }
            if hasBoth { entries.append(both) }
        }
        return HeightOverrides(entries: entries)
    }

    mutating func setHeight(_ entry: inout HeightOverrides.Entry, _ key: String, _ node: Node, _ field: String) {
        switch key {
        case "rowHeight":
            entry.rowHeight = number(node, field, range: 1...500)
        case "topBar":
            entry.topBarHeight = number(node, field, range: 0...500)
        default:
            entry.bottomStripHeight = number(node, field, range: 0...500)
        }
    }

    /// `alternatives:` — long-press alternatives by output, for keys that give none themselves.
    mutating func decodeAlternativesMap(_ node: Node) -> [(key: String, node: Node, values: [String])] {
        guard case .mapping(let mapping) = node else {
            report(node, "alternatives", "expected a mapping of key outputs to their alternatives")
            return []
        }
        var result: [(String, Node, [String])] = []
        for (keyNode, value) in mapping {
            guard spend(keyNode), let output = string(keyNode, "alternatives") else { continue }
            result.append((output, keyNode, decodeAlternatives(value, "alternatives.\(output)")))
        }
        return result
    }

    mutating func decodeSoftwareOnly(_ node: Node) -> Layout.SoftwareOnly {
        guard case .scalar(let scalar) = node else {
            report(node, "softwareOnly", "expected true, false or a string of characters")
            return .none
        }
        if scalar.style == .plain && scalar.string == "true" { return .all }
        if scalar.style == .plain && scalar.string == "false" { return .none }
        let characters = Set(scalar.string.filter { !$0.isWhitespace })
        if characters.isEmpty {
            report(node, "softwareOnly", "expected true, false or a string of characters")
            return .none
        }
        return .characters(characters)
    }
}

