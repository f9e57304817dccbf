import Foundation

/// An SVG drawn by a real SVG renderer (librsvg's `rsvg-convert`, Debian package `librsvg2-bin`) and read
/// back pixel by pixel (`scripts/png-pixels`), so a picture test looks where a person would.
///
/// ```swift
/// let picture = try RenderedPicture(svg: svg, scale: 2)
/// #expect(try picture.pixel(x: 10, y: 10).isWhite)     // in the SVG's points
/// ```
public struct RenderedPicture {
    /// A pixel: red, green, blue and alpha, 0…255.
    public struct Pixel: Equatable, CustomStringConvertible {
        public var red, green, blue, alpha: Int
        public var isWhite: Bool { red > 240 && green > 240 && blue > 240 && alpha > 240 }
        public var isTransparent: Bool { alpha < 16 }
        public var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }
        /// Whether the pixel is within `tolerance` of a colour given as 0…255 components.
        public func isClose(to red: Int, _ green: Int, _ blue: Int, tolerance: Int = 12) -> Bool {
            abs(self.red - red) <= tolerance && abs(self.green - green) <= tolerance && abs(self.blue - blue) <= tolerance
        }
    }

    public enum Failure: Error, CustomStringConvertible {
        case renderer(String)
        public var description: String { switch self { case .renderer(let message): message } }
    }

    private let png: URL
    /// Pixels per point.
    public let scale: Double

    /// Renders the SVG to a PNG at `scale` pixels per point.
    public init(svg: String, scale: Double = 2) throws {
        self.scale = scale
        let directory = try TemporaryDirectory("kbd-picture")
        let source = directory.url.appendingPathComponent("picture.svg")
        png = directory.url.appendingPathComponent("picture.png")
        try Data(svg.utf8).write(to: source)
        let result = try Self.run("/usr/bin/rsvg-convert", ["--zoom", String(scale), "--format", "png", "--output", png.path, source.path])
        guard result.status == 0 else { throw Failure.renderer("rsvg-convert failed (\(result.status)): \(result.output)") }
        directoryKeeper = directory
    }

    private let directoryKeeper: TemporaryDirectory

    /// The pixel at a point of the SVG (in its points).
    public func pixel(x: Double, y: Double) throws -> Pixel {
        try pixels([(x, y)])[0]
    }

    /// The pixels at points of the SVG (in its points).
    public func pixels(_ points: [(Double, Double)]) throws -> [Pixel] {
        let arguments = [png.path] + points.flatMap { [String(Int($0.0 * scale)), String(Int($0.1 * scale))] }
        let result = try Self.run(TestPaths.package("scripts/png-pixels").path, arguments)
        guard result.status == 0 else { throw Failure.renderer("png-pixels failed (\(result.status)): \(result.output)") }
        return result.output.split(separator: "\n").map { line in
            let values = line.split(separator: " ").compactMap { Int($0) }
            return Pixel(red: values[0], green: values[1], blue: values[2], alpha: values[3])
        }
    }

    private static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
