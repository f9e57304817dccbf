import AnthyInput
import HangulInput
import KeyboardComposition
import KeyboardEmulator
import RimeInput

/// Makes the engine for an input method. Each engine lives in its own module, so that only the runtime
/// (and whoever asks for it) links them.
enum InputMethodEngines {
    /// A new engine for `method`.
    ///
    /// - Throws: ``EmulatorError/inputMethod(layoutID:message:)`` when the engine cannot start (the
    ///   message names the Debian package) or the method is not supported yet.
    static func make(
        _ method: InputMethod, layoutID: String, progress: (String) -> Void
    ) throws(EmulatorError) -> any CompositionEngine {
        switch method {
        case .hangul(let keyboard):
            do {
                return try HangulEngine(keyboard: keyboard)
            } catch {
                throw .inputMethod(layoutID: layoutID, message: error.description)
            }
        case .rime(let schema):
            do {
                return try RimeEngine(schema: schema, progress: progress)
            } catch {
                throw .inputMethod(layoutID: layoutID, message: error.description)
            }
        case .anthy:
            do {
                return try AnthyEngine()
            } catch {
                throw .inputMethod(layoutID: layoutID, message: error.description)
            }
        }
    }
}
