import Foundation
import KeyboardDaemon
import UIKit

/// A keyboard that meets its sandbox, for the end-to-end tests of `keyboardd --memory-limit`,
/// `--full-access` and `--app-group-dir` (Tests/KeyboardDaemonTests/EndToEnd/SandboxDaemonTests.swift).
/// Written as for iOS. Hardware keys:
/// - a letter allocates 10 MB and writes every page (a keyboard growing key by key), then is typed;
/// - `1` copies "copied" to the general pasteboard and types what it reads back (`[paste:…]`);
/// - `2` writes "from the keyboard" to `settings.txt` in its App Group container and types `[wrote]`;
/// - `3` reads `settings.txt` there and types `[read:…]` (what the containing app wrote);
/// - `4` opens `sandbox://settings` up the responder chain, as keyboards open their containing app;
/// - `5`…`8` type `[async]`, `[after]`, `[timer]`, `[task]` later: from `DispatchQueue.main.async`,
///   `asyncAfter` (50 ms), a `Timer` (50 ms) and `Task { @MainActor in … }`, as keyboards defer work.
final class SandboxKeyboard: UIInputViewController {
    static let group = "group.com.example.sandbox"
    private var hoard: [[UInt8]] = []

    override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        guard let characters = presses.first?.key?.characters, characters.count == 1 else {
            super.pressesBegan(presses, with: event)
            return
        }
        switch characters {
        case "1":
            UIPasteboard.general.string = "copied"
            textDocumentProxy.insertText("[paste:\(UIPasteboard.general.string ?? "nil")]")
        case "2":
            textDocumentProxy.insertText(write("from the keyboard") ? "[wrote]" : "[no container]")
        case "3":
            let text = settingsURL.flatMap { try? String(contentsOf: $0, encoding: .utf8) }
            textDocumentProxy.insertText("[read:\(text ?? "nil")]")
        case "4":
            openContainingApp(URL(string: "sandbox://settings")!)
        case "5", "6", "7", "8":
            typeLater(after: characters)
        default:
            hoard.append([UInt8](repeating: 1, count: 10 << 20))
            super.pressesBegan(presses, with: event)
        }
    }

    /// Types a marker from a closure that runs later on the main thread. The emulator's controllers are not
    /// `@MainActor` as UIKit's are, so in Swift 6 mode such a closure captures the controller through a
    /// `nonisolated(unsafe)` constant (Swift 5 mode takes `self` as iOS code writes it).
    private func typeLater(after key: String) {
        nonisolated(unsafe) let keyboard = self
        switch key {
        case "5": DispatchQueue.main.async { keyboard.textDocumentProxy.insertText("[async]") }
        case "6": DispatchQueue.main.asyncAfter(deadline: .now() + 0.05) { keyboard.textDocumentProxy.insertText("[after]") }
        case "7":
            _ = Timer.scheduledTimer(withTimeInterval: 0.05, repeats: false) { _ in
                keyboard.textDocumentProxy.insertText("[timer]")
            }
        default: Task { @MainActor in keyboard.textDocumentProxy.insertText("[task]") }
        }
    }

    private var settingsURL: URL? {
        FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: Self.group)?
            .appendingPathComponent("settings.txt")
    }

    private func write(_ text: String) -> Bool {
        guard let url = settingsURL else { return false }
        do {
            try Data(text.utf8).write(to: url)
            return true
        } catch {
            return false
        }
    }

    private func openContainingApp(_ url: URL) {
        var responder: UIResponder? = self
        while let current = responder {
            if let application = current as? UIApplication {
                application.open(url, options: [:], completionHandler: nil)
                return
            }
            responder = current.next
        }
    }
}

Keyboardd.main(keyboard: { SandboxKeyboard() })
