import Foundation
import Glibc
import KeyboardDaemon
import TestSupport
import Testing
import XKBCommon

/// Compiled keymaps kept in the cache folder: read back by the next process, compiled over when they are
/// not keymaps, never a reason to fail.
@Suite struct KeymapFileStoreTests {
    static let us = RMLVO(layout: "us")
    static let xkbRoot = "/usr/share/X11/xkb"

    static func context() throws -> XKBContext {
        let context = try XKBContext(flags: .noEnvironmentNames)
        context.setLogLevel(.critical)   // the corrupt entries below would be logged otherwise
        return context
    }

    static func entries(_ directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".xkb") }
    }

    @Test("A compiled keymap is kept, and the next cache reads the entry instead of compiling")
    func keptAndReadBack() throws {
        let folder = try TemporaryDirectory("keymaps")
        let directory = folder.path + "/xkb"
        let first = KeymapCache(context: try Self.context(), store: KeymapFileStore(directory: directory, includePaths: [Self.xkbRoot]))
        let compiled = try first.keymap(for: Self.us)
        let entries = Self.entries(directory)
        try #require(entries.count == 1)
        let path = directory + "/" + entries[0]
        let kept = try String(contentsOfFile: path, encoding: .utf8)
        #expect(kept.hasPrefix("keyboardd keymap: rules= model= layout=us variant= options= data: \(Self.xkbRoot)["))
        #expect(kept.hasSuffix(compiled.text))

        // Plant German under the same key: a cache that reads the entry gets German for "us".
        let german = try XKBKeymap(context: try Self.context(), names: RMLVO(layout: "de")).text
        let header = kept.prefix { $0 != "\n" } + "\n"
        try Data((header + german).utf8).write(to: URL(fileURLWithPath: path))
        let second = KeymapCache(context: try Self.context(), store: KeymapFileStore(directory: directory, includePaths: [Self.xkbRoot]))
        #expect(try second.keymap(for: Self.us).layoutName(0) == "German")
    }

    @Test("An entry that is not a keymap is compiled over and rewritten", arguments: [
        "keyboardd keymap: garbage\n", "", "xkb_keymap { this is not one",
    ])
    func corruptEntry(contents: String) throws {
        let folder = try TemporaryDirectory("keymaps")
        let store = KeymapFileStore(directory: folder.path, includePaths: [Self.xkbRoot])
        _ = try KeymapCache(context: try Self.context(), store: store).keymap(for: Self.us)
        let path = folder.path + "/" + Self.entries(folder.path)[0]
        let good = try String(contentsOfFile: path, encoding: .utf8)
        // The right header with a broken body, and files that have no header at all.
        let broken = contents.hasPrefix("keyboardd") ? String(good.prefix { $0 != "\n" }) + "\n" + contents : contents
        try Data(broken.utf8).write(to: URL(fileURLWithPath: path))

        let keymap = try KeymapCache(context: try Self.context(), store: store).keymap(for: Self.us)
        #expect(keymap.layoutName(0) == "English (US)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == good)
    }

    @Test("A cache folder that cannot be made costs the cache, not the keymap")
    func unusableFolder() throws {
        let folder = try TemporaryDirectory("keymaps")
        let file = try folder.write("a-file", "not a folder")
        let store = KeymapFileStore(directory: file + "/xkb", includePaths: [Self.xkbRoot])
        let keymap = try KeymapCache(context: try Self.context(), store: store).keymap(for: Self.us)
        #expect(keymap.layoutName(0) == "English (US)")
        #expect(store.text(forKey: KeymapCache.storeKey(for: Self.us, in: try Self.context())) == nil)
    }

    @Test("Other xkb data, or an entry over 1 MiB, is not read")
    func otherDataAndOversizedEntries() throws {
        let folder = try TemporaryDirectory("keymaps")
        let data = try TemporaryDirectory("xkb-data")
        try FileManager.default.createDirectory(atPath: data.path + "/symbols", withIntermediateDirectories: true)
        let key = KeymapCache.storeKey(for: Self.us, in: try Self.context())
        let before = KeymapFileStore(directory: folder.path, includePaths: [data.path])
        before.store("xkb_keymap {};", forKey: key)
        #expect(before.text(forKey: key) == "xkb_keymap {};")

        // A package upgrade replaces files: a folder's contents change, and so does the identity.
        try data.write("symbols/us", "// new")
        #expect(KeymapFileStore(directory: folder.path, includePaths: [data.path]).text(forKey: key) == nil)

        let large = String(repeating: "x", count: KeymapFileStore.maximumSize)
        before.store(large, forKey: key)
        #expect(before.text(forKey: key) == nil)
    }

    @Test("The folder follows XDG_CACHE_HOME, else HOME; relative values are ignored")
    func folder() {
        #expect(KeymapFileStore.cacheDirectory(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]) == "/c/keyboardd/xkb")
        #expect(KeymapFileStore.cacheDirectory(environment: ["XDG_CACHE_HOME": "c", "HOME": "/h"]) == "/h/.cache/keyboardd/xkb")
    }

    @Test("An entry's name taken by a link is replaced, never written through: the link's target keeps its bytes")
    func aLinkAtAnEntryIsNotWrittenThrough() throws {
        let folder = try TemporaryDirectory("keymaps-link")
        let directory = folder.path + "/xkb"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        // Learn the entry's name, then put a link to someone's file in its place.
        let first = KeymapCache(context: try Self.context(), store: KeymapFileStore(directory: directory, includePaths: [Self.xkbRoot]))
        _ = try first.keymap(for: Self.us)
        let name = try #require(Self.entries(directory).first)
        try FileManager.default.removeItem(atPath: directory + "/" + name)
        let victim = folder.path + "/victim"
        try Data("someone's file".utf8).write(to: URL(fileURLWithPath: victim))
        #expect(symlink(victim, directory + "/" + name) == 0)
        let second = KeymapCache(context: try Self.context(), store: KeymapFileStore(directory: directory, includePaths: [Self.xkbRoot]))
        _ = try second.keymap(for: Self.us)
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "someone's file")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).allSatisfy { !$0.hasSuffix(".tmp") },
                "no temporary file is left behind")
    }
}
