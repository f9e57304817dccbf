// Key input as one import: the keystroke machinery (xkb → key strokes → presses and operations, terminal
// decoding; no I/O) lives in KeyboardKeystrokes, which KeyboardTesting uses alone so that a user's test
// package builds without swift-system; KeyboardInput adds where the events come from (evdev devices,
// recordings) and brings the rest with it.
@_exported import KeyboardKeystrokes
