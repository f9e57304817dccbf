import KeyboardJSON
import KeyboardRuntime

/// A failure of an ``EmulatorService`` method, with the JSON-RPC error it becomes.
///
/// ```swift
/// throw EmulatorServiceError.invalidParams("id", "no layout named 'xx'; available: en-US, de-DE")
/// ```
public struct EmulatorServiceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The JSON-RPC error code.
    public var code: Int
    /// The error's message, for people.
    public var message: String
    /// Extra detail for the client (`{"param": "id"}`).
    public var data: JSONValue?

    /// An error with a JSON-RPC code, a message and optional detail.
    public init(code: Int, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    public var description: String { "\(message) (JSON-RPC \(code))" }

    /// A parameter is missing or wrong (`-32602`): names it and says what was wrong.
    public static func invalidParams(_ name: String, _ reason: String) -> EmulatorServiceError {
        EmulatorServiceError(code: RPCErrorCode.invalidParams, message: "invalid param '\(name)': \(reason)",
                             data: ["param": .string(name)])
    }

    /// The method needs a focused field and none has focus (`-32001`).
    public static let noFocusedField = EmulatorServiceError(
        code: RPCErrorCode.noFocusedField, message: "no focused field: call 'focus' first")

    /// The custom keyboard does not serve the focused field (secure or phone-pad: the system keyboard took
    /// over) (`-32002`).
    public static let keyboardNotActive = EmulatorServiceError(
        code: RPCErrorCode.keyboardNotActive,
        message: "the custom keyboard is not active for the focused field (the system keyboard replaced it)")

    /// No field has this document identifier (`-32602` naming `documentIdentifier`).
    public static func unknownDocument(_ identifier: String) -> EmulatorServiceError {
        invalidParams("documentIdentifier", "no field has the identifier \(identifier)")
    }

    /// The operation does not apply here, e.g. `split` on a phone (`-32003`).
    public static func unsupported(_ reason: String) -> EmulatorServiceError {
        EmulatorServiceError(code: RPCErrorCode.unsupported, message: reason)
    }

    /// Any other failure (`-32000`).
    public static func failed(_ reason: String) -> EmulatorServiceError {
        EmulatorServiceError(code: RPCErrorCode.serverError, message: reason)
    }
}

extension EmulatorServiceError {
    /// The JSON-RPC error for an `EmulatorError`: unknown ids and untypeable text are bad params.
    public init(_ error: EmulatorError) {
        switch error {
        case .unknownLayout:
            self = .invalidParams("id", error.description)
        case .untypeable, .untypeableSecret, .tooLongToCompose:
            self = .invalidParams("text", error.description)
        case .invalidKeyEvent(let keyError):
            self = .invalidParams(keyError.part.rawValue, keyError.description)
        case .xkb, .inputMethod:
            self = .failed(error.description)
        }
    }
}
