/// KeyboardTesting: test a custom keyboard in a few lines (see ``KeyboardTester``).
///
/// The module re-exports KeyboardEmulator, so a test needs only `import Testing` and
/// `import KeyboardTesting` (plus `@testable import` of the keyboard's own module).
@_exported import KeyboardEmulator
