/// The symbols one constraint brought into the tableau, and how to find its constant among them.
struct ConstraintTag: Sendable {
    /// The slack of an inequality, the dummy of a required equality, the positive error of an optional
    /// equality: the symbol whose row or column carries the constraint.
    var marker: Symbol
    /// The error of an optional inequality, the negative error of an optional equality, or none.
    var other: Symbol
    /// The marker's coefficient in the constraint's row as the caller wrote it (before the row is negated
    /// to make its constant non-negative). Changing the expression's constant by δ is the same as moving
    /// the marker by δ / this, which is how ``Tableau/shiftConstant(of:by:)`` edits the tableau in place.
    var markerCoefficient: Double
}

/// Why the tableau refused a change (it is then as it was before the change).
enum TableauFailure: Error, Equatable {
    /// The change would break a required constraint. `owners` are the constraint slots owning the symbols
    /// of the proof (an infeasible row or phase-one objective); the caller keeps the required ones.
    case conflict(owners: [Int32])
    /// An optimisation reached the pivot limit.
    case stalled
}

extension Tableau {
    // MARK: Adding

    /// Adds `expression relation 0` at `priority`, owned by constraint slot `owner`, following Cassowary:
    /// the row is written over parametric symbols; solved for a subject when one is free to take it (an
    /// external, or the constraint's own slack or error with a negative coefficient); else, when it holds
    /// only dummies, accepted if its constant is zero (a redundant equality) and refused otherwise; else
    /// added through an artificial variable whose phase-one minimum must reach zero.
    mutating func insert(
        _ expression: LayoutSolver.Expression, _ relation: LayoutSolver.Relation, priority: LayoutSolver.Priority,
        owner: Int32
    ) throws(TableauFailure) -> ConstraintTag {
        infeasibleSlots.removeAll(keepingCapacity: true)
        var row = makeRow(for: expression)
        let tag = addMarkers(to: &row, relation, priority: priority, owner: owner)
        if row.constant < 0 { row.scale(by: -1) }

        var subject = chooseSubject(row, tag)
        if subject.isNone, row.allDummies(kinds) {
            guard abs(row.constant) < Tolerance.epsilon else {
                let proof = row.cells.map { owners[$0.symbol.index] }
                freeSymbol(tag.marker)
                throw .conflict(owners: proof)
            }
            subject = tag.marker
        }
        // A subject made for this row is in no other row (though an error is in the objective).
        let fresh = subject == tag.marker || subject == tag.other
        if subject.isNone {
            do {
                try addWithArtificialVariable(row)
            } catch {
                freeSymbol(tag.marker)
                throw error
            }
        } else {
            row.solve(for: subject)
            row.basic = subject
            install(row, fresh: fresh)
        }
        optimize()
        return tag
    }

    /// Adds the constraint's marker (and error) symbols to its row, and its errors to the objective.
    private mutating func addMarkers(
        to row: inout Row, _ relation: LayoutSolver.Relation, priority: LayoutSolver.Priority, owner: Int32
    ) -> ConstraintTag {
        switch relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            // expression + slack = 0 for ≤, expression − slack = 0 for ≥; an optional one also gets an
            // error that can stand in for a negative slack.
            let sign: Double = relation == .lessThanOrEqual ? 1 : -1
            let slack = makeSymbol(.slack, owner: owner)
            row.add(sign, to: slack)
            var tag = ConstraintTag(marker: slack, other: .none, markerCoefficient: sign)
            if !priority.isRequired {
                let error = makeSymbol(.error, owner: owner)
                row.add(-sign, to: error)
                tag.other = error
                addErrors(error, priority: priority)
            }
            return tag
        case .equal where priority.isRequired:
            let dummy = makeSymbol(.dummy, owner: owner)
            row.add(1, to: dummy)
            return ConstraintTag(marker: dummy, other: .none, markerCoefficient: 1)
        case .equal:
            // expression − plus + minus = 0: each error measures the miss on one side.
            let plus = makeSymbol(.error, owner: owner)
            let minus = makeSymbol(.error, owner: owner)
            row.add(-1, to: plus)
            row.add(1, to: minus)
            addErrors(plus, minus, priority: priority)
            return ConstraintTag(marker: plus, other: minus, markerCoefficient: -1)
        }
    }

    /// Weighs fresh (parametric) error symbols 1 each in their priority's level.
    private mutating func addErrors(_ error: Symbol, _ second: Symbol = .none, priority: LayoutSolver.Priority) {
        let level = objective.retainLevel(for: priority.rawValue)
        objective.add(1, to: error, inLevel: level)
        if !second.isNone { objective.add(1, to: second, inLevel: level) }
    }

    /// The symbol to solve a new row for, or ``Symbol/none`` when the row needs an artificial variable.
    ///
    /// In order:
    /// 1. An external (the one in the fewest rows, so the substitution that follows touches the least):
    ///    unrestricted, it can take any value.
    /// 2. The constraint's own slack or error with a negative coefficient: solving gives it a non-negative
    ///    value and changes nothing else (Cassowary's rule).
    /// 3. When the row's constant is zero — the constraint holds with equality now, as every constraint
    ///    between views whose frames are still zero does while a layout is being built — any movable
    ///    symbol, the own marker first: solving for it moves nothing.
    /// 4. A movable symbol with a negative coefficient whose new value (the constant over minus its
    ///    coefficient) no restricted row holding it would go negative for: the ratio test of a single
    ///    phase-one pivot, done directly. A row that closes a stack view (its last view's edge on the
    ///    stack's) lands here: its widths hang on one button's intrinsic-size slack, which can take up the
    ///    difference. This skips the artificial variable's transaction and second substitution.
    private func chooseSubject(_ row: Row, _ tag: ConstraintTag) -> Symbol {
        // Solving divides by the subject's coefficient: a tiny one would blow rounding up, so externals
        // an order of magnitude below the largest are passed over, and every subject must be well clear
        // of zero.
        var largest = 0.0
        for cell in row.cells where kinds[cell.symbol.index] == .external {
            largest = max(largest, abs(cell.coefficient))
        }
        let tolerance = row.pivotTolerance
        let threshold = max(tolerance, 0.1 * largest)
        var best = Symbol.none
        var bestCount = Int.max
        for cell in row.cells where kinds[cell.symbol.index] == .external && abs(cell.coefficient) >= threshold {
            let count = occurrences.count(of: cell.symbol)
            if count < bestCount {
                best = cell.symbol
                bestCount = count
                if count == 0 { break }
            }
        }
        if !best.isNone { return best }
        if kinds[tag.marker.index].isPivotable, row.coefficient(of: tag.marker) <= -tolerance {
            return tag.marker
        }
        if !tag.other.isNone, row.coefficient(of: tag.other) <= -tolerance { return tag.other }
        if abs(row.constant) < Tolerance.epsilon {
            if kinds[tag.marker.index].isPivotable, abs(row.coefficient(of: tag.marker)) >= tolerance {
                return tag.marker
            }
            let movable = row.cells.first { kinds[$0.symbol.index].isPivotable && abs($0.coefficient) >= tolerance }
            return movable?.symbol ?? .none
        }
        for cell in row.cells where cell.coefficient <= -tolerance && kinds[cell.symbol.index].isPivotable {
            if canTakeValue(cell.symbol, -row.constant / cell.coefficient) { return cell.symbol }
        }
        return .none
    }

    /// Whether the parametric `symbol` can move from zero to `value` (positive) with every restricted row
    /// holding it staying feasible.
    private func canTakeValue(_ symbol: Symbol, _ value: Double) -> Bool {
        var feasible = true
        forEachRow(holding: symbol) { _, coefficient, basic, constant in
            switch kinds[basic.index] {
            case .external: break
            case .dummy: feasible = false
            case .slack, .error: feasible = constant + coefficient * value >= -Tolerance.epsilon
            }
            return feasible
        }
        return feasible
    }

    /// Adds a row no symbol can take by minimising an artificial variable equal to it: if the minimum is
    /// zero the row holds, and the artificial variable is pivoted out and its column dropped. If not, the
    /// phase-one objective is the proof of infeasibility and everything is rolled back.
    private mutating func addWithArtificialVariable(_ row: Row) throws(TableauFailure) {
        beginTransaction()
        let variable = makeSymbol(.slack, owner: -1)
        artificial = row
        var artificialRow = row
        artificialRow.basic = variable
        install(artificialRow, fresh: true)
        let outcome = optimizeArtificial()
        let residual = artificial?.constant ?? 0
        let proof = (artificial?.cells ?? []).map { owners[$0.symbol.index] }
        artificial = nil
        guard outcome == .optimal else {
            rollback()
            throw .stalled
        }
        guard residual < Tolerance.epsilon else {
            rollback()
            throw .conflict(owners: proof)
        }
        let slot = basicSlots[variable.index]
        if slot >= 0 {
            var remaining = rows[Int(slot)]
            removeRow(at: slot)
            // A basic artificial variable at zero: hand its row to any movable symbol in it. A row of
            // dummies alone says `0 = 0` and is dropped.
            let tolerance = remaining.pivotTolerance
            let movable = remaining.cells.first {
                kinds[$0.symbol.index].isPivotable && abs($0.coefficient) >= tolerance
            }
            if let entering = movable?.symbol {
                remaining.solve(for: entering, replacing: variable)
                install(remaining)
            }
        }
        eraseColumn(variable)
        freeSymbol(variable)
        commit()
    }

    // MARK: Removing

    /// Removes a constraint: takes its errors out of the objective, pivots its marker into the basis (if
    /// it is not) and drops that row, drops its other error (its row, or its column at zero), then
    /// re-optimises. `priority` is the level of an optional constraint's errors, `nil` when required.
    mutating func remove(_ tag: ConstraintTag, priority: Float?) {
        infeasibleSlots.removeAll(keepingCapacity: true)
        if let priority, let level = objective.levelIndex(for: priority) {
            if kinds[tag.marker.index] == .error { removeError(tag.marker, fromLevel: level) }
            if !tag.other.isNone { removeError(tag.other, fromLevel: level) }
            objective.releaseLevel(at: level)
        }
        let markerSlot = basicSlots[tag.marker.index]
        if markerSlot >= 0 {
            removeRow(at: markerSlot)
        } else {
            trackOccurrences(of: tag.marker)
            if let slot = markerLeavingSlot(for: tag.marker) {
                pivot(entering: tag.marker, slot: slot)
                removeRow(at: slot)
            } else {
                // In no row, or only as rounding residue: drop what is left before the id is reused.
                eraseColumn(tag.marker)
            }
        }
        if !tag.other.isNone {
            let otherSlot = basicSlots[tag.other.index]
            if otherSlot >= 0 {
                removeRow(at: otherSlot)
            } else {
                eraseColumn(tag.other)
            }
            freeSymbol(tag.other)
        }
        freeSymbol(tag.marker)
        optimize()
    }

    /// Subtracts an error symbol (its row, when basic) from a level of the objective.
    private mutating func removeError(_ error: Symbol, fromLevel level: Int) {
        let slot = basicSlots[error.index]
        if slot >= 0 {
            objective.add(-1, times: rows[Int(slot)], toLevel: level)
        } else {
            objective.add(-1, to: error, inLevel: level)
        }
    }

    // MARK: Changing a constant

    /// Changes a constraint's expression constant by `delta` in place: the marker's row (when basic) or
    /// every row holding the marker shifts its constant, then the dual simplex repairs the rows that went
    /// infeasible. On failure everything is as before.
    mutating func shiftConstant(of tag: ConstraintTag, by delta: Double) throws(TableauFailure) {
        infeasibleSlots.removeAll(keepingCapacity: true)
        guard optimize() == .optimal else { throw .stalled }
        // The new constraint, written with marker m, is the old one written with m + delta / μ.
        let shift = delta / tag.markerCoefficient
        beginTransaction()
        let markerSlot = basicSlots[tag.marker.index]
        if markerSlot >= 0 {
            shiftConstant(ofRowAt: markerSlot, by: -shift)
        } else {
            trackOccurrences(of: tag.marker)
            compactOccurrences(of: tag.marker)
            var node = occurrences.first(of: tag.marker)
            while node >= 0 {
                let (slot, next) = occurrences.entry(node)
                shiftConstant(ofRowAt: slot, by: shift * rows[Int(slot)].coefficient(of: tag.marker))
                node = next
            }
        }
        switch dualOptimize() {
        case .optimal:
            commit()
        case .infeasible(let slot):
            let row = rows[Int(slot)]
            let proof = [owners[row.basic.index]] + row.cells.map { owners[$0.symbol.index] }
            rollback()
            throw .conflict(owners: proof)
        case .stalled:
            rollback()
            throw .stalled
        }
    }
}
