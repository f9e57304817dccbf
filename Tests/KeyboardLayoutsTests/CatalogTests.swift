import Foundation
import KeyboardEmulator
import TestSupport
import Testing
@testable import KeyboardLayouts

@Suite("Catalog")
struct CatalogTests {
    @Test func userLayoutsOverrideBuiltInsByID() throws {
        let user = try TemporaryDirectory()
        let custom = minimalLayout.replacingOccurrences(of: "id: t", with: "id: en-US")
            .replacingOccurrences(of: "name: Test", with: "name: My English")
        try user.write("en-US.yaml", custom)
        try user.write("t.yaml", minimalLayout)
        let catalog = LayoutCatalog.load(environment: ["KEYBOARDD_LAYOUTS_DIR": user.path, "HOME": "/nonexistent"])
        #expect(catalog.layout(id: "en-US")?.name == "My English")
        #expect(catalog.layout(id: "en-US")?.file == user.path + "/en-US.yaml")
        #expect(catalog.layout(id: "t") != nil)
        #expect(catalog.layout(id: "de-DE")?.name == "Deutsch")
        #expect(catalog.overriddenIDs == ["en-US"])
        #expect(catalog.sources.map(\.kind) == [.builtIn, .user])
        #expect(catalog.layouts.map(\.id) == catalog.layouts.map(\.id).sorted())
    }

    @Test func loadingByIDParsesOnlyThoseAndStillLetsTheUserOverride() throws {
        let user = try TemporaryDirectory()
        try user.write("de-DE.yaml", minimalLayout.replacingOccurrences(of: "id: t", with: "id: de-DE")
            .replacingOccurrences(of: "name: Test", with: "name: Mein Deutsch"))
        let environment = ["KEYBOARDD_LAYOUTS_DIR": user.path, "HOME": "/nonexistent"]
        let catalog = LayoutCatalog.load(ids: ["en-US", "de-DE"], environment: environment)
        #expect(Set(catalog.layouts.map(\.id)) == ["en-US", "de-DE"])
        #expect(catalog.diagnostics.isEmpty)
        #expect(catalog.layout(id: "de-DE")?.name == "Mein Deutsch")
        #expect(catalog.overriddenIDs == ["de-DE"])
        #expect(catalog.layout(id: "en-US") == LayoutCatalog.load(environment: environment).layout(id: "en-US"))
    }

    @Test func loadingAnUnknownIDLoadsEverythingSoTheErrorCanListThem() {
        let catalog = LayoutCatalog.load(ids: ["en-US", "xx-XX"], environment: ["KEYBOARDD_LAYOUTS_DIR": "/nonexistent"])
        #expect(catalog.layout(id: "xx-XX") == nil)
        #expect(catalog.layouts.count == LayoutCatalog.load(environment: ["KEYBOARDD_LAYOUTS_DIR": "/nonexistent"]).layouts.count)
        #expect(catalog.layouts.count > 20)
    }

    @Test func brokenUserFilesAreSkippedAndReported() throws {
        let user = try TemporaryDirectory()
        try user.write("en-US.yaml", "id: en-US\nname: [\n")
        try user.write("notes.txt", "not a layout")
        let catalog = LayoutCatalog.load(environment: ["KEYBOARDD_LAYOUTS_DIR": user.path])
        // The built-in en-US stays.
        #expect(catalog.layout(id: "en-US")?.name == "English (US)")
        #expect(catalog.diagnostics.count == 1)
        #expect(catalog.diagnostics.first?.file == user.path + "/en-US.yaml")
        #expect(catalog.diagnostics.first?.location?.line == 3)
    }

    @Test func aRepeatedIDWithinOneDirectoryKeepsTheFirstFile() throws {
        let dir = try TemporaryDirectory()
        try dir.write("t.yaml", minimalLayout)
        try dir.write("t.yml", minimalLayout.replacingOccurrences(of: "name: Test", with: "name: Second"))
        let result = LayoutCatalog.loadDirectory(dir.path)
        #expect(result.layouts.map(\.name) == ["Test"])
        #expect(result.diagnostics.map(\.description) == ["\(dir.path)/t.yml:1:5: id: duplicate id 't' (also in \(dir.path)/t.yaml)"])
    }

    @Test("user directory precedence", arguments: [
        (["KEYBOARDD_LAYOUTS_DIR": "/a", "XDG_CONFIG_HOME": "/b", "HOME": "/h"], "/a"),
        (["XDG_CONFIG_HOME": "/b", "HOME": "/h"], "/b/keyboardd/layouts"),
        (["XDG_CONFIG_HOME": "relative", "HOME": "/h"], "/h/.config/keyboardd/layouts"),
        (["HOME": "/h"], "/h/.config/keyboardd/layouts"),
        (["KEYBOARDD_LAYOUTS_DIR": "", "HOME": "/h"], "/h/.config/keyboardd/layouts"),
    ])
    func userDirectory(_ environment: [String: String], _ expected: String) {
        #expect(LayoutCatalog.userDirectory(environment: environment) == expected)
    }

    @Test func xdgConfigHomeIsRead() throws {
        let config = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: config.path + "/keyboardd/layouts", withIntermediateDirectories: true)
        try config.write("keyboardd/layouts/t.yaml", minimalLayout)
        let catalog = LayoutCatalog.load(environment: ["XDG_CONFIG_HOME": config.path])
        #expect(catalog.layout(id: "t")?.file == config.path + "/keyboardd/layouts/t.yaml")
    }

    @Test func theBuiltInDirectoryHoldsTheShippedFiles() throws {
        let directory = try #require(LayoutCatalog.builtInDirectory)
        #expect(LayoutCatalog.layoutFiles(in: directory).count == shippedIDs.count)
    }
}
