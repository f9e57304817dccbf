import Foundation
import KeyboardEmulator
import KeyboardJSON

extension JSONValue {
    /// A rectangle as `{"x":…,"y":…,"width":…,"height":…}` (points, screen coordinates).
    public static func rect(_ rect: CGRect) -> JSONValue {
        ["x": .number(rect.minX), "y": .number(rect.minY), "width": .number(rect.width), "height": .number(rect.height)]
    }
}
