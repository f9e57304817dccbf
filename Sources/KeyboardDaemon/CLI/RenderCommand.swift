import ArgumentParser
import Foundation
import KeyboardEmulator
import KeyboardRuntime

/// `keyboardd render`: the emulated screen as a picture — the device's outline, the host app's view with
/// the document, the keyboard at its frame (the standard keyboard from its layout file, a hosted keyboard
/// from its own views) — as SVG or as a text tree.
struct RenderCommand: HostingCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Print a picture of the screen: the device, the host view with the text, and the keyboard at its frame.",
        discussion: """
            The standard keyboard is drawn from its layout file (its current page), a keyboard hosted with \
            Keyboardd.main(keyboard:) from its own views, laid out. Exit status: 0, 1 when the output cannot \
            be written, 2 for bad options.
            """)

    @OptionGroup var emulator: EmulatorOptions

    @Option(help: "svg or tree.")
    var format: ViewRendering.Format = .svg

    @Option(help: ArgumentHelp("The text in the focused field (default: none).", valueName: "text"))
    var text: String = ""

    func validate() throws {
        if text.utf8.count > 1 << 20 { throw ValidationError("--text is longer than 1 MiB") }
    }

    func run(hosting keyboard: Emulator.Keyboard) throws {
        // Bad options are reported by the options (exit 2); a picture is of one moment, on a clock that stays.
        let emulator = try self.emulator.makeEmulator(keyboard: keyboard, clock: ManualClock())
        emulator.focus(text: text, traits: try self.emulator.parsedTraits())
        switch format {
        case .svg: try CommandOutput.print(ScreenPicture.svg(of: emulator), terminator: "")
        case .tree: try CommandOutput.print(ScreenPicture.tree(of: emulator), terminator: "")
        }
    }
}

extension ViewRendering.Format: ExpressibleByArgument {}
