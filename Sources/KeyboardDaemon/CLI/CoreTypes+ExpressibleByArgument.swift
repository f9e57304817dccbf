import ArgumentParser
import KeyboardEmulator

// The command line reads the core's types through their one parser each (`DeviceProfile(parsing:)`,
// `InterfaceOrientation(parsing:)`, `IOSVersion(parsing:)`); a bad value is a usage error (exit 2) that
// lists the accepted ones. ArgumentParser's protocol has room only for `nil`, so each `try?` below lets the
// parser's own error go: the usage error names the value, the option and every accepted value instead.

/// `--profile iphone-16`.
extension DeviceProfile: ExpressibleByArgument {
    public init?(argument: String) {
        guard let profile = try? DeviceProfile(parsing: argument) else { return nil }
        self = profile
    }

    public static var allValueStrings: [String] { all.map(\.id) }
    public var defaultValueDescription: String { id }
}

/// `--orientation landscape`.
extension InterfaceOrientation: ExpressibleByArgument {
    public init?(argument: String) {
        guard let orientation = try? InterfaceOrientation(parsing: argument) else { return nil }
        self = orientation
    }

    public static var allValueStrings: [String] { acceptedNames }
    public var defaultValueDescription: String { name }
}

/// `--ios 16`, `--ios 16.4` or `--ios "iOS 16"`.
extension IOSVersion: ExpressibleByArgument {
    public init?(argument: String) {
        guard let version = try? IOSVersion(parsing: argument) else { return nil }
        self = version
    }
}
