import Foundation
import KeyboardLayouts
import TestSupport

/// A private tmux server (its own `-L` socket) with one session running a command in a fixed-size pane.
final class Tmux {
    let socketName = "kbd-test-\(UUID().uuidString.prefix(8))"
    let session = "kbd"

    /// Where the program under test keeps recovery files (`XDG_STATE_HOME`): a directory of this session,
    /// never the user's own.
    let stateDirectory = NSTemporaryDirectory() + "kbd-state-\(UUID().uuidString.prefix(8))"

    init(command: String, columns: Int = 120, rows: Int = 40, environment: [String: String] = [:]) throws {
        // Rime deploys into this test run's cache, never the user's.
        TestEnvironment.isolateCaches()
        var env = "XDG_STATE_HOME='\(stateDirectory)' XDG_CACHE_HOME='\(TestEnvironment.cacheHome)' "
        for (key, value) in environment { env += "\(key)='\(value)' " }
        // The tmux server outlives this call: do not let it inherit pipes we wait on.
        let result = try Daemon.run("/usr/bin/env", ["tmux", "-L", socketName, "-f", "/dev/null", "new-session", "-d", "-s", session,
                                                     "-x", String(columns), "-y", String(rows), env + command])
        guard result.status == 0 else { throw Failure(message: "tmux new-session failed with status \(result.status)") }
    }

    struct Failure: Error, CustomStringConvertible { let message: String; var description: String { message } }

    @discardableResult
    func tmux(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try Daemon.run("/usr/bin/env", ["tmux", "-L", socketName, "-f", "/dev/null"] + arguments)
    }

    /// Types keys (`send-keys` arguments: literal text with `-l`, or key names like `BSpace`, `C-q`).
    func send(_ keys: String...) throws { try tmux(["send-keys", "-t", session] + keys) }
    func type(_ text: String) throws { try tmux(["send-keys", "-t", session, "-l", text]) }

    /// The visible screen.
    func screen() -> String { (try? tmux(["capture-pane", "-p", "-t", session]).stdout) ?? "" }

    /// The visible screen with its styles, as SGR escape sequences (`capture-pane -e`).
    func styledScreen() -> String { (try? tmux(["capture-pane", "-p", "-e", "-t", session]).stdout) ?? "" }

    /// The cell (0-based column and row) where `text` is drawn on a line that also holds `marker` (`│`
    /// for a drawn key), columns counted in display width as the terminal does.
    func cell(of text: String, onLineWith marker: String = "│") -> (column: Int, row: Int)? {
        for (row, line) in screen().split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where line.contains(marker) {
            guard let range = line.range(of: text) else { continue }
            return (DisplayWidth.of(String(line[..<range.lowerBound])) + DisplayWidth.of(text) / 2, row)
        }
        return nil
    }

    /// Sends an xterm SGR mouse report for the left button at a cell: press (`M`), drag or release (`m`).
    func mouse(_ action: String, at cell: (column: Int, row: Int)) throws {
        let code = action == "drag" ? 32 : 0
        let final = action == "release" ? "m" : "M"
        try type("\u{1B}[<\(code);\(cell.column + 1);\(cell.row + 1)\(final)")
    }

    /// A click on a cell: press and release.
    func click(_ cell: (column: Int, row: Int)) throws {
        try mouse("press", at: cell)
        try mouse("release", at: cell)
    }

    /// Two clicks on a cell sent in one write, so they arrive together (a double tap, whatever the load).
    func doubleClick(_ cell: (column: Int, row: Int)) throws {
        let press = "\u{1B}[<0;\(cell.column + 1);\(cell.row + 1)M", release = "\u{1B}[<0;\(cell.column + 1);\(cell.row + 1)m"
        try type(press + release + press + release)
    }

    /// Whether the session still runs (its command has not exited).
    var isRunning: Bool { (try? tmux(["has-session", "-t", session]).status) == 0 }

    /// The pid of the pane's process.
    func panePID() -> Int32? {
        (try? tmux(["display-message", "-p", "-t", session, "#{pane_pid}"]).stdout)
            .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    func waitForScreen(containing text: String) -> Bool { Daemon.wait { screen().contains(text) } }

    deinit {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(atPath: stateDirectory)
    }
}
