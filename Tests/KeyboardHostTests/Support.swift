import Foundation
import KeyboardEmulator
import KeyboardHost
import Logging
import TestSupport

/// A plain keyboard for tests; `height` is set in viewDidLoad when given.
final class TestKeyboard: InputViewController {
    let height: Double?

    init(height: Double? = nil) {
        self.height = height
        super.init()
    }

    required init?(coder: NSCoder) {
        height = nil
        super.init(coder: coder)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        if let height { preferredHeight = height }
    }
}

/// A session, its frame model and a record of everything delivered.
final class Harness {
    let session: KeyboardSession
    let model: KeyboardFrameModel
    private(set) var deliveries: [KeyboardFrameModel.Delivery] = []

    init(
        device: DeviceProfile = .iPhone15, orientation: InterfaceOrientation = .portrait,
        fidelity: FidelityProfile = .default, keyboardHeight: Double? = nil,
        heights: any KeyboardHeightSource = StandardKeyboardHeights(rows: ["th": 5])
    ) {
        session = KeyboardSession(device: device, orientation: orientation, fidelity: fidelity, clock: ManualClock()) {
            TestKeyboard(height: keyboardHeight)
        }
        model = KeyboardFrameModel(session: session, heights: heights)
        model.addDeliveryObserver { [unowned self] in deliveries.append($0) }
    }

    /// Deliveries to one app (default: the main app).
    func notes(_ app: String = "app") -> [KeyboardNotification] {
        deliveries.filter { $0.app == app }.map(\.notification)
    }

    func names(_ app: String = "app") -> [KeyboardNotification.Name] {
        notes(app).map(\.name)
    }

    func clear() {
        deliveries.removeAll()
    }

    var proxy: any TextDocumentProxy {
        session.controller!.textDocumentProxy
    }
}

/// A log handler that keeps messages, for loggers made in tests.
final class CapturedLog: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []

    var messages: [String] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }

    func append(_ message: String) {
        lock.lock()
        storage.append(message)
        lock.unlock()
    }

    var logger: Logger {
        Logger(label: "test") { _ in CapturingHandler(log: self) }
    }
}

struct CapturingHandler: LogHandler {
    let log: CapturedLog
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        log.append(event.message.description)
    }
}

/// The package's root directory (for the shipped scenarios).
let packageRoot = TestPaths.packageRoot
