/// The objective: one row per optional priority in use, compared lexicographically from the highest.
///
/// UIKit's hierarchy is strict — a constraint at 999 is satisfied before any number of errors at 998 are
/// weighed — and 999 levels cannot be folded into one row of `Double` weights without one level's errors
/// drowning another's (Cassowary's strong/medium/weak weights of 10⁶/10³/1 give way as soon as errors
/// reach a thousand points). So each level keeps its own row, the sum of its constraints' errors (each
/// weighted 1), and a column's reduced cost is the vector of its coefficients in these rows: it improves
/// the objective when the first non-zero entry is negative. This is the lexicographic simplex; its rows
/// are substituted like any other, and there are only as many as distinct priorities (a handful).
///
/// Unlike the tableau's rows, the levels are dense (a coefficient per symbol id): a level holds an error
/// of every optional constraint at its priority, hundreds in a keyboard, and is updated by every
/// substitution of an error's row, which as a sorted array meant merging all of it each time.
struct Objective: Sendable {
    /// One priority's row, and how many constraints put errors into it.
    struct Level: Sendable {
        var priority: Float
        /// The coefficient of each symbol, by id; ids past the end are zero. (A level keeps no constant:
        /// the objective's value never decides anything, and constant changes would have to maintain it.)
        var coefficients: [Double] = []
        var constraintCount: Int

        @inline(__always)
        func coefficient(of symbol: Symbol) -> Double {
            symbol.index < coefficients.count ? coefficients[symbol.index] : 0
        }

        /// Adds `amount` to `symbol`'s coefficient, snapping a result near zero to zero.
        mutating func add(_ amount: Double, to symbol: Symbol) {
            let index = symbol.index
            if index >= coefficients.count {
                let grown = max(index + 1, 2 * coefficients.count)
                coefficients.append(contentsOf: repeatElement(0, count: grown - coefficients.count))
            }
            let sum = coefficients[index] + amount
            coefficients[index] = abs(sum) < Tolerance.negligible ? 0 : sum
        }
    }

    /// The levels, highest priority first.
    private(set) var levels: [Level] = []

    /// Symbols whose reduced cost may have become improving since the objective was last optimal: those
    /// of the rows substituted into it. Only they need looking at, so finding the entering column costs
    /// what changed rather than the objective's length (hundreds of error symbols in a keyboard).
    private(set) var changedSymbols: [Symbol] = []
    /// Whether every column must be looked at: a level went away, which changes every comparison.
    private(set) var needsFullScan = false

    /// Whether a column may improve the objective: it changed since it was last optimal.
    var isDirty: Bool { needsFullScan || !changedSymbols.isEmpty }

    // MARK: Levels

    /// The level for `priority`, made if new, with one more constraint counted in it.
    mutating func retainLevel(for priority: Float) -> Int {
        var index = 0
        while index < levels.count, levels[index].priority > priority { index += 1 }
        if index < levels.count, levels[index].priority == priority {
            levels[index].constraintCount += 1
        } else {
            levels.insert(Level(priority: priority, constraintCount: 1), at: index)
        }
        return index
    }

    /// The level for `priority`, if any constraint uses it.
    func levelIndex(for priority: Float) -> Int? {
        levels.firstIndex { $0.priority == priority }
    }

    /// Counts one constraint out of the level, dropping the level with its last constraint (its row is
    /// then zero up to rounding, and would otherwise steer later pivots by that rounding).
    mutating func releaseLevel(at index: Int) {
        levels[index].constraintCount -= 1
        if levels[index].constraintCount <= 0 {
            levels.remove(at: index)
            needsFullScan = true
        }
    }

    // MARK: Editing

    /// Adds `amount · symbol` to a level.
    mutating func add(_ amount: Double, to symbol: Symbol, inLevel level: Int) {
        levels[level].add(amount, to: symbol)
        changedSymbols.append(symbol)
    }

    /// Adds `factor · row` (its cells) to a level.
    mutating func add(_ factor: Double, times row: Row, toLevel level: Int) {
        for cell in row.cells {
            levels[level].add(factor * cell.coefficient, to: cell.symbol)
            changedSymbols.append(cell.symbol)
        }
    }

    /// Replaces `symbol`, just made basic, by its row in every level.
    mutating func substitute(_ symbol: Symbol, with row: Row) {
        for level in levels.indices {
            let coefficient = levels[level].coefficient(of: symbol)
            guard coefficient != 0 else { continue }
            levels[level].coefficients[symbol.index] = 0
            add(coefficient, times: row, toLevel: level)
        }
    }

    /// Drops `symbol` from every level (a column fixed at zero, or a freed symbol's rounding residue).
    mutating func remove(_ symbol: Symbol) {
        for level in levels.indices where symbol.index < levels[level].coefficients.count {
            levels[level].coefficients[symbol.index] = 0
        }
    }

    /// Notes that no column improves the objective.
    mutating func noteOptimal() {
        changedSymbols.removeAll(keepingCapacity: true)
        needsFullScan = false
    }

    // MARK: Reduced costs

    /// Whether `symbol` appears in any level with a non-negligible coefficient.
    func mentions(_ symbol: Symbol) -> Bool {
        levels.contains { abs($0.coefficient(of: symbol)) >= Tolerance.epsilon }
    }

    /// Whether `symbol`'s reduced cost is lexicographically negative: its first non-negligible
    /// coefficient, from the highest level down, is negative.
    ///
    /// Negligible is relative to the column's largest coefficient (``Tolerance/lexicographic``): a higher
    /// level's rounding residue (10⁻⁸ where lower levels hold ones) must not outvote the lower levels, or
    /// two columns can swap in and out for ever, each looking like an improvement on the other's
    /// residue. So the hierarchy is strict down to a relative 10⁻⁷: a hundredth of a point at one
    /// priority against a hundred thousand points at the next.
    func improves(_ symbol: Symbol) -> Bool {
        var largest = 1.0
        for level in levels {
            largest = max(largest, abs(level.coefficient(of: symbol)))
        }
        let tolerance = Tolerance.lexicographic * largest
        for level in levels {
            let coefficient = level.coefficient(of: symbol)
            if coefficient <= -tolerance { return true }
            if coefficient >= tolerance { return false }
        }
        return false
    }

    /// The pivotable symbol with the smallest id whose reduced cost is lexicographically negative, or
    /// ``Symbol/none`` when the objective is optimal. Smallest id is Bland's rule, which (with the leaving
    /// row chosen the same way) keeps degenerate pivots from cycling.
    ///
    /// Only the noted symbols are examined (all of them after a full scan); those that improve stay
    /// noted, since a pivot on the smallest leaves the others improving until their coefficients change.
    mutating func enteringSymbol(kinds: [SymbolKind], excluding setAside: [Symbol] = []) -> Symbol {
        if needsFullScan {
            needsFullScan = false
            changedSymbols.removeAll(keepingCapacity: true)
            for level in levels {
                for (index, coefficient) in level.coefficients.enumerated() where coefficient <= -Tolerance.epsilon {
                    changedSymbols.append(Symbol(id: Int32(index)))
                }
            }
        }
        guard !changedSymbols.isEmpty else { return .none }
        changedSymbols.sort()
        var kept = 0
        var previous = Symbol.none
        for index in changedSymbols.indices {
            let symbol = changedSymbols[index]
            guard symbol != previous else { continue }
            previous = symbol
            guard kinds[symbol.index].isPivotable, improves(symbol) else { continue }
            changedSymbols[kept] = symbol
            kept += 1
        }
        changedSymbols.removeLast(changedSymbols.count - kept)
        return changedSymbols.first { !setAside.contains($0) } ?? .none
    }

    /// Whether moving `symbol` up by `step` increases the objective in fact: the first level whose change
    /// exceeds its rounding (``Tolerance/lexicographic`` relative to the largest change) goes up. A step
    /// whose changes are all rounding is not an increase (it is a degenerate step, which Bland's rule
    /// looks after). See ``Tableau/optimize()``.
    func increases(along symbol: Symbol, by step: Double) -> Bool {
        var largest = 1.0
        for level in levels {
            largest = max(largest, abs(level.coefficient(of: symbol) * step))
        }
        for level in levels {
            let change = level.coefficient(of: symbol) * step
            let rounding = Tolerance.lexicographic * largest
            if change <= -rounding { return false }
            if change >= rounding { return true }
        }
        return false
    }

    /// Writes `symbol`'s reduced cost divided by `divisor`, level by level, into `costs`.
    func costs(of symbol: Symbol, dividedBy divisor: Double, into costs: inout [Double]) {
        costs.removeAll(keepingCapacity: true)
        for level in levels {
            costs.append(level.coefficient(of: symbol) / divisor)
        }
    }

    /// Compares two cost vectors (one entry per level) lexicographically, entries within the tolerance
    /// (relative to the largest entry, as in ``improves(_:)``) counting as equal: negative when `lhs` is
    /// smaller, zero when they tie, positive when larger.
    static func compare(_ lhs: [Double], _ rhs: [Double]) -> Int {
        var largest = 1.0
        for (a, b) in zip(lhs, rhs) {
            largest = max(largest, abs(a), abs(b))
        }
        let tolerance = Tolerance.lexicographic * largest
        for (a, b) in zip(lhs, rhs) {
            if a < b - tolerance { return -1 }
            if a > b + tolerance { return 1 }
        }
        return 0
    }
}
