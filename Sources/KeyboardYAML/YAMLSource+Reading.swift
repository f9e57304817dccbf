import KeyboardFiles

extension YAMLSource {
    /// Why a file could not be read as text: the message names the real cause (`strerror`, "not a
    /// regular file", the size and the cap, the offset of the first byte that is not UTF-8).
    public struct ReadError: Error, Sendable, Hashable, CustomStringConvertible {
        public var message: String
        public init(message: String) {
            self.message = message
        }
        public var description: String { message }
    }

    /// The text of a YAML file (a layout, a scenario): a regular file of at most `maximumBytes`, valid
    /// UTF-8 (the first bad byte named by its offset), read by the package's one bounded reader
    /// (`RegularFileReader`): a FIFO is refused, never waited on; a device (`/dev/zero`) is refused before
    /// anything is read.
    /// - Parameter what: the kind of file, for the size error ("a layout file").
    public static func readFile(_ path: String, maximumBytes: Int = maximumBytes, what: String) throws(ReadError) -> String {
        do {
            return try RegularFileReader.readText(path, maximumBytes: maximumBytes)
        } catch {
            throw ReadError(message: error.description(for: what))
        }
    }
}
