import Foundation
import ArgumentParser
import KeyboardDaemon
import KeyboardEmulator

/// The options every command that runs a keyboard shares: layouts, xkb overrides, device.
struct KeyboardOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Enabled layouts, comma-separated; the first is active, Super+Space cycles.", valueName: "id[,id…]"))
    var layouts: String = "en-US"

    @Option(name: .customLong("xkb-layout"), help: "xkb layout of the first layout's physical keyboard (overrides the layout file).")
    var xkbLayout: String?

    @Option(name: .customLong("xkb-variant"), help: "xkb variant (with --xkb-layout, or of the layout file's layout).")
    var xkbVariant: String?

    @Option(name: .customLong("xkb-options"), help: "xkb options, comma-separated (e.g. compose:ralt).")
    var xkbOptions: String?

    @Option(name: .customLong("xkb-model"), help: "xkb model (e.g. pc105).")
    var xkbModel: String?

    @Option(name: .long, help: ArgumentHelp("Device profile: \(DeviceProfile.all.map(\.id).joined(separator: ", ")).", valueName: "id"))
    var profile: String = DeviceProfile.default.id

    @Option(name: .long, help: "portrait, portraitUpsideDown, landscapeLeft or landscapeRight.")
    var orientation: String = "portrait"

    @Flag(name: .customLong("no-predictive"), help: "Turn the predictive bar off.")
    var noPredictive = false

    /// The configuration these options describe; XKB_DEFAULT_* fill in what they leave open when
    /// `environment` is set.
    func configuration(honouringXKBEnvironment environment: Bool) throws -> EmulatorConfiguration {
        var configuration = EmulatorConfiguration()
        configuration.layoutIDs = layouts.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !configuration.layoutIDs.isEmpty else { throw ValidationError("--layouts needs at least one layout id") }
        configuration.xkbLayout = xkbLayout
        configuration.xkbVariant = xkbVariant
        configuration.xkbOptions = xkbOptions
        configuration.xkbModel = xkbModel
        configuration.honoursXKBEnvironment = environment
        guard let device = DeviceProfile.named(profile) else {
            throw ValidationError("unknown --profile '\(profile)' (available: \(DeviceProfile.all.map(\.id).joined(separator: ", ")))")
        }
        configuration.device = device
        guard let orientation = InterfaceOrientation(name: orientation), orientation != .unknown else {
            throw ValidationError("unknown --orientation '\(self.orientation)' (portrait, portraitUpsideDown, landscapeLeft, landscapeRight)")
        }
        configuration.orientation = orientation
        configuration.predictiveEnabled = !noPredictive
        return configuration
    }
}
