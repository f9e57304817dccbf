// Swift Testing ships a cross-import overlay for Core Graphics: a file that imports both `Testing` and
// `CoreGraphics` (or `UIKit`, which re-exports it) also imports a module named `_Testing_CoreGraphics`, which
// exists only on Apple platforms. This empty module stands in for it on Linux (as `_Testing_UIKit` does
// for UIKit), so that users' tests can `import Testing` beside `import UIKit` or `import CoreGraphics`.
