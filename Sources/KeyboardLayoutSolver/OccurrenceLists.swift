/// For each symbol, the row slots it may occur in: what lets a substitution visit only the rows that
/// hold the symbol instead of every row.
///
/// The lists are kept loosely — a superset, possibly with repeats: a slot is added when a merge brings
/// the symbol into a row and is not removed when a coefficient cancels, and a slot may outlive its row.
/// Readers check each slot (a substitution or ratio test skips rows where the coefficient is zero, which
/// also makes a repeat harmless); ``compact(_:keeping:)`` makes a list exact where repeats would matter,
/// and is due once a list has grown well past its size when last exact (see `List.limit`), which bounds
/// the waste.
///
/// All lists share one pool of nodes (singly linked, with a free list) rather than an array per symbol:
/// a keyboard's tableau has well over a thousand symbols, and growing an array for each made thousands
/// of allocations per layout.
///
/// A symbol's list may also be untracked (see ``isTracked(_:)``): appends skip it, and it says nothing.
/// The tableau leaves required equalities' dummies untracked while a layout is first built — they are
/// nine cells in ten of a keyboard's tableau (every frame hangs on a chain of them), yet only a change
/// to, or removal of, their own constraint ever asks which rows hold them — and lists them all in one
/// pass over the rows when that first happens (``Tableau/trackOccurrences(of:)``).
struct OccurrenceLists: Sendable {
    private struct Node: Sendable {
        var slot: Int32
        var next: Int32
    }

    private struct List: Sendable {
        /// The first node, or -1.
        var head: Int32 = -1
        /// How many nodes the list holds (repeats and stale ones included).
        var count: Int32 = 0
        /// The length past which the list should be compacted: eight times what the last compaction kept
        /// (at least ``OccurrenceLists/minimumLimit``), so compaction costs O(1) per append, amortised.
        /// Lists are mostly exact (entries go stale only when a coefficient cancels), so compacting
        /// early would mostly re-check live entries: a dummy of a keyboard's root width is in hundreds
        /// of rows, legitimately.
        var limit: Int32 = OccurrenceLists.minimumLimit
        /// Whether appends keep this list (see the type's comment).
        var isTracked = true
    }

    private static let minimumLimit: Int32 = 64

    private var lists: [List] = []
    private var nodes: [Node] = []
    /// The first node of the free list (nodes given back by ``clear(_:)`` and ``compact(_:keeping:)``),
    /// or -1.
    private var freeNode: Int32 = -1
    /// How many nodes the free list holds.
    private var freeCount = 0
    /// Nodes from here to the end of `nodes` have never been used: taken before the array grows.
    private var unused = 0
    /// Per slot: the epoch of the last compaction that kept it, to drop repeats.
    private var seen: [UInt32] = []
    private var epoch: UInt32 = 0
    /// Symbols whose lists outgrew their limits (see ``append(_:toSymbolsOf:onlyNew:)``).
    private var overfullSymbols: [Symbol] = []

    /// Adds an empty list for a new symbol, tracked or not.
    mutating func appendSymbol(tracked: Bool) {
        lists.append(List(isTracked: tracked))
    }

    /// Empties `symbol`'s list and sets whether it is tracked (for a reused symbol id).
    mutating func reset(_ symbol: Symbol, tracked: Bool) {
        clear(symbol)
        lists[symbol.index].isTracked = tracked
    }

    /// Whether appends keep `symbol`'s list; an untracked list is empty and says nothing.
    func isTracked(_ symbol: Symbol) -> Bool { lists[symbol.index].isTracked }

    /// Starts tracking `symbol`'s list (its rows are then to be appended by the caller).
    mutating func startTracking(_ symbol: Symbol) {
        lists[symbol.index].isTracked = true
    }

    /// Drops the lists of the symbols from `count` on (a rolled-back transaction made them).
    mutating func truncate(toSymbolCount count: Int) {
        guard count < lists.count else { return }
        for index in count..<lists.count {
            clear(Symbol(id: Int32(index)))
        }
        lists.removeLast(lists.count - count)
    }

    /// The length of `symbol`'s list: an upper bound on the rows holding it.
    func count(of symbol: Symbol) -> Int { Int(lists[symbol.index].count) }

    /// Notes that the row at `slot` may hold `symbol`.
    ///
    /// - Returns: whether the list has grown past its limit and should be compacted.
    @discardableResult
    mutating func append(_ slot: Int32, to symbol: Symbol) -> Bool {
        guard lists[symbol.index].isTracked else { return false }
        reserveNodes(1)
        let node: Int32
        if freeNode >= 0 {
            node = freeNode
            freeNode = nodes[Int(node)].next
            freeCount -= 1
        } else {
            node = Int32(unused)
            unused += 1
        }
        nodes[Int(node)] = Node(slot: slot, next: lists[symbol.index].head)
        lists[symbol.index].head = node
        lists[symbol.index].count += 1
        return lists[symbol.index].count > lists[symbol.index].limit
    }

    /// Notes that the row at `slot` may hold the symbols of `cells` (only those marked ``Cell/isNew``
    /// when `onlyNew`), in one pass over the storage.
    ///
    /// - Returns: whether some list has grown past its limit; ``takeOverfull()`` names them.
    mutating func append(_ slot: Int32, toSymbolsOf cells: [Cell], onlyNew: Bool) -> Bool {
        reserveNodes(cells.count)
        var overfull = false
        var free = freeNode
        var recycled = 0
        var fresh = unused
        nodes.withUnsafeMutableBufferPointer { nodes in
            lists.withUnsafeMutableBufferPointer { lists in
                for cell in cells where !onlyNew || cell.isNew {
                    let index = cell.symbol.index
                    guard lists[index].isTracked else { continue }
                    let node: Int32
                    if free >= 0 {
                        node = free
                        free = nodes[Int(node)].next
                        recycled += 1
                    } else {
                        node = Int32(fresh)
                        fresh += 1
                    }
                    nodes[Int(node)] = Node(slot: slot, next: lists[index].head)
                    lists[index].head = node
                    lists[index].count += 1
                    if lists[index].count > lists[index].limit {
                        overfull = true
                        overfullSymbols.append(cell.symbol)
                    }
                }
            }
        }
        freeNode = free
        freeCount -= recycled
        unused = fresh
        return overfull
    }

    /// Makes sure `count` nodes can be taken (from the free list or the unused tail) without the array
    /// growing, growing it geometrically when needed.
    @inline(__always)
    private mutating func reserveNodes(_ count: Int) {
        guard freeCount + nodes.count - unused < count else { return }
        nodes.append(contentsOf: Array(repeating: Node(slot: -1, next: -1), count: max(count, nodes.count, 64)))
    }

    /// Raises `symbol`'s limit to `length`: its list is long but may be exact, so compacting it now
    /// would not pay.
    mutating func postpone(_ symbol: Symbol, until length: Int) {
        lists[symbol.index].limit = max(lists[symbol.index].limit, Int32(clamping: length))
    }

    /// The symbols whose lists outgrew their limits since the last call.
    mutating func takeOverfull() -> [Symbol] {
        defer { overfullSymbols.removeAll() }
        return overfullSymbols
    }

    /// Empties `symbol`'s list.
    mutating func clear(_ symbol: Symbol) {
        let head = lists[symbol.index].head
        lists[symbol.index] = List(isTracked: lists[symbol.index].isTracked)
        guard head >= 0 else { return }
        var node = head
        var returned = 1
        while true {
            let next = nodes[Int(node)].next
            if next < 0 { break }
            node = next
            returned += 1
        }
        nodes[Int(node)].next = freeNode
        freeNode = head
        freeCount += returned
    }

    /// Keeps, once each, the slots of `symbol`'s list for which `holds` is true: the list is then exact.
    mutating func compact(_ symbol: Symbol, keeping holds: (Int32) -> Bool) {
        epoch &+= 1
        if epoch == 0 {
            for index in seen.indices { seen[index] = 0 }
            epoch = 1
        }
        var previous: Int32 = -1
        var node = lists[symbol.index].head
        var kept: Int32 = 0
        while node >= 0 {
            let slot = nodes[Int(node)].slot
            let next = nodes[Int(node)].next
            let index = Int(slot)
            if index >= seen.count { seen.append(contentsOf: repeatElement(0, count: index + 1 - seen.count)) }
            if seen[index] != epoch, holds(slot) {
                seen[index] = epoch
                previous = node
                kept += 1
            } else {
                if previous >= 0 { nodes[Int(previous)].next = next } else { lists[symbol.index].head = next }
                nodes[Int(node)].next = freeNode
                freeNode = node
                freeCount += 1
            }
            node = next
        }
        lists[symbol.index].count = kept
        lists[symbol.index].limit = max(Self.minimumLimit, 8 * kept)
    }

    // A cursor, for walking a list while changing the tableau (which may append to other lists, never
    // to this one, and leaves existing nodes in place): `var node = first(of: s)`, then
    // `let (slot, next) = entry(node)` until `node` is -1.

    /// The first node of `symbol`'s list, or -1.
    func first(of symbol: Symbol) -> Int32 { lists[symbol.index].head }

    /// A node's slot and the next node (-1 at the end).
    func entry(_ node: Int32) -> (slot: Int32, next: Int32) {
        let current = nodes[Int(node)]
        return (current.slot, current.next)
    }
}
