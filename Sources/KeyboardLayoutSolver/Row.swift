/// One term of a row.
struct Cell: Sendable {
    var symbol: Symbol
    /// Whether the last merge into the row brought this symbol in (the tableau then lists the row under
    /// it). It sits in what would otherwise be padding: a cell stays 16 bytes.
    var isNew = false
    var coefficient: Double

    init(symbol: Symbol, coefficient: Double, isNew: Bool = false) {
        self.symbol = symbol
        self.isNew = isNew
        self.coefficient = coefficient
    }
}

/// A linear row: `basic = constant + Σ coefficient · symbol`.
///
/// While a constraint's row is being built, and in the phase-one objective, there is no basic symbol and
/// the row reads `0 = constant + Σ …` (respectively `objective = constant + Σ …`).
///
/// The cells are sorted by symbol and hold no zero (``Tolerance/negligible``) coefficients: a lookup is a
/// binary search and adding
/// one row to another is a merge, with no hashing. Layout rows are short (a few to a few dozen cells),
/// where a sorted array beats any hash map.
struct Row: Sendable {
    var basic: Symbol
    var constant: Double
    var cells: [Cell]

    init(basic: Symbol = .none, constant: Double = 0, cells: [Cell] = []) {
        self.basic = basic
        self.constant = constant
        self.cells = cells
    }

    /// Where `symbol` is, or would be inserted.
    @inline(__always)
    func position(of symbol: Symbol) -> (index: Int, found: Bool) {
        var low = 0
        var high = cells.count
        while low < high {
            let middle = (low &+ high) >> 1
            if cells[middle].symbol.id < symbol.id { low = middle &+ 1 } else { high = middle }
        }
        return (low, low < cells.count && cells[low].symbol == symbol)
    }

    /// The coefficient of `symbol`, zero when absent.
    @inline(__always)
    func coefficient(of symbol: Symbol) -> Double {
        let (index, found) = position(of: symbol)
        return found ? cells[index].coefficient : 0
    }

    /// Adds `coefficient · symbol`, dropping the cell if the sum vanishes.
    ///
    /// - Returns: whether the row did not hold `symbol` before and does now.
    @discardableResult
    mutating func add(_ coefficient: Double, to symbol: Symbol) -> Bool {
        let (index, found) = position(of: symbol)
        if found {
            let sum = cells[index].coefficient + coefficient
            if abs(sum) < Tolerance.negligible {
                cells.remove(at: index)
            } else {
                cells[index].coefficient = sum
            }
            return false
        }
        guard abs(coefficient) >= Tolerance.negligible else { return false }
        cells.insert(Cell(symbol: symbol, coefficient: coefficient), at: index)
        return true
    }

    /// Removes `symbol` and returns its coefficient (zero when absent).
    @discardableResult
    mutating func remove(_ symbol: Symbol) -> Double {
        let (index, found) = position(of: symbol)
        guard found else { return 0 }
        return cells.remove(at: index).coefficient
    }

    /// Multiplies the constant and every coefficient by `factor`.
    mutating func scale(by factor: Double) {
        constant *= factor
        for index in cells.indices {
            cells[index].coefficient *= factor
        }
    }

    /// Turns `0 = constant + a·symbol + rest` into `symbol = -(constant + rest) / a`.
    ///
    /// `symbol` must be in the row (a non-zero `a`).
    mutating func solve(for symbol: Symbol) {
        let coefficient = remove(symbol)
        scale(by: -1 / coefficient)
    }

    /// Turns `basic = constant + a·entering + rest` into `entering = (basic - constant - rest) / a`: the
    /// row of a pivot. `entering` must be in the row; `basic` (the row's old basic symbol) joins it.
    mutating func solve(for entering: Symbol, replacing basic: Symbol) {
        let coefficient = remove(entering)
        scale(by: -1 / coefficient)
        add(1 / coefficient, to: basic)
        self.basic = entering
    }

    /// The smallest coefficient the row may be pivoted on or solved for: ``Tolerance/pivot`` relative to
    /// the row's largest coefficient (or absolute, when that is below 1). A coefficient much smaller than
    /// its row's others is rounding residue as far as pivoting goes: dividing by it would blow the
    /// residue up to the size of real values (on ill-conditioned systems, a step of 10⁹ points).
    var pivotTolerance: Double {
        var largest = 1.0
        for cell in cells {
            largest = max(largest, abs(cell.coefficient))
        }
        return Tolerance.pivot * largest
    }

    /// Whether every cell is a dummy (see ``SymbolKind/dummy``): the row then cannot take a subject.
    func allDummies(_ kinds: [SymbolKind]) -> Bool {
        cells.allSatisfy { kinds[$0.symbol.index] == .dummy }
    }

    /// Adds `factor · other` to the row (`other`'s cells and constant), first dropping `skipped` (the
    /// symbol being substituted, which `other` must not hold), and marks ``Cell/isNew`` the symbols the
    /// row did not hold before: the ones the tableau must now list the row under.
    ///
    /// The merge is written through a pointer into `scratch` (a buffer the caller keeps, whatever its
    /// contents), then copied back into the row's storage: no allocation in the steady state, and none
    /// of the per-element capacity and uniqueness checks of `append`.
    ///
    /// - Returns: how many cells are marked new.
    @discardableResult
    mutating func add(
        _ factor: Double, times other: Row, skipping skipped: Symbol = .none, scratch: inout [Cell]
    ) -> Int {
        let needed = cells.count + other.cells.count
        if scratch.count < needed {
            scratch = Array(repeating: Cell(symbol: .none, coefficient: 0), count: max(2 * needed, 64))
        }
        let (count, newcomers) = scratch.withUnsafeMutableBufferPointer { output in
            cells.withUnsafeBufferPointer { first in
                other.cells.withUnsafeBufferPointer { second in
                    Self.merge(first, skipping: skipped, second, times: factor, into: output)
                }
            }
        }
        cells.replaceSubrange(cells.startIndex..<cells.endIndex, with: scratch[..<count])
        constant += factor * other.constant
        return newcomers
    }

    /// Writes `a` without `skipped`, plus `factor · b`, into `output` (sorted, without zero
    /// coefficients), marking new the symbols of `b` that `a` lacked.
    ///
    /// - Returns: how many cells were written, and how many of them are new.
    static func merge(
        _ a: UnsafeBufferPointer<Cell>, skipping skipped: Symbol, _ b: UnsafeBufferPointer<Cell>, times factor: Double,
        into output: UnsafeMutableBufferPointer<Cell>
    ) -> (count: Int, newcomers: Int) {
        var i = 0
        var j = 0
        var k = 0
        var newcomers = 0
        while i < a.count || j < b.count {
            if j == b.count || (i < a.count && a[i].symbol.id < b[j].symbol.id) {
                if a[i].symbol != skipped {
                    output[k] = Cell(symbol: a[i].symbol, coefficient: a[i].coefficient)
                    k &+= 1
                }
                i &+= 1
            } else if i == a.count || b[j].symbol.id < a[i].symbol.id {
                let coefficient = factor * b[j].coefficient
                if abs(coefficient) >= Tolerance.negligible {
                    output[k] = Cell(symbol: b[j].symbol, coefficient: coefficient, isNew: true)
                    k &+= 1
                    newcomers &+= 1
                }
                j &+= 1
            } else {
                let sum = a[i].coefficient + factor * b[j].coefficient
                if abs(sum) >= Tolerance.negligible {
                    output[k] = Cell(symbol: a[i].symbol, coefficient: sum)
                    k &+= 1
                }
                i &+= 1
                j &+= 1
            }
        }
        return (k, newcomers)
    }
}
