/// A back reference that neither keeps its object alive nor costs reference counting to use: for the
/// references the typing path reads on every key (a keyboard's session, a proxy's session).
///
/// The object's owner clears the reference before the object goes away (``KeyboardSession`` does, when it
/// lets a keyboard or proxy go and in its `deinit`), and the object outlives every call lent through it
/// (a session is never released by its own keyboard's or proxy's calls into it). It is kept `Unmanaged` and lends the object
/// out without a retain (``with(_:)``): `KeyboardSession.current` refers to the session weakly, which puts
/// the session's reference count in a side table, where every retain and release takes the slow path —
/// on each read of an `unowned` reference, two reads per keystroke (BENCHMARKS.md). Debug and
/// release builds run this same code, so the tests run the path a release replay takes.
struct UnownedReference<Object: AnyObject> {
    private var unmanaged: Unmanaged<Object>?

    var object: Object? {
        get { unmanaged?.takeUnretainedValue() }
        set { unmanaged = newValue.map { .passUnretained($0) } }
    }

    init(_ object: Object?) {
        self.object = object
    }

    /// Runs `body` with the object if there is one, without retaining it.
    @inline(__always)
    func with<Result>(_ body: (Object) -> Result) -> Result? {
        return unmanaged?._withUnsafeGuaranteedRef(body)
    }
}
