/// Where compiled keymaps are kept between processes: ``KeymapCache`` asks it before compiling a set of
/// names, and hands it what it compiled. Reading a kept keymap (`xkb_keymap_new_from_string`) takes about
/// half the time of compiling one from the rules.
///
/// A store costs speed, never correctness: the cache checks every entry by reading it as a keymap, and a
/// store that cannot read or write says nothing (the cache compiles as if it were empty).
public protocol KeymapStore: AnyObject, Sendable {
    /// The keymap text kept for `key`, if any.
    func text(forKey key: String) -> String?
    /// Keeps `text` for `key`, replacing what was kept.
    func store(_ text: String, forKey key: String)
}
