import KeyboardYAML
import Yams

extension LayoutDecoder {
    /// The page a `shift`/`capsLock` key without `page:` switches to.
    static func defaultShiftTarget(from page: String) -> String? {
        switch page {
        case "letters": "shifted"
        case "shifted": "letters"
        default: nil
        }
    }

    mutating func decodePages(
        _ node: Node, alternatives: [(key: String, node: Node, values: [String])] = [], field: String = "pages",
        reportsUnusedAlternatives: Bool = true
    ) -> [LayoutPage] {
        guard case .mapping(let mapping) = node else {
            report(node, field, "expected a mapping of page names (letters, numbers, …) to lists of rows")
            return []
        }
        var pages: [LayoutPage] = []
        for (keyNode, value) in mapping {
            guard spend(keyNode), let name = string(keyNode, field) else { continue }
            let valid = name.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "-_".unicodeScalars.contains($0)
            }
            if !valid {
                report(keyNode, field, "page name '\(name)' may only contain letters, digits, '-' and '_'")
                continue
            }
            let rows = decodeRows(value, page: name, in: field)
            pages.append(LayoutPage(name: name, rows: rows, location: Self.location(keyNode)))
        }
        if pages.isEmpty && mapping.isEmpty {
            report(node, field, "a layout needs at least one page")
        }
        return resolveShiftTargets(applyAlternatives(alternatives, to: pages, reportingUnused: reportsUnusedAlternatives))
    }

    /// Gives keys without alternatives those listed for their output (upper-cased for an upper-case
    /// output whose lower case is listed); reports entries no key uses.
    mutating func applyAlternatives(
        _ table: [(key: String, node: Node, values: [String])], to pages: [LayoutPage], reportingUnused: Bool = true
    ) -> [LayoutPage] {
        guard !table.isEmpty else { return pages }
        var byOutput: [String: [String]] = [:]
        for entry in table { byOutput[entry.key] = entry.values }
        var used = Set<String>()
        var pages = pages
        for p in pages.indices {
            for r in pages[p].rows.indices {
                for k in pages[p].rows[r].indices {
                    guard case .character(let output) = pages[p].rows[r][k].action,
                          pages[p].rows[r][k].alternatives.isEmpty else { continue }
                    if let values = byOutput[output] {
                        pages[p].rows[r][k].alternatives = values
                        used.insert(output)
                    } else if output.lowercased() != output, let values = byOutput[output.lowercased()] {
                        pages[p].rows[r][k].alternatives = values.map(Self.uppercasedSingle)
                        used.insert(output.lowercased())
                    }
                }
            }
        }
        for entry in table where reportingUnused && !used.contains(entry.key) {
            report(entry.node, "alternatives.\(entry.key)", "no key outputs '\(entry.key)'")
        }
        return pages
    }

    /// Fills in default shift targets and derives a `shifted` page from `letters` when the file has none.
    mutating func resolveShiftTargets(_ pages: [LayoutPage]) -> [LayoutPage] {
        var pages = pages
        var needsShifted = false
        for p in pages.indices {
            for r in pages[p].rows.indices {
                for k in pages[p].rows[r].indices {
                    let key = pages[p].rows[r][k]
                    let isShift: Bool
                    switch key.action {
                    case .shift(page: ""): isShift = true
                    case .capsLock(page: ""): isShift = true
                    default: isShift = false
                    }
                    guard isShift else { continue }
                    guard let target = Self.defaultShiftTarget(from: pages[p].name) else {
                        report(key.location, "pages.\(pages[p].name) row \(r + 1) key \(k + 1)",
                               "\(key.action.name) key needs 'page:' (only letters ↔ shifted is implied)")
                        continue
                    }
                    if case .shift = key.action {
                        pages[p].rows[r][k].action = .shift(page: target)
                    } else {
                        pages[p].rows[r][k].action = .capsLock(page: target)
                    }
                    if target == "shifted" { needsShifted = true }
                }
            }
        }
        if needsShifted, !pages.contains(where: { $0.name == "shifted" }),
           let lettersIndex = pages.firstIndex(where: { $0.name == "letters" }) {
            pages.insert(Self.shifted(pages[lettersIndex]), at: lettersIndex + 1)
        }
        return pages
    }

    /// A single character in upper case when that is again one scalar (ß and ΰ stay as they are).
    static func uppercasedSingle(_ text: String) -> String {
        guard text.unicodeScalars.count == 1 else { return text }
        let up = text.uppercased()
        return up.unicodeScalars.count == 1 ? up : text
    }

    /// The `letters` page with single-character outputs, labels and alternatives in upper case.
    static func shifted(_ letters: LayoutPage) -> LayoutPage {
        func upper(_ text: String) -> String { uppercasedSingle(text) }
        var page = letters
        page.name = "shifted"
        page.derivedFrom = letters.name
        for r in page.rows.indices {
            for k in page.rows[r].indices {
                var key = page.rows[r][k]
                switch key.action {
                case .character(let text):
                    if key.label == text { key.label = upper(text) }
                    key.action = .character(upper(text))
                    key.alternatives = key.alternatives.map(upper)
                case .shift, .capsLock:
                    // On the derived page shift goes back to letters.
                    key.action = key.action.name == "shift" ? .shift(page: "letters") : .capsLock(page: "letters")
                default:
                    break
                }
                page.rows[r][k] = key
            }
        }
        return page
    }

    /// The rows of a page of `pagesField` (`pages`, `padPages`), at most ``LayoutParser/maximumRows``.
    mutating func decodeRows(_ node: Node, page: String, in pagesField: String = "pages") -> [[LayoutKey]] {
        let field = "\(pagesField).\(page)"
        guard var items = sequence(node, field, what: "a list of rows") else { return [] }
        if items.isEmpty { report(node, field, "a page needs at least one row") }
        if items.count > LayoutParser.maximumRows {
            // Reported at the first row too many; the rows past the cap are not read.
            report(items[LayoutParser.maximumRows], field,
                   "\(items.count) rows; a page has 1…\(LayoutParser.maximumRows) (LayoutParser.maximumRows)")
            items.removeSubrange(LayoutParser.maximumRows...)
        }
        var rows: [[LayoutKey]] = []
        for (r, item) in items.enumerated() {
            let rowField = "\(field) row \(r + 1)"
            var row: [LayoutKey] = []
            switch item {
            case .scalar(let scalar):
                row = shorthandKeys(scalar)
            case .sequence(let sequence):
                for (k, keyNode) in sequence.enumerated() {
                    if let key = decodeKey(keyNode, "\(rowField) key \(k + 1)") { row.append(key) }
                }
            default:
                report(item, rowField, "expected a string of characters or a list of keys")
                continue
            }
            if row.isEmpty {
                report(item, rowField, "a row needs at least one key")
            }
            rows.append(row)
        }
        return rows
    }

    /// `"qwertyuiop"`: one character key per character; whitespace separates and is skipped.
    mutating func shorthandKeys(_ scalar: Node.Scalar) -> [LayoutKey] {
        let base = scalar.mark.map { SourceLocation(line: $0.line, column: $0.column + (scalar.style == .plain ? 0 : 1)) }
        var keys: [LayoutKey] = []
        var offset = 0
        for character in scalar.string {
            defer { offset += character.unicodeScalars.count }
            if character.isWhitespace { continue }
            let location = base.map { SourceLocation(line: $0.line, column: $0.column + offset) }
            keys.append(.character(String(character), location: location))
        }
        return keys
    }

    mutating func decodeKey(_ node: Node, _ field: String) -> LayoutKey? {
        guard spend(node) else { return nil }
        if case .scalar(let scalar) = node {
            guard !scalar.string.isEmpty else {
                report(node, field, "a key's text must not be empty")
                return nil
            }
            return .character(scalar.string, location: Self.location(node))
        }
        guard let fields = fields(node, field, allowed: Self.keyFields, what: "a key: a string, or a mapping with output or action") else {
            return nil
        }
        var label: String? = nil
        var output: String? = nil
        var actionName: String? = nil
        var actionNode: Node? = nil
        var page: String? = nil
        var pageNode: Node? = nil
        var width = 1.0
        var alternatives: [String] = []
        var secondary: String? = nil
        var secondaryNode: Node? = nil
        var softwareOnly = false
        for (key, _, value) in fields {
            switch key {
            case "label":
                label = string(value, field, allowEmpty: true)
            case "output":
                guard let text = string(value, field, allowEmpty: true) else { continue }
                if text.isEmpty { report(value, field, "output must not be empty") } else { output = text }
            case "action":
                actionName = string(value, field)
                actionNode = value
            case "page":
                page = string(value, field)
                pageNode = value
            case "width":
                guard let text = string(value, field, allowEmpty: true) else { continue }
                if let number = Double(text), number.isFinite, number > 0, number <= 20 {
                    width = number
                } else {
                    report(value, field, "width must be a number of units greater than 0 and at most 20, not '\(text)'")
                }
            case "alternatives":
                alternatives = decodeAlternatives(value, field)
            case "secondary":
                guard let text = string(value, field, allowEmpty: true) else { continue }
                if text.isEmpty { report(value, field, "secondary must not be empty") } else { secondary = text }
                secondaryNode = value
            default:
                softwareOnly = bool(value, field) ?? false
            }
        }
        let location = Self.location(node)
        let action: KeyAction
        switch actionName {
        case nil:
            if let output {
                if page != nil { report(pageNode, field, "'page' goes with action page, shift or capsLock, not with output") }
                action = .character(output)
            } else if let page {
                action = .page(page)
            } else {
                report(node, field, "a key needs output, action or page")
                return nil
            }
        case "character":
            guard let output else {
                report(actionNode, field, "action character needs 'output'")
                return nil
            }
            action = .character(output)
        case "page":
            guard let page else {
                report(actionNode, field, "action page needs 'page: NAME'")
                return nil
            }
            action = .page(page)
        case "shift":
            action = .shift(page: page ?? "")
        case "capsLock":
            action = .capsLock(page: page ?? "")
        case let name?:
            guard let simple = KeyAction(name: name) else {
                let hint = YAMLSource.didYouMean(name, among: KeyAction.names).map { " (\($0))" } ?? ""
                report(actionNode, field, "unknown action '\(name)'\(hint)")
                return nil
            }
            action = simple
        }
        if actionName != nil && actionName != "character", output != nil {
            report(actionNode, field, "a key has either 'output' or action '\(actionName ?? "")', not both")
            return nil
        }
        if let name = actionName, !["page", "shift", "capsLock"].contains(name), page != nil {
            report(pageNode, field, "'page' goes with action page, shift or capsLock, not with \(name)")
            return nil
        }
        if secondary != nil, action.insertedText == nil {
            // A flick types a second character where a key types one; an action key has nothing to flick.
            report(secondaryNode, field, "'secondary' goes with a key that types (output), not with action '\(actionName ?? "page")'")
            return nil
        }
        return LayoutKey(
            label: label ?? action.defaultLabel, action: action, width: width, alternatives: alternatives,
            secondary: secondary, softwareOnly: softwareOnly, location: location)
    }

    /// A list of strings, or one string whose characters are the alternatives (`"éèêë"`).
    mutating func decodeAlternatives(_ node: Node, _ field: String) -> [String] {
        if case .scalar(let scalar) = node {
            return scalar.string.filter { !$0.isWhitespace }.map { String($0) }
        }
        guard let items = sequence(node, field, what: "alternatives as a string of characters or a list of strings") else {
            return []
        }
        var result: [String] = []
        for item in items {
            guard let text = string(item, field) else { continue }
            result.append(text)
        }
        return result
    }
}
