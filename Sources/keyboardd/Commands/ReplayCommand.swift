import ArgumentParser
import Foundation
import KeyboardDaemon
import KeyboardEmulator
import KeyboardInput

/// `keyboardd replay`: runs a key recording through the standard keyboard into a document and prints the
/// result.
struct ReplayCommand: AsyncParsableCommand {
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

    @Option(help: "The caret's starting UTF-16 offset (default: the end of the text).")
    var caret: Int?

    @Option(help: "text or json.")
    var output: OutputFormat = .text

    @Flag(help: "Print to standard error, as one JSON line, the events read and the CPU and wall time of the event loop alone (not loading the document, not printing it).")
    var stats = false

    func run() async throws {
        do {
            try replay()
        } catch let failure as CommandFailure {
            throw failure.report()
        }
    }

    private func replay() throws {
        var document = TextDocument()
        if let textFile {
            do {
                document = try DocumentFile.load(path: textFile)
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
        let reader: InputEventReader
        do {
            reader = file == "-" ? .standardInput() : try InputEventReader(path: file)
        } catch {
            throw CommandFailure.input("\(error)")
        }
        let clock = ManualClock()
        let emulator = try self.emulator.makeEmulator(clock: clock, onlyEnabledLayouts: true)

        let out = BufferedOutput(fileDescriptor: STDOUT_FILENO)
        var eventCount = 0
        if output == .json {
            out.write("{\"events\":[")
            emulator.addObserver { event in
                guard event.category == .keyboardNotification || event.category == .controllerCallback else { return }
                if eventCount > 0 { out.write(",") }
                eventCount += 1
                out.write(JSONValue.object([("name", .string(event.name)), ("userInfo", event.userInfo)]).serialized())
            }
        }
        // Handed over, not copied: a second reference would make the first edit copy the whole text.
        emulator.focus(document: consume document)

        // The clock follows the recording's timestamps, counted from the first event. A report's events share
        // one timestamp, so the clock moves once per report.
        var origin: Int64?, last: Int64?, count = 0
        let loopStart = (cpu: Self.processCPUSeconds(), wall: ContinuousClock.now)
        do {
            while let event = try reader.next() {
                let time = event.seconds &* 1_000_000 &+ event.microseconds
                if time != last {
                    if origin == nil { origin = time }
                    clock.advance(to: .microseconds(time &- origin!))
                    last = time
                }
                emulator.handle(event)
                count += 1
            }
        } catch {
            try? out.flush()
            throw CommandFailure.input("\(error)")
        }

        if stats {
            let cpu = Self.processCPUSeconds() - loopStart.cpu
            let wall = ContinuousClock.now - loopStart.wall
            let seconds = Double(wall.components.seconds) + Double(wall.components.attoseconds) * 1e-18
            FileHandle.standardError.write(Data("{\"events\":\(count),\"loopCPUSeconds\":\(cpu),\"loopSeconds\":\(seconds)}\n".utf8))
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

    /// The process's CPU time so far (user + system), in seconds.
    private static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }
}
