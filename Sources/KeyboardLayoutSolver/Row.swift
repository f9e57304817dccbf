/// One term of a row.
struct Cell: Sendable {
    var symbol: Symbol
    var coefficient: Double
}

/// A linear row: `basic = constant + Σ coefficient · symbol`.
///
/// While a constraint's row is being built, and in the objective, there is no basic symbol and the row
/// reads `0 = constant + Σ …` (respectively `objective = constant + Σ …`).
///
/// The cells are sorted by symbol and hold no zero coefficients: a lookup is a binary search and adding
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
            if abs(sum) < Tolerance.epsilon {
                cells.remove(at: index)
            } else {
                cells[index].coefficient = sum
            }
            return false
        }
        guard abs(coefficient) >= Tolerance.epsilon else { return false }
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

    /// Replaces the cells with a merge's output in `buffer` (and adds `delta` to the constant): copied
    /// into the row's own storage when it is large enough, so the scratch buffer keeps its (large)
    /// capacity; else the buffers are exchanged. Either way no allocation happens in the steady state.
    @inline(__always)
    mutating func takeCells(from buffer: inout [Cell], addingToConstant delta: Double) {
        constant += delta
        if cells.capacity >= buffer.count {
            cells.replaceSubrange(cells.startIndex..<cells.endIndex, with: buffer)
        } else {
            swap(&cells, &buffer)
        }
    }

    /// Whether every cell is a dummy (see ``SymbolKind/dummy``): the row then cannot take a subject.
    func allDummies(_ kinds: [SymbolKind]) -> Bool {
        cells.allSatisfy { kinds[$0.symbol.index] == .dummy }
    }

    /// Writes `first` without `skipped`, plus `factor · second`, into `output` (sorted, without zero
    /// coefficients), and appends to `added` each symbol of `second` that `first` lacked and the result
    /// keeps: the rows the tableau must now list under that symbol.
    ///
    /// `second` must not hold `skipped`. `output` is overwritten; the caller keeps it as a scratch buffer
    /// and swaps it with the row it replaces, so a substitution allocates nothing in the steady state.
    static func merge(
        _ first: [Cell], skipping skipped: Symbol, _ second: [Cell], times factor: Double,
        into output: inout [Cell], added: inout [Symbol]
    ) {
        output.removeAll(keepingCapacity: true)
        let needed = first.count + second.count
        // With headroom: the buffer goes to the row next, and rows that grow tend to keep growing.
        if output.capacity < needed { output.reserveCapacity(2 * needed) }
        first.withUnsafeBufferPointer { a in
            second.withUnsafeBufferPointer { b in
                var i = 0
                var j = 0
                while i < a.count || j < b.count {
                    if j == b.count || (i < a.count && a[i].symbol.id < b[j].symbol.id) {
                        if a[i].symbol != skipped { output.append(a[i]) }
                        i &+= 1
                    } else if i == a.count || b[j].symbol.id < a[i].symbol.id {
                        let coefficient = factor * b[j].coefficient
                        if abs(coefficient) >= Tolerance.epsilon {
                            output.append(Cell(symbol: b[j].symbol, coefficient: coefficient))
                            added.append(b[j].symbol)
                        }
                        j &+= 1
                    } else {
                        let sum = a[i].coefficient + factor * b[j].coefficient
                        if abs(sum) >= Tolerance.epsilon {
                            output.append(Cell(symbol: a[i].symbol, coefficient: sum))
                        }
                        i &+= 1
                        j &+= 1
                    }
                }
            }
        }
    }
}
