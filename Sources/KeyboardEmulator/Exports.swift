// The view layer is a module of its own, below the core; everything that imports the core sees it, as
// NIO re-exports NIOCore.
@_exported import KeyboardViews
