import KeyboardEmulator
import Yams

/// Checks layouts beyond their syntax, in the spirit of squeekboard's layout CI.
///
/// The parser runs the structural checks on every load (page targets exist, every page reachable from
/// the first, backspace and return where the keyboard types need them). The xkb check — every
/// character typeable on the layout's keymap unless marked `softwareOnly` — compiles keymaps and so
/// runs only when asked (`keyboardd layouts validate`, tests), as do the checks across a set of files.
///
/// ```swift
/// let checker = XKBCharacterChecker()
/// let problems = LayoutValidator.validate([layout], checker: checker)
/// problems.forEach { print($0) }
/// ```
public enum LayoutValidator {
    /// Every check on a set of parsed layouts: ids unique across the set, characters typeable.
    public static func validate(_ layouts: [Layout], checker: (any KeymapCharacterChecking)?) -> [LayoutDiagnostic] {
        var diagnostics = duplicateIDDiagnostics(layouts)
        if let checker {
            for layout in layouts { diagnostics += typeabilityDiagnostics(of: layout, checker: checker) }
        }
        return diagnostics
    }

    /// Page targets, reachability and the keys each page needs.
    static func structuralDiagnostics(of layout: Layout, pagesNode: Node?, field: String = "pages") -> [LayoutDiagnostic] {
        var diagnostics: [LayoutDiagnostic] = []
        func report(_ location: SourceLocation?, _ field: String, _ message: String) {
            diagnostics.append(LayoutDiagnostic(file: layout.file ?? layout.id, location: location, field: field, message: message))
        }
        let names = layout.pages.map(\.name)
        var seen = Set<String>()
        for page in layout.pages where !seen.insert(page.name).inserted {
            report(page.location, "\(field).\(page.name)", "page '\(page.name)' is defined twice")
        }
        // Every page-switch target exists.
        var edges: [String: [String]] = [:]
        for page in layout.pages {
            for (r, row) in page.rows.enumerated() {
                for (k, key) in row.enumerated() {
                    guard let target = key.action.targetPage else { continue }
                    if names.contains(target) {
                        edges[page.name, default: []].append(target)
                    } else if page.derivedFrom == nil {
                        report(key.location, "\(field).\(page.name) row \(r + 1) key \(k + 1)",
                               "page '\(target)' does not exist (pages: \(names.joined(separator: ", ")))")
                    }
                }
            }
        }
        // Every page reachable from the first.
        if let first = layout.pages.first {
            var reached: Set<String> = [first.name]
            var queue = [first.name]
            while let name = queue.popLast() {
                for target in edges[name, default: []] where reached.insert(target).inserted {
                    queue.append(target)
                }
            }
            for page in layout.pages where !reached.contains(page.name) {
                report(page.location, "\(field).\(page.name)", "page '\(page.name)' cannot be reached from the first page '\(first.name)'")
            }
        }
        // The keys the keyboard types need on every page.
        let text = layout.keyboardTypes.contains(where: \.isText)
        for page in layout.pages {
            var missing: [String] = []
            if !page.hasKey(withAction: "backspace") { missing.append("backspace") }
            if text && !page.hasKey(withAction: "return") { missing.append("return") }
            guard !missing.isEmpty, page.derivedFrom == nil else { continue }
            let why = text ? "text keyboards need backspace and return on every page" : "every page needs backspace"
            report(page.location, "\(field).\(page.name)", "no \(missing.joined(separator: " or ")) key (\(why))")
        }
        return diagnostics
    }

    /// One diagnostic for each layout whose id an earlier one in the list already has.
    public static func duplicateIDDiagnostics(_ layouts: [Layout]) -> [LayoutDiagnostic] {
        var first: [String: Layout] = [:]
        var diagnostics: [LayoutDiagnostic] = []
        for layout in layouts {
            if let earlier = first[layout.id] {
                diagnostics.append(LayoutDiagnostic(
                    file: layout.file ?? layout.id, location: layout.idLocation, field: "id",
                    message: "duplicate id '\(layout.id)' (also in \(earlier.file ?? earlier.id))", duplicatedID: layout.id))
            } else {
                first[layout.id] = layout
            }
        }
        return diagnostics
    }

    /// Keys whose characters cannot be typed on the layout's xkb keymap and are not marked `softwareOnly`.
    public static func typeabilityDiagnostics(of layout: Layout, checker: any KeymapCharacterChecking) -> [LayoutDiagnostic] {
        let file = layout.file ?? layout.id
        var cache: [Character: Bool] = [:]
        var diagnostics: [LayoutDiagnostic] = []
        do {
            let sets = [("pages", layout.pages)] + (layout.padPages.map { [("padPages", $0)] } ?? [])
            for (field, pages) in sets {
            for page in pages {
                for (r, row) in page.rows.enumerated() {
                    for (k, key) in row.enumerated() where !key.softwareOnly {
                        var texts = key.alternatives + (key.secondary.map { [$0] } ?? [])
                        if case .character(let output) = key.action { texts.insert(output, at: 0) }
                        var failing: [Character] = []
                        for character in texts.joined() where !layout.softwareOnly.contains(character) {
                            let typeable: Bool
                            if let known = cache[character] {
                                typeable = known
                            } else {
                                typeable = try checker.canType(character, on: layout.keymap)
                                cache[character] = typeable
                            }
                            if !typeable && !failing.contains(character) { failing.append(character) }
                        }
                        guard !failing.isEmpty else { continue }
                        let list = failing.map { c in
                            "'\(c)' (\(c.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(to: 4) }.joined(separator: " ")))"
                        }.joined(separator: ", ")
                        diagnostics.append(LayoutDiagnostic(
                            file: file, location: key.location, field: "\(field).\(page.name) row \(r + 1) key \(k + 1)",
                            message: "\(list) cannot be typed on the xkb keymap '\(layout.keymap)'; mark the key softwareOnly: true or list the characters in the layout's softwareOnly"))
                    }
                }
            }
            }
        } catch {
            diagnostics.append(LayoutDiagnostic(
                file: file, location: layout.keymapLocation, field: "xkb", message: "\(error)"))
        }
        return diagnostics
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
