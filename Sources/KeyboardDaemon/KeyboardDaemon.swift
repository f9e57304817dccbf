// The daemon speaks JSON everywhere (protocol, replay output); its clients get the JSON type with it.
@_exported import KeyboardJSON
