/// For each symbol, the row slots it may occur in: what lets a substitution visit only the rows that
/// hold the symbol instead of every row.
///
/// The lists are kept loosely — a superset, possibly with repeats: a slot is added when a merge brings
/// the symbol into a row and is not removed when a coefficient cancels, and a slot may outlive its row.
/// Readers check each slot (a substitution or ratio test skips rows where the coefficient is zero, which
/// also makes a repeat harmless); ``compact(_:keeping:)`` makes a list exact where repeats would matter,
/// and is due once a list has grown eightfold since it was last exact, which bounds the waste.
///
/// All lists share one pool of nodes (singly linked, with a free list) rather than an array per symbol:
/// a keyboard's tableau has well over a thousand symbols, and growing an array for each made thousands
/// of allocations per layout.
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
    }

    private static let minimumLimit: Int32 = 64

    private var lists: [List] = []
    private var nodes: [Node] = []
    /// The first free node, or -1.
    private var freeNode: Int32 = -1
    /// Per slot: the epoch of the last compaction that kept it, to drop repeats.
    private var seen: [UInt32] = []
    private var epoch: UInt32 = 0
    /// Symbols whose lists outgrew their limits (see ``append(_:toEach:)``).
    private var overfullSymbols: [Symbol] = []

    /// Adds an empty list for a new symbol.
    mutating func appendSymbol() {
        lists.append(List())
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
        let node: Int32
        let head = lists[symbol.index].head
        if freeNode >= 0 {
            node = freeNode
            freeNode = nodes[Int(node)].next
            nodes[Int(node)] = Node(slot: slot, next: head)
        } else {
            node = Int32(nodes.count)
            nodes.append(Node(slot: slot, next: head))
        }
        lists[symbol.index].head = node
        lists[symbol.index].count += 1
        return lists[symbol.index].count > lists[symbol.index].limit
    }

    /// Notes that the row at `slot` may hold each of `symbols` (the newcomers of a merge), in one pass
    /// over the storage.
    ///
    /// - Returns: whether some list has grown past its limit; ``takeOverfull()`` names them.
    mutating func append(_ slot: Int32, toEach symbols: [Symbol]) -> Bool {
        guard !symbols.isEmpty else { return false }
        // Make room first, so the loop below writes through buffers without growth or uniqueness checks.
        var fromPool = 0
        var free = freeNode
        while free >= 0, fromPool < symbols.count {
            free = nodes[Int(free)].next
            fromPool += 1
        }
        let fresh = symbols.count - fromPool
        if fresh > 0 {
            nodes.append(contentsOf: repeatElement(Node(slot: -1, next: -1), count: fresh))
        }
        var freshNode = Int32(nodes.count - fresh)
        var overfull = false
        nodes.withUnsafeMutableBufferPointer { nodes in
            lists.withUnsafeMutableBufferPointer { lists in
                for symbol in symbols {
                    let node: Int32
                    if freeNode >= 0 {
                        node = freeNode
                        freeNode = nodes[Int(node)].next
                    } else {
                        node = freshNode
                        freshNode += 1
                    }
                    let index = symbol.index
                    nodes[Int(node)] = Node(slot: slot, next: lists[index].head)
                    lists[index].head = node
                    lists[index].count += 1
                    if lists[index].count > lists[index].limit {
                        overfull = true
                        overfullSymbols.append(symbol)
                    }
                }
            }
        }
        return overfull
    }

    /// The symbols whose lists outgrew their limits since the last call.
    mutating func takeOverfull() -> [Symbol] {
        defer { overfullSymbols.removeAll() }
        return overfullSymbols
    }

    /// Empties `symbol`'s list.
    mutating func clear(_ symbol: Symbol) {
        let head = lists[symbol.index].head
        lists[symbol.index] = List()
        guard head >= 0 else { return }
        var node = head
        while true {
            let next = nodes[Int(node)].next
            if next < 0 { break }
            node = next
        }
        nodes[Int(node)].next = freeNode
        freeNode = head
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
            }
            node = next
        }
        lists[symbol.index].count = kept
        lists[symbol.index].limit = max(Self.minimumLimit, 8 * kept)
    }

    /// Calls `body` with each slot of `symbol`'s list, in list order.
    func forEach(_ symbol: Symbol, _ body: (Int32) -> Void) {
        var node = lists[symbol.index].head
        while node >= 0 {
            let current = nodes[Int(node)]
            body(current.slot)
            node = current.next
        }
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
