import ArgumentParser
import Foundation
import KeyboardEmulator
import KeyboardLayouts
import KeyboardRuntime

/// `keyboardd layouts`: list the installed layouts, draw one, or validate layout files.
///
/// ```
/// keyboardd layouts list --profile ipad-10 --orientation landscape
/// keyboardd layouts show de-DE --page numbers
/// keyboardd layouts validate ~/.config/keyboardd/layouts/my.yaml
/// ```
struct LayoutsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layouts",
        abstract: "List, draw and validate keyboard layouts.",
        discussion: """
            Built-in layouts ship with keyboardd; layouts in $KEYBOARDD_LAYOUTS_DIR, else \
            $XDG_CONFIG_HOME/keyboardd/layouts (~/.config/keyboardd/layouts), replace built-in ones with the same id. \
            The file format is described in docs/layout-format.md.
            """,
        subcommands: [List.self, Show.self, Validate.self],
        defaultSubcommand: List.self
    )
}

/// The device, orientation and top-bar state heights are computed for.
struct LayoutProfileOptions: ParsableArguments {
    @Option(name: .long, help: "The device profile (\(DeviceProfile.all.map(\.id).joined(separator: ", "))).")
    var profile: DeviceProfile = .default

    @Option(name: .long, help: "\(InterfaceOrientation.acceptedNamesList).")
    var orientation: InterfaceOrientation = .portrait

    @Flag(name: .long, inversion: .prefixedNo, help: "Whether Predictive is on (the predictive bar is shown).")
    var predictive: Bool = true

    @Flag(name: .long, help: "Compute heights while composing (candidate bars shown).")
    var composing: Bool = false

    /// The device, orientation and top bar these options name (the parser checked the names: a bad one
    /// is a usage error, exit 2).
    func resolved() -> (DeviceProfile, InterfaceOrientation, TopBarState) {
        (profile, orientation, TopBarState(predictive: predictive, composing: composing))
    }

    var stateDescription: String {
        "Predictive \(predictive ? "on" : "off")\(composing ? ", composing" : "")"
    }
}

/// A usage or input problem: printed as `error: …`, exit code 2.
struct LayoutsCommandError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension LayoutsCommand {
    static func fail(_ error: LayoutsCommandError) -> ExitCode {
        CommandOutput.printError("error: \(error.description)")
        return ExitCode(2)
    }

    static func warn(_ diagnostics: [LayoutDiagnostic]) {
        for diagnostic in diagnostics {
            CommandOutput.printError("warning: skipped: \(diagnostic)")
        }
    }

    static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - DisplayWidth.of(text)))
    }

    static func format(_ value: Double) -> String {
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    // MARK: list

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the installed layouts with their rows and height on a device.")

        @OptionGroup var options: LayoutProfileOptions

        func run() throws {
            let (device, orientation, state) = options.resolved()
            let catalog = LayoutCatalog.load()
            LayoutsCommand.warn(catalog.diagnostics)
            try CommandOutput.print("\(device.name), \(orientation.name), \(options.stateDescription): system keyboard "
                + "\(LayoutsCommand.format(KeyboardMetrics.systemDefaultHeight(device: device, orientation: orientation, predictive: state.predictive))) pt")
            let header = ["ID", "NAME", "ROWS", "HEIGHT", "KEYBOARD TYPES"]
            var rows: [[String]] = []
            for layout in catalog.layouts {
                let height = layout.height(device: device, orientation: orientation, topBar: state)
                var id = layout.id
                if catalog.overriddenIDs.contains(layout.id) { id += " (user)" }
                rows.append([
                    id, layout.name, String(layout.initialPage.rows.count), LayoutsCommand.format(height) + " pt",
                    layout.keyboardTypes.isEmpty ? "-" : layout.keyboardTypes.map(\.name).joined(separator: ", "),
                ])
            }
            let widths = header.indices.map { column in
                ([header] + rows).map { DisplayWidth.of($0[column]) }.max() ?? 0
            }
            for row in [header] + rows {
                let cells = row.enumerated().map { column, text in
                    column == row.count - 1 ? text : LayoutsCommand.padded(text, to: widths[column])
                }
                try CommandOutput.print(cells.joined(separator: "  "))
            }
        }
    }

    // MARK: show

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Draw a layout's page as text, with its height.")

        @Argument(help: "The layout id (see `keyboardd layouts list`).")
        var id: String

        @Option(name: .long, help: "The page to draw (default: the first).")
        var page: String?

        @Option(name: .long, help: "Columns to draw in (default: $COLUMNS or 80).")
        var width: Int?

        @Option(name: .long, help: "Highlight the key with this output or label.")
        var highlight: String?

        @OptionGroup var options: LayoutProfileOptions

        func run() throws {
            let (device, orientation, state) = options.resolved()
            let catalog = LayoutCatalog.load()
            guard let layout = catalog.layout(id: id) else {
                let skipped = catalog.diagnostics.filter { $0.file.hasSuffix("/\(id).yaml") || $0.file.hasSuffix("/\(id).yml") }
                if !skipped.isEmpty { LayoutsCommand.warn(skipped) }
                throw LayoutsCommand.fail(LayoutsCommandError(
                    "no layout '\(id.escapedForMessage())' (installed: \(catalog.layouts.map(\.id).joined(separator: ", ")))"))
            }
            let shown: LayoutPage
            if let page {
                guard let named = layout.page(named: page) else {
                    throw LayoutsCommand.fail(LayoutsCommandError(
                        "layout '\(id.escapedForMessage())' has no page '\(page.escapedForMessage())' (pages: \(layout.pages.map(\.name).joined(separator: ", ")))"))
                }
                shown = named
            } else {
                shown = layout.initialPage
            }
            let columns = width ?? ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init) ?? 80
            guard (10...1000).contains(columns) else {
                throw LayoutsCommand.fail(LayoutsCommandError("--width must be from 10 to 1000, not \(columns)"))
            }
            let position = highlight.flatMap { wanted in
                shown.position { $0.output == wanted } ?? shown.position { $0.label == wanted }
            }
            if let highlight, position == nil {
                throw LayoutsCommand.fail(LayoutsCommandError("page '\(shown.name)' has no key '\(highlight.escapedForMessage())'"))
            }
            let metrics = layout.metrics(device: device, orientation: orientation)
            let height = layout.height(device: device, orientation: orientation, topBar: state, page: shown.name)
            let barShown = layout.topBar.isShown(in: state)
            try CommandOutput.print("\(layout.id) — \(layout.name) (\(layout.primaryLanguage), \(layout.direction.rawValue), xkb \(layout.keymap))")
            try CommandOutput.print("page \(shown.name) of \(layout.pages.map(\.name).joined(separator: ", "))")
            var formula = "\(shown.rows.count) rows × \(LayoutsCommand.format(metrics.rowHeight))"
            if barShown { formula += " + \(layout.topBar.rawValue) bar \(LayoutsCommand.format(metrics.topBarHeight))" }
            if metrics.bottomStripHeight > 0 { formula += " + bottom strip \(LayoutsCommand.format(metrics.bottomStripHeight))" }
            try CommandOutput.print("\(device.name), \(orientation.name), \(options.stateDescription): \(LayoutsCommand.format(height)) pt (\(formula))")
            try CommandOutput.print("")
            for line in LayoutRenderer(width: columns).render(shown, highlighting: position) {
                try CommandOutput.print(line)
            }
        }
    }

    // MARK: validate

    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "validate",
            abstract: "Check layout files: syntax, fields, pages, keys, and characters against their xkb keymap.",
            discussion: "Without files, checks every installed layout. Exits 0 when all are valid, 2 otherwise.")

        @Argument(help: "Layout files or directories (default: the built-in and user layout directories).")
        var files: [String] = []

        func run() throws {
            var groups: [[String]] = []
            var diagnostics: [LayoutDiagnostic] = []
            if files.isEmpty {
                let catalog = LayoutCatalog.load()
                diagnostics += catalog.diagnostics.filter { $0.location == nil && $0.field.isEmpty && !$0.file.hasSuffix(".yaml") && !$0.file.hasSuffix(".yml") }
                groups = catalog.sources.map { LayoutCatalog.layoutFiles(in: $0.directory) }
            } else {
                var group: [String] = []
                for path in files {
                    var isDirectory: ObjCBool = false
                    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                        group += LayoutCatalog.layoutFiles(in: path)
                    } else {
                        group.append(path)
                    }
                }
                groups = [group]
            }
            let checker = XKBCharacterChecker()
            var count = 0
            for group in groups {
                var layouts: [Layout] = []
                for path in group {
                    count += 1
                    do {
                        layouts.append(try LayoutParser.parse(contentsOf: path))
                    } catch {
                        diagnostics += error.diagnostics
                    }
                }
                diagnostics += LayoutValidator.validate(layouts, checker: checker)
            }
            for diagnostic in diagnostics {
                try CommandOutput.print("\(diagnostic)")
            }
            guard count > 0 else {
                // Nothing was checked: a directory without layouts is not a valid set of layouts.
                CommandOutput.printError("keyboardd: no layout files (*.yaml, *.yml) in \(files.map { $0.escapedForMessage() }.joined(separator: ", "))")
                throw ExitCode(2)
            }
            let files = Set(diagnostics.map(\.file)).count
            if diagnostics.isEmpty {
                try CommandOutput.print("\(count) layout\(count == 1 ? "" : "s") valid")
            } else {
                try CommandOutput.print("\(diagnostics.count) problem\(diagnostics.count == 1 ? "" : "s") in \(files) file\(files == 1 ? "" : "s") (\(count) checked)")
                throw ExitCode(2)
            }
        }
    }
}
