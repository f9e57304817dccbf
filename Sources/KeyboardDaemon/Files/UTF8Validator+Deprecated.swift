import KeyboardFiles

/// The UTF-8 validator under its old home's name: it is `KeyboardFiles`' now, which the bounded file reader
/// (layouts, scenarios, cached keymaps) and the document loader share.
@available(*, deprecated, message: "import KeyboardFiles", renamed: "KeyboardFiles.UTF8Validator")
public typealias UTF8Validator = KeyboardFiles.UTF8Validator
