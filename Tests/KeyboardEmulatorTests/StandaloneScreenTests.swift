import Foundation
import Testing
import KeyboardEmulator

/// The view layer knows no device profiles: without a session its screen and traits are figures of its own,
/// which must be the default device's in portrait.
@Suite("The screen without a session")
struct StandaloneScreenTests {
    @Test func theStandaloneScreenIsTheDefaultDeviceInPortrait() {
        let device = DeviceProfile.default
        #expect(Screen.Standalone.bounds == device.screenBounds(in: .portrait))
        #expect(Double(Screen.Standalone.scale) == device.scale)
        #expect(Screen.Standalone.nativeBounds.size == CGSize(
            width: device.portraitScreenSize.width * device.scale, height: device.portraitScreenSize.height * device.scale))
        #expect(Screen.Standalone.safeAreaInsets == device.safeAreaInsets(in: .portrait))
        #expect(TraitCollection.standalone == TraitCollection(device: device, orientation: .portrait, appearance: .default))
    }

    @Test func aSessionsScreenFollowsItsDeviceAndEndsWithIt() {
        var session: KeyboardSession? = KeyboardSession(device: .iPadPro11M4, orientation: .landscapeLeft) { InputViewController() }
        let screen = session!.screen
        #expect(screen.bounds == DeviceProfile.iPadPro11M4.screenBounds(in: .landscapeLeft))
        session = nil
        #expect(screen.bounds == Screen.Standalone.bounds, "a screen outliving its session shows the standalone device")
    }
}
