/// What a failed operation must put back: a required constraint that turns out unsatisfiable leaves the
/// solver exactly as it was (same basis, same values), not merely equivalent.
///
/// Rows are saved one by one, the first time a transaction writes each: saving one is a reference-count
/// increment, and the row's next write copies its cells (copy-on-write). The per-symbol arrays and the
/// objective are kept whole, and copy-on-write copies them only if the transaction writes them (a
/// memcpy of a few kilobytes). The occurrence lists are not saved at all: they need only be supersets,
/// so restoring a row re-lists its slot under each of its symbols.
struct Journal: Sendable {
    var kinds: [SymbolKind]
    var owners: [Int32]
    var basicSlots: [Int32]
    var freeSymbols: [Int32]
    var freeSlots: [Int32]
    var rowSlotCount: Int
    var rowCount: Int
    var objective: Objective
    var savedRows: [(slot: Int32, row: Row)] = []
}

extension Tableau {
    /// Starts recording what ``rollback()`` needs. Transactions do not nest.
    mutating func beginTransaction() {
        transaction &+= 1
        if transaction == 0 {
            for index in journalStamps.indices { journalStamps[index] = 0 }
            transaction = 1
        }
        journal = Journal(
            kinds: kinds, owners: owners, basicSlots: basicSlots, freeSymbols: freeSymbols,
            freeSlots: freeSlots, rowSlotCount: rows.count, rowCount: rowCount, objective: objective)
        infeasibleSlots.removeAll(keepingCapacity: true)
    }

    /// Keeps what the transaction did.
    mutating func commit() {
        journal = nil
    }

    /// Saves the row at `slot` if this transaction has not yet written it.
    @inline(__always)
    mutating func willModify(_ slot: Int32) {
        guard journal != nil, journalStamps[Int(slot)] != transaction else { return }
        journalStamps[Int(slot)] = transaction
        journal?.savedRows.append((slot, rows[Int(slot)]))
    }

    /// Puts back everything the transaction changed.
    mutating func rollback() {
        guard let saved = journal else { return }
        journal = nil
        // Restored rows are listed again under their symbols, whose lists are then tightened so repeated
        // rollbacks do not pile up duplicates.
        var restoredSymbols: [Symbol] = []
        for (slot, row) in saved.savedRows where Int(slot) < saved.rowSlotCount {
            rows[Int(slot)] = row
            for cell in row.cells {
                occurrences.append(slot, to: cell.symbol)
                restoredSymbols.append(cell.symbol)
            }
        }
        rows.removeLast(rows.count - saved.rowSlotCount)
        journalStamps.removeLast(journalStamps.count - saved.rowSlotCount)
        rowCount = saved.rowCount
        freeSlots = saved.freeSlots
        occurrences.truncate(toSymbolCount: saved.kinds.count)
        kinds = saved.kinds
        owners = saved.owners
        basicSlots = saved.basicSlots
        freeSymbols = saved.freeSymbols
        objective = saved.objective
        restoredSymbols.sort()
        var previous = Symbol.none
        for symbol in restoredSymbols where symbol != previous {
            compactOccurrences(of: symbol)
            previous = symbol
        }
        artificial = nil
        infeasibleSlots.removeAll(keepingCapacity: true)
    }
}
