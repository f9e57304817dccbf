import ArgumentParser
import CMalloc
import Foundation
import KeyboardEmulator
import KeyboardInput
import KeyboardJSON
import KeyboardRuntime

/// `keyboardd replay`: runs a key recording through the hosted keyboard into a document and prints the
/// result.
struct ReplayCommand: HostingCommand {
    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case text
        case json
    }

    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay an evdev recording (evemu text or raw input_event records) into a document.",
        discussion: """
            The recording's format is detected from its first bytes; FILE may be - for standard input or a FIFO. \
            The device is iPhone 15 in portrait with the predictive bar on unless --profile, --orientation or \
            --no-predictive say otherwise. --output text prints the final text exactly; --output json prints one \
            object with text, selectedRange, markedText, layout, keyboard {state, frame} and every keyboard \
            notification and controller callback, in order, as events.
            """
    )

    @Argument(help: ArgumentHelp("The recording, or - for standard input.", valueName: "file"))
    var file: String

    @OptionGroup var emulator: EmulatorOptions

    @Option(name: .customLong("text-file"), help: "Start from this UTF-8 file's content instead of an empty document.")
    var textFile: String?

    // Unconditional: "-1" is the option's (bad) value, reported as outside the text, not a missing value.
    @Option(parsing: .unconditional, help: "The caret's starting UTF-16 offset (default: the end of the text).")
    var caret: Int?

    @Option(help: "text or json.")
    var output: OutputFormat = .text

    @Flag(help: "Print to standard error, as one JSON line, the events read and the CPU and wall time of the event loop alone (not loading the document, not printing it).")
    var stats = false

    func run(hosting keyboard: Emulator.Keyboard) throws {
        do {
            try replay(hosting: keyboard)
        } catch let failure as CommandFailure {
            throw failure.report()
        }
    }

    private func replay(hosting keyboard: Emulator.Keyboard) throws {
        let replayer = try self.emulator.makeReplayer(keyboard: keyboard)
        let emulator = replayer.emulator
        // The text is printed as typed; what the runtime could not do while typing it goes to standard error.
        emulator.addFailureObserver { failure in
            CommandOutput.printError("keyboardd: warning: \(failure.logLine)")
        }
        // So are the sandbox's findings (a keyboard warned, ended past its memory limit, leaking): watched on
        // the session for those kinds alone, so the replay's other events cost nothing more.
        emulator.session.addObserver(for: [.memoryWarning, .extensionEnded, .controllersLeaked]) { event in
            CommandOutput.printError("keyboardd: warning: \(RuntimeEvent.session(event).logLine)")
        }
        // Everything a replay needs is in memory before the document, and what starting up freed goes back
        // to the system: the compose table, which would otherwise load on the first key press, maps its
        // Compose file (en_US: 500 KB) while it parses it, and the heap holds ≈ 0.4 MB that parsing the
        // layout and the keymap freed (50 MB document: ≈ -0.5 MiB peak RSS). A table that cannot be loaded
        // is still reported at the first key that needs it.
        emulator.hardwareKeyboard.processor.loadComposeTableNow()
        _ = malloc_trim(0)  // 1 if memory was released, 0 if there was none to release: either is fine

        var document = TextDocument()
        if let textFile {
            do {
                document = try DocumentFile.load(path: textFile, ifMissing: .error)
            } catch {
                throw CommandFailure.input("\(error)")
            }
        }
        if let caret {
            guard caret >= 0, caret <= document.utf16Count else {
                throw CommandFailure.input("--caret \(caret) is outside the text (0…\(document.utf16Count) UTF-16 units)")
            }
            document.setSelectedRange(NSRange(location: caret, length: 0))
        }
        // Opened once the arguments are known good: opening a FIFO waits for its writer.
        let reader: InputEventReader
        do {
            reader = file == "-" ? .standardInput() : try InputEventReader(path: file)
        } catch {
            throw CommandFailure.input("\(error)")
        }

        let out = BufferedOutput(fileDescriptor: STDOUT_FILENO)
        var eventCount = 0
        if output == .json {
            out.write("{\"events\":[")
            emulator.addObserver { runtimeEvent in
                switch EmulatorEvent.Category(runtimeEvent) {
                case .keyboardNotification, .controllerCallback: break
                case .proxyCall, .host, .log: return
                }
                let event = EmulatorEvent(runtimeEvent)
                if eventCount > 0 { out.write(",") }
                eventCount += 1
                out.write(JSONValue.object([("name", .string(event.name)), ("userInfo", event.userInfo)]).serialized())
            }
        }
        // Handed over, not copied: a second reference would make the first edit copy the whole text.
        emulator.focus(document: consume document)

        let statistics: Replayer.Statistics
        do {
            statistics = try replayer.run(reader)
        } catch {
            try? out.flush()
            throw CommandFailure.input("\(error)")
        }

        if stats {
            // Straight to the descriptor: FileHandle and Data would bring pages of Foundation in at the end of
            // a replay, when the document is in memory too (+0.45 MB peak RSS with a 50 MB document).
            let errors = BufferedOutput(fileDescriptor: STDERR_FILENO, capacity: 256)
            errors.write("{\"events\":\(statistics.events),\"loopCPUSeconds\":\(statistics.cpuSeconds),\"loopSeconds\":\(statistics.seconds)}\n")
            try errors.flush()
        }

        switch output {
        case .text:
            if let document = emulator.document {
                try document.withUTF8Pieces { try out.write($0) }
            }
        case .json:
            out.write("],")
            var state = ""
            emulator.replayState.write(to: &state)
            out.write(String(state.dropFirst()))
            out.write("\n")
        }
        try out.flush()
    }
}
