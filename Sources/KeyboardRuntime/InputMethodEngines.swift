import AnthyInput
import HangulInput
import KeyboardComposition
import KeyboardEmulator
import KeyboardLayouts
import RimeInput

extension Composer {
    /// A composer running the input method `layout` names (`inputMethod:` in its file), or `nil` for a layout
    /// without one: what `keyboardd` gives the standard keyboard, for a test to do the same.
    ///
    /// ```swift
    /// let composer = try Composer(inputMethodOf: pinyin)
    /// let tester = KeyboardTester { StandardKeyboardController(layout: pinyin, composer: composer) }
    /// ```
    ///
    /// - Parameters:
    ///   - layout: the layout whose `inputMethod` names the engine.
    ///   - progress: told what a first start prepares (Rime deploys its schema once).
    /// - Throws: ``EmulatorError/inputMethod(layoutID:message:)`` when the engine cannot start; the message
    ///   names the Debian package.
    public convenience init?(inputMethodOf layout: Layout, progress: (String) -> Void = { _ in }) throws(EmulatorError) {
        guard let method = layout.inputMethod else { return nil }
        self.init(engine: try InputMethodEngines.make(method, layoutID: layout.id, progress: progress))
    }
}

/// Makes the engine for an input method. Each engine lives in its own module, so that only the runtime
/// (and whoever asks for it) links them.
enum InputMethodEngines {
    /// Checks that the engine's data is installed, without starting the engine (a file look-up):
    /// Rime's schema in `rime-data-*`, anthy's dictionary in `anthy-common`. libhangul's keyboards are
    /// built into the library.
    ///
    /// - Throws: ``EmulatorError/inputMethod(layoutID:message:)`` naming the Debian package.
    static func checkData(_ method: InputMethod, layoutID: String) throws(EmulatorError) {
        switch method {
        case .hangul:
            return
        case .rime(let schema):
            do {
                try RimeEngine.checkData(schema: schema)
            } catch {
                throw .inputMethod(layoutID: layoutID, message: error.description)
            }
        case .anthy:
            do {
                try AnthyEngine.checkData()
            } catch {
                throw .inputMethod(layoutID: layoutID, message: error.description)
            }
        }
    }

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
