/// An object's address as Objective-C prints it (`0x600003e1c000`), for `NSObject`-style descriptions.
func objectAddress(_ object: AnyObject) -> String {
    "0x" + String(UInt(bitPattern: ObjectIdentifier(object).hashValue), radix: 16)
}
