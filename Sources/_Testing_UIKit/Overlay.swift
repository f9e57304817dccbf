// Swift Testing ships a cross-import overlay for UIKit: a file that imports both `Testing` and `UIKit`
// also imports a module named `_Testing_UIKit`, which exists only on Apple platforms. This empty module
// stands in for it on Linux, so that users' tests can `import Testing` and `import UIKit` together.
