/// The JSON-RPC 2.0 error codes `keyboardd` returns (docs/protocol.md).
public enum RPCErrorCode {
    /// The line is not valid JSON.
    public static let parseError = -32700
    /// Valid JSON but not a JSON-RPC 2.0 request object.
    public static let invalidRequest = -32600
    /// No such method.
    public static let methodNotFound = -32601
    /// A parameter is missing, of the wrong type or out of range; `data.param` names it.
    public static let invalidParams = -32602
    /// An internal error of the daemon.
    public static let internalError = -32603
    /// Any other failure of the emulator.
    public static let serverError = -32000
    /// The method needs a focused field.
    public static let noFocusedField = -32001
    /// The custom keyboard does not serve the focused field.
    public static let keyboardNotActive = -32002
    /// The operation does not apply to this device or state.
    public static let unsupported = -32003
}
