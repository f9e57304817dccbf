import Foundation
import KeyboardViews

/// What the view layer reads of a session: its device in its orientation, and where the layout conflicts
/// of the keyboard's views go.
extension KeyboardSession: ScreenSource {
    package var screenBounds: CGRect { device.screenBounds(in: orientation) }

    package var screenNativeBounds: CGRect {
        CGRect(x: 0, y: 0, width: device.portraitScreenSize.width * device.scale,
               height: device.portraitScreenSize.height * device.scale)
    }

    package var screenScale: CGFloat { device.scale }

    package var screenSafeAreaInsets: EdgeInsets { device.safeAreaInsets(in: orientation) }

    package var applicationResponder: Responder? { application }
}

extension Screen {
    /// The screen of a session (``KeyboardSession/screen``).
    public convenience init(session: KeyboardSession) {
        self.init(source: session)
    }
}
