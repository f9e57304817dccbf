import Foundation
import KeyboardViews

extension TraitCollection {
    /// The traits of a device held in an orientation, showing a keyboard with an appearance, in the layout
    /// direction of its language.
    public init(device: DeviceProfile, orientation: InterfaceOrientation, appearance: KeyboardAppearance,
                layoutDirection: LayoutDirection = .leftToRight) {
        let largePhone = device.idiom == .phone && device.portraitScreenSize.height >= 896
        self.init(
            userInterfaceIdiom: device.idiom == .pad ? .pad : .phone,
            userInterfaceStyle: appearance == .dark ? .dark : .light,
            horizontalSizeClass: device.idiom == .pad || (orientation.isLandscape && largePhone) ? .regular : .compact,
            verticalSizeClass: device.idiom == .phone && orientation.isLandscape ? .compact : .regular,
            displayScale: device.scale, layoutDirection: layoutDirection)
    }
}
