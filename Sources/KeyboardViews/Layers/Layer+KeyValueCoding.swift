import Foundation

/// Core Animation's key-value coding: a layer takes a value for any key. A key that names one of its
/// properties sets that property (`"cornerRadius"`, `"opacity"`, `"backgroundColor"`, … as Core Animation
/// spells them: `"hidden"`, not `isHidden`); any other key keeps the value on the layer, as `CALayer` does —
/// where keyboards keep what a button types:
///
/// ```swift
/// button.layer.setValue("é", forKey: "character")
/// let typed = sender.layer.value(forKey: "character") as? String
/// ```
///
/// Only `CALayer`'s own properties are set by name: a subclass's (`strokeEnd` of a shape layer, `colors` of
/// a gradient) are kept as values for their keys, as any other key is. `value(forKey:)` answers a numeric
/// property in its own type (`CGFloat` for `"cornerRadius"`, `Float` for `"opacity"`, `Bool` for `"hidden"`):
/// cast to that type, as Foundation on Linux casts an `Any` only to the number type it holds.
///
/// A number for a numeric property may be any of Swift's numbers or an `NSNumber`. A value of the wrong
/// kind for a property (a string for `"opacity"`) is a programming error, as on iOS, where it raises:
/// it stops the keyboard with a message naming the key and the value's type.
extension Layer {
    /// The value of a property by its Core Animation name, or the value set for any other key (nil if none).
    public func value(forKey key: String) -> Any? {
        switch key {
        case "cornerRadius": cornerRadius
        case "borderWidth": borderWidth
        case "borderColor": borderColor
        case "backgroundColor": backgroundColor
        case "opacity": opacity
        case "hidden": isHidden
        case "masksToBounds": masksToBounds
        case "shadowColor": shadowColor
        case "shadowOpacity": shadowOpacity
        case "shadowOffset": shadowOffset
        case "shadowRadius": shadowRadius
        case "zPosition": zPosition
        case "name": name
        case "frame": frame
        case "bounds": bounds
        case "position": position
        case "anchorPoint": anchorPoint
        default: keyedValues[key]
        }
    }

    /// Sets a property by its Core Animation name, or keeps the value under any other key (nil removes it).
    public func setValue(_ value: Any?, forKey key: String) {
        func number() -> CGFloat { Self.number(value, forKey: key) }
        func color() -> Color? { Self.optional(value, Color.self, forKey: key) }
        switch key {
        case "cornerRadius": cornerRadius = number()
        case "borderWidth": borderWidth = number()
        case "borderColor": borderColor = color()
        case "backgroundColor": backgroundColor = color()
        case "opacity": opacity = Float(number())
        case "hidden": isHidden = number() != 0
        case "masksToBounds": masksToBounds = number() != 0
        case "shadowColor": shadowColor = color()
        case "shadowOpacity": shadowOpacity = Float(number())
        case "shadowOffset": shadowOffset = Self.required(value, CGSize.self, forKey: key)
        case "shadowRadius": shadowRadius = number()
        case "zPosition": zPosition = number()
        case "name": name = Self.optional(value, String.self, forKey: key)
        case "frame": frame = Self.required(value, CGRect.self, forKey: key)
        case "bounds": bounds = Self.required(value, CGRect.self, forKey: key)
        case "position": position = Self.required(value, CGPoint.self, forKey: key)
        case "anchorPoint": anchorPoint = Self.required(value, CGPoint.self, forKey: key)
        default: keyedValues[key] = value
        }
    }

    /// A number or a Boolean for a numeric property.
    private static func number(_ value: Any?, forKey key: String) -> CGFloat {
        switch value {
        case let number as CGFloat: number
        case let number as Double: CGFloat(number)
        case let number as Float: CGFloat(number)
        case let number as Int: CGFloat(number)
        case let flag as Bool: flag ? 1 : 0
        case let number as NSNumber: CGFloat(number.doubleValue)
        default: mismatch(value, forKey: key, expected: "a number")
        }
    }

    private static func optional<Value>(_ value: Any?, _: Value.Type, forKey key: String) -> Value? {
        guard let value else { return nil }
        guard let typed = value as? Value else { mismatch(value, forKey: key, expected: "\(Value.self)") }
        return typed
    }

    private static func required<Value>(_ value: Any?, _: Value.Type, forKey key: String) -> Value {
        guard let typed = value as? Value else { mismatch(value, forKey: key, expected: "\(Value.self)") }
        return typed
    }

    private static func mismatch(_ value: Any?, forKey key: String, expected: String) -> Never {
        let found = value.map { "\(type(of: $0))" } ?? "nil"
        preconditionFailure("CALayer.setValue(_:forKey:): the key '\(key.escapedForMessage())' takes \(expected), not \(found)")
    }
}
