import Foundation
import Testing
import TestSupport

/// `keyboardd render` and `keyboardd scenario --output svg`, drawn by librsvg and looked at; the README's
/// pictures are what the tool makes today (`KEYBOARDD_UPDATE_PICTURES=1` rewrites them).
@Suite struct PictureCommandTests {
    static let screenArguments = ["render", "--text", "Hello world", "--profile", "iphone-15"]

    @Test func theScreenShowsTheDeviceTheTextAndTheKeyboardAtItsFrame() throws {
        let tree = try KeyboarddBinary.run(["render", "--format", "tree", "--text", "Hi"])
        #expect(tree.status == 0, "\(tree.stderr)")
        let text = String(decoding: tree.stdout, as: UTF8.self)
        #expect(text.hasPrefix("screen iphone-16 portrait (393 852)\n  host view (0 0; 393 516) text=\"Hi\"\n  keyboard docked (0 516; 393 336) layout=en-US\n"))
        #expect(text.contains("    row 1: q w e r t y u i o p\n"))
        let result = try KeyboarddBinary.run(Self.screenArguments)
        #expect(result.status == 0, "\(result.stderr)")
        let picture = try RenderedPicture(svg: String(decoding: result.stdout, as: UTF8.self), scale: 1)
        let bezel = 12.0
        let pixels = try picture.pixels([(4, 400), (bezel + 200, bezel + 300), (bezel + 200, bezel + 516 + 2), (bezel + 20, bezel + 516 + 72)])
        #expect(pixels[0].isClose(to: 28, 28, 30), "the device's outline: \(pixels[0])")
        #expect(pixels[1].isWhite, "the host view: \(pixels[1])")
        #expect(pixels[2].isClose(to: 209, 211, 217), "the keyboard's background at its top edge: \(pixels[2])")
        #expect(pixels[3].isWhite, "the q key: \(pixels[3])")
    }

    @Test(arguments: [
        ["--layouts", "ja-JP", "--profile", "ipad-10", "--orientation", "landscape"],
        ["--layouts", "ar", "--profile", "iphone-se-3"],
        ["--layouts", "ko-KR", "--orientation", "landscapeLeft"],
        ["--layouts", "emoji"],
    ])
    func everyLayoutDeviceAndOrientationDraws(_ options: [String]) throws {
        let result = try KeyboarddBinary.run(["render"] + options)
        #expect(result.status == 0, "\(options): \(result.stderr)")
        let svg = String(decoding: result.stdout, as: UTF8.self)
        #expect(svg.contains("data-part=\"keyboard\""))
        _ = try RenderedPicture(svg: svg, scale: 0.5)
    }

    @Test func theScenarioTimelineShowsEachStepsFrame() throws {
        let scenario = TestPaths.package("Scenarios/ipad-move-split.yaml").path
        let result = try KeyboarddBinary.run(["scenario", scenario, "--output", "svg"])
        #expect(result.status == 0, "\(result.stderr)")
        let svg = String(decoding: result.stdout, as: UTF8.self)
        #expect(svg.contains(#"data-state="split""#) && svg.contains(#"data-state="floating""#) && svg.contains(#"data-state="undocked""#))
        #expect(svg.contains("<title>keyboardWillChangeFrame"))
        let picture = try RenderedPicture(svg: svg, scale: 1)
        // The first step (focus): a docked keyboard's bar at the bottom of the screen's band.
        let pixel = try picture.pixel(x: 48 + 28, y: 40 + 300)
        #expect(pixel.isClose(to: 0xcf, 0xe3, 0xff), "the docked bar: \(pixel)")
    }

    @Test func theREADMEsPicturesAreWhatTheToolDrawsToday() throws {
        let screen = try KeyboarddBinary.run(Self.screenArguments)
        let timeline = try KeyboarddBinary.run(["scenario", TestPaths.package("Scenarios/ipad-move-split.yaml").path, "--output", "svg"])
        try PictureFiles.check("docs/pictures/screen-en-US.svg", against: screen.stdout)
        try PictureFiles.check("docs/pictures/scenario-ipad-move-split.svg", against: timeline.stdout)
    }

    /// The README shows one picture of each kind — a keyboard (`tester.render(as: .svg)`, kept current by
    /// UIKitCompatibilityTests' PictureTests), the whole screen (`keyboardd render`) and a scenario's
    /// timeline (`keyboardd scenario --output svg`, both kept current above) — and docs/pictures holds no
    /// picture it does not show.
    @Test func theREADMEShowsOnePictureOfEachKind() throws {
        let readme = try String(contentsOf: TestPaths.package("README.md"), encoding: .utf8)
        let shown = readme.matches(of: #/!\[[^\]]*\]\((docs/pictures/[^)]+)\)/#).map { String($0.1) }
        #expect(shown == ["docs/pictures/stack-view-keyboard.svg", "docs/pictures/screen-en-US.svg",
                          "docs/pictures/scenario-ipad-move-split.svg"])
        let files = try FileManager.default.contentsOfDirectory(atPath: TestPaths.package("docs/pictures").path)
        #expect(Set(files.map { "docs/pictures/" + $0 }) == Set(shown))
    }
}
