// Uniform type identifiers (`import UniformTypeIdentifiers`), as keyboards name what they put on the
// pasteboard (`UIPasteboard.general.setData(png, forPasteboardType: UTType.png.identifier)`): the system's
// common types with their identifiers, file name extensions, MIME types and conformances.
import Foundation

/// A uniform type (`UTType`): an identifier, where it sits in the conformance tree, and its preferred
/// file name extension and MIME type.
///
/// ```swift
/// UTType.png.identifier                       // "public.png"
/// UTType.png.conforms(to: .image)             // true
/// UTType(filenameExtension: "txt") == .plainText
/// ```
public struct UTType: Hashable, Sendable, CustomStringConvertible {
    public let identifier: String
    public let preferredFilenameExtension: String?
    public let preferredMIMEType: String?
    /// The types this one conforms to directly.
    private let parents: [String]

    private init(_ identifier: String, _ parents: [String], extension: String? = nil, mime: String? = nil) {
        self.identifier = identifier
        self.parents = parents
        self.preferredFilenameExtension = `extension`
        self.preferredMIMEType = mime
    }

    /// The type of an identifier: a system type as the system declares it, any other well-formed identifier
    /// as a type of its own (UIKit's "dynamic" types); `nil` for an empty one.
    public init?(_ identifier: String) {
        guard !identifier.isEmpty, !identifier.contains(where: \.isWhitespace) else { return nil }
        self = Self.known[identifier.lowercased()] ?? UTType(identifier, ["public.data"])
    }

    /// The system type for a file name extension (case-insensitive; the other extensions of a type too:
    /// `jpg`, `htm`, `tif`, `text`).
    public init?(filenameExtension: String) {
        let lowered = filenameExtension.lowercased()
        let wanted = Self.extensionAliases[lowered] ?? lowered
        guard let type = Self.all.first(where: { $0.preferredFilenameExtension == wanted }) else { return nil }
        self = type
    }

    /// Extensions that name a type whose preferred extension is another.
    private static let extensionAliases = ["jpg": "jpeg", "htm": "html", "tif": "tiff", "text": "txt", "m4v": "mp4"]

    /// The system type for a MIME type (case-insensitive).
    public init?(mimeType: String) {
        let wanted = mimeType.lowercased()
        guard let type = Self.all.first(where: { $0.preferredMIMEType == wanted }) else { return nil }
        self = type
    }

    public var description: String { identifier }

    /// Every type this one conforms to, itself excluded.
    public var supertypes: Set<UTType> {
        var found: Set<UTType> = []
        var pending = parents
        while let next = pending.popLast() {
            guard let type = Self.known[next], found.insert(type).inserted else { continue }
            pending += type.parents
        }
        return found
    }

    /// Whether this type is `type` or conforms to it.
    public func conforms(to type: UTType) -> Bool {
        self == type || supertypes.contains(type)
    }

    /// Whether `type` conforms to this one.
    public func isSupertype(of type: UTType) -> Bool { type.conforms(to: self) }

    /// Whether this one conforms to `type`, and is not it.
    public func isSubtype(of type: UTType) -> Bool { self != type && conforms(to: type) }

    public static func == (lhs: UTType, rhs: UTType) -> Bool { lhs.identifier == rhs.identifier }
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }

    // MARK: The system's types

    public static let item = UTType("public.item", [])
    public static let content = UTType("public.content", ["public.item"])
    public static let data = UTType("public.data", ["public.item"])
    public static let text = UTType("public.text", ["public.data", "public.content"])
    public static let plainText = UTType("public.plain-text", ["public.text"], extension: "txt", mime: "text/plain")
    public static let utf8PlainText = UTType("public.utf8-plain-text", ["public.plain-text"])
    public static let utf16PlainText = UTType("public.utf16-plain-text", ["public.plain-text"])
    public static let rtf = UTType("public.rtf", ["public.text"], extension: "rtf", mime: "text/rtf")
    public static let html = UTType("public.html", ["public.text"], extension: "html", mime: "text/html")
    public static let xml = UTType("public.xml", ["public.text"], extension: "xml", mime: "application/xml")
    public static let json = UTType("public.json", ["public.text"], extension: "json", mime: "application/json")
    public static let sourceCode = UTType("public.source-code", ["public.plain-text"])
    public static let swiftSource = UTType("public.swift-source", ["public.source-code"], extension: "swift")
    public static let url = UTType("public.url", ["public.data"])
    public static let fileURL = UTType("public.file-url", ["public.url"])
    public static let image = UTType("public.image", ["public.data", "public.content"])
    public static let png = UTType("public.png", ["public.image"], extension: "png", mime: "image/png")
    public static let jpeg = UTType("public.jpeg", ["public.image"], extension: "jpeg", mime: "image/jpeg")
    public static let gif = UTType("com.compuserve.gif", ["public.image"], extension: "gif", mime: "image/gif")
    public static let heic = UTType("public.heic", ["public.image"], extension: "heic", mime: "image/heic")
    public static let webP = UTType("org.webmproject.webp", ["public.image"], extension: "webp", mime: "image/webp")
    public static let tiff = UTType("public.tiff", ["public.image"], extension: "tiff", mime: "image/tiff")
    public static let svg = UTType("public.svg-image", ["public.image"], extension: "svg", mime: "image/svg+xml")
    public static let pdf = UTType("com.adobe.pdf", ["public.data", "public.content"], extension: "pdf", mime: "application/pdf")
    public static let audiovisualContent = UTType("public.audiovisual-content", ["public.data", "public.content"])
    public static let movie = UTType("public.movie", ["public.audiovisual-content"])
    public static let video = UTType("public.video", ["public.movie"])
    public static let audio = UTType("public.audio", ["public.audiovisual-content"])
    public static let mp3 = UTType("public.mp3", ["public.audio"], extension: "mp3", mime: "audio/mpeg")
    public static let mpeg4Movie = UTType("public.mpeg-4", ["public.movie"], extension: "mp4", mime: "video/mp4")
    public static let quickTimeMovie = UTType("com.apple.quicktime-movie", ["public.movie"], extension: "mov", mime: "video/quicktime")
    public static let zip = UTType("public.zip-archive", ["public.data"], extension: "zip", mime: "application/zip")
    public static let vCard = UTType("public.vcard", ["public.text"], extension: "vcf", mime: "text/vcard")
    public static let directory = UTType("public.directory", ["public.item"])
    public static let folder = UTType("public.folder", ["public.directory"])

    private static let all: [UTType] = [
        item, content, data, text, plainText, utf8PlainText, utf16PlainText, rtf, html, xml, json, sourceCode,
        swiftSource, url, fileURL, image, png, jpeg, gif, heic, webP, tiff, svg, pdf, audiovisualContent, movie,
        video, audio, mp3, mpeg4Movie, quickTimeMovie, zip, vCard, directory, folder,
    ]

    private static let known: [String: UTType] = Dictionary(uniqueKeysWithValues: all.map { ($0.identifier, $0) })
}
