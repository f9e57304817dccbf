/// The simplex tableau in Cassowary's basic feasible solved form: every basic symbol has a row over the
/// parametric (non-basic) symbols, every restricted basic symbol's row has a non-negative constant, and
/// the objective is written over parametric symbols only. A parametric symbol's value is zero, so a
/// basic symbol's value is its row's constant.
///
/// Everything is an array indexed by symbol id or row slot: the rows, each symbol's kind and row, and —
/// what makes adding a constraint cost what it touches rather than the size of the tableau — for each
/// symbol the slots of the rows it occurs in (``OccurrenceLists``), so a substitution visits only those
/// rows instead of every row as kiwi does.
///
/// A change that can fail (a required constraint that turns out unsatisfiable) runs as a transaction and
/// is undone exactly (`Tableau+Journal.swift`).
///
/// The storage is internal rather than private only so that the type's extensions in other files (the
/// journal, the simplex, constraints) can reach it; nothing outside `Tableau` writes it.
struct Tableau: Sendable {
    // MARK: Symbols

    /// Each symbol's kind.
    var kinds: [SymbolKind] = []
    /// Each symbol's owner: the constraint slot of a marker or error, -1 for externals and freed symbols.
    var owners: [Int32] = []
    /// Each symbol's row slot when basic, -1 when parametric.
    var basicSlots: [Int32] = []
    /// Each symbol's row slots (a superset of the rows holding it; see the type's comment).
    var occurrences = OccurrenceLists()
    /// Ids of freed symbols, reused before the arrays grow, so a long session of adding and removing
    /// constraints keeps the arrays at the size of its largest moment.
    var freeSymbols: [Int32] = []
    /// Whether dummies' occurrence lists are kept. They are not while a layout is first built (they are
    /// nine cells in ten, and building never asks for them); the first change to, or removal of, a
    /// required equality lists them all in one pass over the rows, and from then on they are kept.
    private(set) var tracksDummies = false

    // MARK: Rows

    /// The rows, by slot. A free slot holds an empty row whose basic symbol is ``Symbol/none``.
    var rows: [Row] = []
    var freeSlots: [Int32] = []

    // MARK: Objectives

    /// The real objective, one row per optional priority. It tracks which columns changed since it was
    /// last optimal: when none did (a required row whose subject it does not mention was added), the
    /// optimisation is skipped.
    var objective = Objective()
    /// The phase-one objective while a constraint is added through an artificial variable.
    var artificial: Row?
    /// Slots of restricted rows whose constants went negative (or dummy rows whose constants left zero):
    /// the work list of the dual simplex.
    var infeasibleSlots: [Int32] = []

    // MARK: Scratch and undo

    /// Buffers for merges (see ``Row/add(_:times:skipping:scratch:)`` and ``makeRow(for:)``);
    /// their contents mean nothing between calls.
    private var scratch: [Cell] = []
    private var backScratch: [Cell] = []
    /// What to restore if the current transaction fails (see `Tableau+Journal.swift`).
    var journal: Journal?
    /// Per slot: the transaction in which the row was last saved to the journal.
    var journalStamps: [UInt32] = []
    var transaction: UInt32 = 0

    /// How many live rows the tableau holds.
    var rowCount = 0

    init() {}

    // MARK: Queries

    /// The value of `symbol` in the current solution: its row's constant when basic, else zero.
    func value(of symbol: Symbol) -> Double {
        let slot = basicSlots[symbol.index]
        return slot < 0 ? 0 : rows[Int(slot)].constant
    }

    /// A bound on the pivots one operation may take: Bland's rule terminates in exact arithmetic, and this
    /// keeps rounding from turning that into a hang. It grows with the tableau, far above what layouts use.
    var pivotLimit: Int { 1_000 + 20 * (rowCount + kinds.count - freeSymbols.count) }

    // MARK: Symbols

    /// Makes a symbol of `kind`, owned by constraint slot `owner` (or -1).
    mutating func makeSymbol(_ kind: SymbolKind, owner: Int32) -> Symbol {
        if let id = freeSymbols.popLast() {
            let index = Int(id)
            kinds[index] = kind
            owners[index] = owner
            basicSlots[index] = -1
            occurrences.reset(Symbol(id: id), tracked: kind != .dummy || tracksDummies)
            return Symbol(id: id)
        }
        let symbol = Symbol(id: Int32(kinds.count))
        kinds.append(kind)
        owners.append(owner)
        basicSlots.append(-1)
        occurrences.appendSymbol(tracked: kind != .dummy || tracksDummies)
        return symbol
    }

    /// Returns a symbol's id for reuse. The symbol must hold no row and occur in none; any rounding
    /// residue in the objectives is dropped with it.
    mutating func freeSymbol(_ symbol: Symbol) {
        let index = symbol.index
        owners[index] = -1
        basicSlots[index] = -1
        occurrences.clear(symbol)
        objective.remove(symbol)
        artificial?.remove(symbol)
        freeSymbols.append(symbol.id)
    }

    // MARK: Rows

    /// Puts `row` (already solved for its basic symbol) into the tableau and substitutes it for its
    /// basic symbol everywhere else. A `fresh` symbol (made for this row) is in no other row, so only the
    /// objectives are looked at: for a new dummy, whose rows are otherwise not tracked, that saves
    /// listing every dummy (see ``tracksDummies``).
    @discardableResult
    mutating func install(_ row: Row, fresh: Bool = false) -> Int32 {
        let slot: Int32
        if let free = freeSlots.popLast() {
            slot = free
            willModify(slot)
            rows[Int(slot)] = row
        } else {
            slot = Int32(rows.count)
            rows.append(row)
            journalStamps.append(0)
            willModify(slot)
        }
        rowCount += 1
        basicSlots[row.basic.index] = slot
        listCells(ofRowAt: slot, onlyNew: false)
        noteIfInfeasible(slot)
        substitute(row.basic, from: slot, inRows: !fresh)
        return slot
    }

    /// Drops a row: its basic symbol becomes free of the tableau (it occurs nowhere else, being basic).
    mutating func removeRow(at slot: Int32) {
        willModify(slot)
        let basic = rows[Int(slot)].basic
        basicSlots[basic.index] = -1
        rows[Int(slot)] = Row()
        freeSlots.append(slot)
        rowCount -= 1
    }

    /// Adds `delta` to a row's constant, noting the row if that makes it infeasible.
    mutating func shiftConstant(ofRowAt slot: Int32, by delta: Double) {
        willModify(slot)
        rows[Int(slot)].constant += delta
        noteIfInfeasible(slot)
    }

    /// Removes a parametric symbol's column: the symbol is fixed at zero from now on.
    mutating func eraseColumn(_ symbol: Symbol) {
        trackOccurrences(of: symbol)
        var node = occurrences.first(of: symbol)
        while node >= 0 {
            let (slot, next) = occurrences.entry(node)
            node = next
            guard Int(slot) < rows.count, rows[Int(slot)].position(of: symbol).found else { continue }
            willModify(slot)
            rows[Int(slot)].remove(symbol)
        }
        occurrences.clear(symbol)
        objective.remove(symbol)
        artificial?.remove(symbol)
    }

    /// Notes a row for the dual simplex if its basic symbol's value breaks its restriction.
    @inline(__always)
    mutating func noteIfInfeasible(_ slot: Int32) {
        let constant = rows[Int(slot)].constant
        switch kinds[rows[Int(slot)].basic.index] {
        case .external: return
        case .slack, .error: if constant > -Tolerance.epsilon { return }
        case .dummy: if abs(constant) < Tolerance.epsilon { return }
        }
        infeasibleSlots.append(slot)
    }

    // MARK: Building rows

    /// The row of `expression` (`0 = constant + Σ …`) over parametric symbols: each basic variable is
    /// written out as its row. The terms are merged one by one between two scratch buffers and the result
    /// copied once into a row with room to spare, so a new row costs one allocation however many rows
    /// it merges. The room (as many cells again, and at least 16) takes the constraint's markers and the
    /// substitutions that follow: rows grow as the layout fills in (a button's x comes to hold the whole
    /// chain of dummies before it), and growing each row in place cost more than the memory.
    mutating func makeRow(for expression: LayoutSolver.Expression) -> Row {
        var front: [Cell] = []
        var back: [Cell] = []
        swap(&front, &scratch)
        swap(&back, &backScratch)
        var constant = expression.constant
        var count = 0
        for index in 0..<expression.storage.count {
            let term = expression.storage[index]
            guard abs(term.coefficient) >= Tolerance.epsilon else { continue }
            let slot = basicSlots[term.variable.symbol.index]
            if slot >= 0 {
                let source = rows[Int(slot)]
                constant += term.coefficient * source.constant
                count = source.cells.withUnsafeBufferPointer { second in
                    Self.merge(front, count: count, second, times: term.coefficient, into: &back)
                }
            } else {
                var single = Cell(symbol: term.variable.symbol, coefficient: 1)
                count = withUnsafePointer(to: &single) { pointer in
                    let second = UnsafeBufferPointer(start: pointer, count: 1)
                    return Self.merge(front, count: count, second, times: term.coefficient, into: &back)
                }
            }
            swap(&front, &back)
        }
        var cells: [Cell] = []
        cells.reserveCapacity(2 * count + 16)
        cells.append(contentsOf: front[..<count])
        swap(&front, &scratch)
        swap(&back, &backScratch)
        return Row(constant: constant, cells: cells)
    }

    /// Merges the first `count` cells of `first` with `factor · second` into `output` (grown as needed).
    private static func merge(
        _ first: [Cell], count: Int, _ second: UnsafeBufferPointer<Cell>, times factor: Double,
        into output: inout [Cell]
    ) -> Int {
        let needed = count + second.count
        if output.count < needed {
            output = Array(repeating: Cell(symbol: .none, coefficient: 0), count: max(2 * needed, 64))
        }
        return output.withUnsafeMutableBufferPointer { output in
            first.withUnsafeBufferPointer { first in
                Row.merge(
                    UnsafeBufferPointer(rebasing: first[..<count]), skipping: .none, second, times: factor, into: output
                ).count
            }
        }
    }

    // MARK: Substitution and pivoting

    /// Replaces `symbol`, just made basic in the row at `sourceSlot`, by that row's expression in every
    /// other row (unless `inRows` is false: see ``install(_:fresh:)``) and in the objectives.
    mutating func substitute(_ symbol: Symbol, from sourceSlot: Int32, inRows: Bool = true) {
        let source = rows[Int(sourceSlot)]
        if inRows {
            trackOccurrences(of: symbol)
            // The list may repeat a slot or name one that no longer holds the symbol: the substitution
            // finds a zero coefficient there and does nothing.
            var node = occurrences.first(of: symbol)
            while node >= 0 {
                let (slot, next) = occurrences.entry(node)
                if slot != sourceSlot, Int(slot) < rows.count { substitute(symbol, in: slot, with: source) }
                node = next
            }
            // Being basic, the symbol now occurs in no row.
            occurrences.clear(symbol)
        }
        objective.substitute(symbol, with: source)
        if let coefficient = artificial?.coefficient(of: symbol), coefficient != 0 {
            artificial?.add(coefficient, times: source, skipping: symbol, scratch: &scratch)
        }
    }

    /// Substitutes `source` for `symbol` in the tableau row at `slot`.
    private mutating func substitute(_ symbol: Symbol, in slot: Int32, with source: Row) {
        let index = Int(slot)
        let coefficient = rows[index].coefficient(of: symbol)
        guard coefficient != 0 else { return }
        willModify(slot)
        let newcomers = rows[index].add(coefficient, times: source, skipping: symbol, scratch: &scratch)
        if newcomers > 0 { listCells(ofRowAt: slot, onlyNew: true) }
        noteIfInfeasible(slot)
    }

    /// Exchanges `entering` (parametric, in the row at `slot`) with that row's basic symbol.
    mutating func pivot(entering: Symbol, slot: Int32) {
        let index = Int(slot)
        willModify(slot)
        let leaving = rows[index].basic
        rows[index].solve(for: entering, replacing: leaving)
        list(slot, under: leaving)
        basicSlots[leaving.index] = -1
        basicSlots[entering.index] = slot
        substitute(entering, from: slot)
    }

    // MARK: Occurrence lists

    /// Lists the row at `slot` under its symbols (those a merge just brought in, with `onlyNew`),
    /// tightening lists that have grown stale. A list is only worth tightening once it is longer than
    /// the tableau has rows: shorter, it may well be exact (a dummy of the keyboard's width sits in
    /// hundreds of rows), and checking it would cost as much as the stale entries it might drop.
    private mutating func listCells(ofRowAt slot: Int32, onlyNew: Bool) {
        guard occurrences.append(slot, toSymbolsOf: rows[Int(slot)].cells, onlyNew: onlyNew) else { return }
        for symbol in occurrences.takeOverfull() {
            tightenOccurrences(of: symbol)
        }
    }

    /// Lists the row at `slot` under `symbol`.
    private mutating func list(_ slot: Int32, under symbol: Symbol) {
        if occurrences.append(slot, to: symbol) { tightenOccurrences(of: symbol) }
    }

    /// Compacts an overgrown list, or lets it grow to the row count first (see ``listCells(ofRowAt:onlyNew:)``).
    private mutating func tightenOccurrences(of symbol: Symbol) {
        if occurrences.count(of: symbol) > rowCount {
            compactOccurrences(of: symbol)
        } else {
            occurrences.postpone(symbol, until: rowCount)
        }
    }

    /// Makes sure `symbol`'s list is kept: if it is an untracked dummy, starts tracking every dummy,
    /// listing their rows in one pass (see ``tracksDummies``).
    mutating func trackOccurrences(of symbol: Symbol) {
        guard !occurrences.isTracked(symbol) else { return }
        tracksDummies = true
        for index in kinds.indices where kinds[index] == .dummy {
            occurrences.startTracking(Symbol(id: Int32(index)))
        }
        for index in rows.indices {
            for cell in rows[index].cells where kinds[cell.symbol.index] == .dummy {
                occurrences.append(Int32(index), to: cell.symbol)
            }
        }
    }

    /// Rewrites `symbol`'s list to exactly the live rows that hold it, each once.
    mutating func compactOccurrences(of symbol: Symbol) {
        let rows = self.rows
        occurrences.compact(symbol) { slot in Int(slot) < rows.count && rows[Int(slot)].position(of: symbol).found }
    }

    /// Calls `body` with each row holding `symbol` — its slot, the symbol's coefficient there, and the
    /// row's basic symbol and constant — until `body` returns `false`. Stale entries of the list are
    /// skipped; a repeated one is visited again (harmless to the ratio tests that use this). The row is
    /// not copied, so walking costs no reference counting.
    @inline(__always)
    func forEachRow(
        holding symbol: Symbol,
        _ body: (_ slot: Int32, _ coefficient: Double, _ basic: Symbol, _ constant: Double) -> Bool
    ) {
        var node = occurrences.first(of: symbol)
        while node >= 0 {
            let (slot, next) = occurrences.entry(node)
            node = next
            let index = Int(slot)
            guard index < rows.count else { continue }
            let coefficient = rows[index].coefficient(of: symbol)
            guard coefficient != 0 else { continue }
            if !body(slot, coefficient, rows[index].basic, rows[index].constant) { return }
        }
    }

}
