import Glibc
import SystemPackage

/// The terminal in raw mode on the alternate screen, restored exactly once on every exit path.
///
/// Entering saves the `termios` settings, switches to raw input (no echo, no line editing, no signals
/// from keys: Ctrl+C and Ctrl+S reach the program), the alternate screen, a hidden cursor and bracketed
/// paste. ``restore()`` undoes all of it; it runs from deinit too, and is idempotent.
///
/// ```swift
/// let terminal = try TerminalMode(input: STDIN_FILENO, output: STDOUT_FILENO)
/// defer { terminal.restore() }
/// terminal.write(screen.update(to: lines))
/// ```
public final class TerminalMode {
    /// The kitty keyboard protocol flags this program pushed: disambiguate escape codes (1), report event
    /// types (2), report alternate keys (4) and report all keys as escape codes (8), so every key arrives
    /// with its press, repeat and release and its base-layout key (where it is on the keyboard).
    public static let kittyKeyboardFlags = 1 | 2 | 4 | 8

    /// The terminal's input descriptor.
    public let input: Int32
    /// The terminal's output descriptor.
    public let output: Int32
    private var saved: termios
    /// The output's file status flags before, restored on exit (its `O_NONBLOCK` is cleared meanwhile).
    private let savedOutputFlags: Int32
    private var active = false
    /// Whether the kitty flags were pushed (and must be popped on restore).
    public private(set) var kittyKeyboardEnabled = false
    /// Whether mouse reporting is on (and must be turned off on restore).
    public private(set) var mouseReportingEnabled = false

    /// Enters raw mode and the alternate screen; fails when `input` is not a terminal.
    public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) throws(ServerError) {
        self.input = input
        self.output = output
        savedOutputFlags = fcntl(output, F_GETFL)
        saved = termios()
        guard isatty(input) == 1 else { throw .message("standard input is not a terminal (use `keyboardd serve --stdio` for pipes)") }
        guard tcgetattr(input, &saved) == 0 else { throw .system("tcgetattr", Errno(rawValue: errno)) }
        var raw = saved
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else { throw .system("tcsetattr", Errno(rawValue: errno)) }
        // Frames are written whole: a terminal another program left non-blocking is made blocking.
        if savedOutputFlags >= 0, savedOutputFlags & O_NONBLOCK != 0 { _ = fcntl(output, F_SETFL, savedOutputFlags & ~O_NONBLOCK) }
        active = true
        // Alternate screen, hidden cursor, bracketed paste, cleared; then ask whether the terminal speaks
        // the kitty keyboard protocol (a terminal that does answers `CSI ? flags u`; others ignore it).
        write("\u{1b}[?1049h\u{1b}[?25l\u{1b}[?2004h\u{1b}[2J\u{1b}[?u")
    }

    /// Turns on the kitty keyboard protocol (after the terminal answered the query).
    public func enableKittyKeyboard() {
        guard active, !kittyKeyboardEnabled else { return }
        kittyKeyboardEnabled = true
        write("\u{1b}[>\(Self.kittyKeyboardFlags)u")
    }

    /// Turns on mouse reporting: button presses and releases (1000), drags while a button is held (1002),
    /// in SGR coordinates (1006), so clicks reach the drawn keyboard.
    public func enableMouseReporting() {
        guard active, !mouseReportingEnabled else { return }
        mouseReportingEnabled = true
        write("\u{1b}[?1000h\u{1b}[?1002h\u{1b}[?1006h")
    }

    /// The window size in cells (80×24 when the terminal does not say).
    public var size: (columns: Int, rows: Int) {
        var window = winsize()
        if ioctl(output, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 {
            return (Int(window.ws_col), Int(window.ws_row))
        }
        return (80, 24)
    }

    /// Writes everything (swift-system retries `EINTR` and short writes; the output is blocking). A
    /// terminal that refuses output has gone away: the next read sees it closed and the session ends
    /// there, saving the file — so the write's error is not kept.
    public func write(_ text: String) {
        var text = text
        _ = try? text.withUTF8 { try FileDescriptor(rawValue: output).writeAll(UnsafeRawBufferPointer($0)) }
    }

    /// Leaves the alternate screen and restores the saved settings (once).
    public func restore() {
        guard active else { return }
        active = false
        if kittyKeyboardEnabled {
            kittyKeyboardEnabled = false
            write("\u{1b}[<u")
        }
        if mouseReportingEnabled {
            mouseReportingEnabled = false
            write("\u{1b}[?1006l\u{1b}[?1002l\u{1b}[?1000l")
        }
        write("\u{1b}[0m\u{1b}[?2004l\u{1b}[?25h\u{1b}[?1049l")
        tcsetattr(input, TCSAFLUSH, &saved)
        if savedOutputFlags >= 0 { _ = fcntl(output, F_SETFL, savedOutputFlags) }
    }

    deinit { restore() }
}
