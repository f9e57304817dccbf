/// The simplex steps: primal optimisation (after a row is added or removed), the phase-one optimisation
/// of an artificial variable, and dual optimisation (after a constant changes).
extension Tableau {
    /// How an optimisation ended.
    enum Outcome: Equatable {
        /// Optimal (primal) or feasible and optimal (dual).
        case optimal
        /// The dual simplex found a row it cannot repair: its restriction is unsatisfiable.
        case infeasible(slot: Int32)
        /// The pivot limit was reached, or rounding made the objective look unbounded.
        case stalled
    }

    // MARK: Primal

    /// Pivots until no column improves the objective (all levels, lexicographically).
    ///
    /// Each pivot keeps every restricted row feasible, so stopping early (``Outcome/stalled``) leaves a
    /// feasible if not optimal solution: every required constraint still holds.
    ///
    /// Bland's rule keeps degenerate pivots (steps of zero) from cycling. A step must also not make
    /// things worse: its effect on the objective, level by level, must not first differ from zero (by
    /// more than the level's rounding) as an increase. A column whose reduced cost looked negative only
    /// through a higher level's residue (a few 10⁻⁸ beside costs of order one, on ill-conditioned
    /// systems) fails this, is set aside, and cannot swap in and out with another column for ever; so
    /// is one that no row blocks (the objective is bounded below, so only residue makes that happen).
    /// Columns set aside are looked at again after the next step that is taken, since it changes their
    /// costs.
    @discardableResult
    mutating func optimize() -> Outcome {
        guard objective.isDirty else { return .optimal }
        let limit = pivotLimit
        var pivots = 0
        var setAside: [Symbol] = []
        while true {
            let entering = objective.enteringSymbol(kinds: kinds, excluding: setAside)
            if entering.isNone {
                objective.noteOptimal()
                return .optimal
            }
            guard pivots < limit else { return .stalled }
            guard let (slot, step) = leavingSlot(for: entering),
                !objective.increases(along: entering, by: step)
            else {
                // Unblocked (only rounding residue can make a column look unbounded: the objective is
                // a sum of non-negative errors) or not paying: set aside.
                setAside.append(entering)
                continue
            }
            setAside.removeAll()
            pivot(entering: entering, slot: slot)
            pivots += 1
        }
    }

    /// Pivots until the artificial objective cannot decrease.
    mutating func optimizeArtificial() -> Outcome {
        let limit = pivotLimit
        var pivots = 0
        var setAside: [Symbol] = []
        while true {
            var entering = Symbol.none
            let tolerance = artificial?.pivotTolerance ?? Tolerance.epsilon
            for cell in artificial?.cells ?? [] where cell.coefficient <= -tolerance {
                if kinds[cell.symbol.index].isPivotable, !setAside.contains(cell.symbol) {
                    entering = cell.symbol
                    break
                }
            }
            if entering.isNone { return .optimal }
            guard pivots < limit else { return .stalled }
            // As in ``optimize()``: a column no row blocks owes its promise to rounding residue.
            guard let (slot, _) = leavingSlot(for: entering) else {
                setAside.append(entering)
                continue
            }
            setAside.removeAll()
            pivot(entering: entering, slot: slot)
            pivots += 1
        }
    }

    /// The row that first blocks `entering` as it grows from zero (the ratio test), ties going to the
    /// smallest basic symbol (Bland's rule). External rows never block; a dummy row blocks at once, which
    /// moves the dummy out of the basis rather than letting it leave zero.
    ///
    /// - Returns: the row's slot and how far `entering` moves before it blocks (the step).
    func leavingSlot(for entering: Symbol) -> (slot: Int32, step: Double)? {
        var best: Int32?
        var bestRatio = Double.infinity
        var bestBasic = Symbol.none
        forEachRow(holding: entering) { slot, coefficient, basic, constant in
            let ratio: Double
            switch kinds[basic.index] {
            case .external:
                return true
            case .dummy:
                guard abs(coefficient) >= rows[Int(slot)].pivotTolerance else { return true }
                ratio = 0
            case .slack, .error:
                guard coefficient <= -Tolerance.epsilon, -coefficient >= rows[Int(slot)].pivotTolerance else {
                    return true
                }
                ratio = max(0, -constant / coefficient)
            }
            if best == nil || ratio < bestRatio - Tolerance.epsilon
                || (ratio <= bestRatio + Tolerance.epsilon && basic < bestBasic) {
                (best, bestRatio, bestBasic) = (slot, ratio, basic)
            }
            return true
        }
        return best.map { ($0, bestRatio) }
    }

    // MARK: Dual

    /// Repairs the rows in ``infeasibleSlots`` while keeping the objective optimal: for each, the column
    /// whose reduced cost per unit of repair is lexicographically smallest enters (ties to the smallest
    /// symbol). A row with no column to enter is a proof of infeasibility (``Outcome/infeasible(slot:)``).
    ///
    /// The objective must be optimal when this starts (see ``optimize()``): that is what the dual simplex
    /// keeps while it restores feasibility.
    mutating func dualOptimize() -> Outcome {
        let limit = pivotLimit
        var pivots = 0
        var costs: [Double] = []
        var bestCosts: [Double] = []
        defer { infeasibleSlots.removeAll(keepingCapacity: true) }
        while let slot = infeasibleSlots.popLast() {
            let row = rows[Int(slot)]
            guard !row.basic.isNone else { continue }
            // Which way the basic symbol must move: up for a negative restricted row, towards zero for a
            // dummy row (down when positive).
            let direction: Double
            switch kinds[row.basic.index] {
            case .external: continue
            case .slack, .error:
                guard row.constant <= -Tolerance.epsilon else { continue }
                direction = 1
            case .dummy:
                guard abs(row.constant) >= Tolerance.epsilon else { continue }
                direction = row.constant < 0 ? 1 : -1
            }
            var entering = Symbol.none
            let tolerance = row.pivotTolerance
            for cell in row.cells {
                let coefficient = cell.coefficient * direction
                guard coefficient >= tolerance, kinds[cell.symbol.index].isPivotable else { continue }
                objective.costs(of: cell.symbol, dividedBy: coefficient, into: &costs)
                if entering.isNone || Objective.compare(costs, bestCosts) < 0 {
                    entering = cell.symbol
                    swap(&costs, &bestCosts)
                }
            }
            if entering.isNone { return .infeasible(slot: slot) }
            guard pivots < limit else { return .stalled }
            pivot(entering: entering, slot: slot)
            pivots += 1
        }
        // Dual pivots keep every reduced cost non-negative: the objective is as optimal as it started.
        objective.noteOptimal()
        return .optimal
    }

    // MARK: Removing a marker

    /// The row to pivot a parametric marker into before dropping it, chosen (as kiwi does) to keep the
    /// tableau feasible: among restricted rows where the marker has a negative coefficient, the one that
    /// blocks it first as it grows; else among those with a positive coefficient, the one that blocks it
    /// first as it shrinks; else any external row. Dummy rows block at once either way. `nil` when the
    /// marker occurs in no row (its constraint has cancelled out of the tableau).
    func markerLeavingSlot(for marker: Symbol) -> Int32? {
        var growing: (slot: Int32, ratio: Double, basic: Symbol)?
        var shrinking: (slot: Int32, ratio: Double, basic: Symbol)?
        var external: Int32?
        forEachRow(holding: marker) { slot, coefficient, basic, constant in
            guard abs(coefficient) >= rows[Int(slot)].pivotTolerance else { return true }
            let kind = kinds[basic.index]
            if kind == .external {
                if external == nil { external = slot }
                return true
            }
            let ratio = kind == .dummy ? 0 : max(0, constant / abs(coefficient))
            let candidate = (slot, ratio, basic)
            if coefficient < 0 {
                if growing.map({ Self.isBetter(candidate, than: $0) }) ?? true { growing = candidate }
            } else if shrinking.map({ Self.isBetter(candidate, than: $0) }) ?? true {
                shrinking = candidate
            }
            return true
        }
        return growing?.slot ?? shrinking?.slot ?? external
    }

    private static func isBetter(
        _ candidate: (slot: Int32, ratio: Double, basic: Symbol), than best: (slot: Int32, ratio: Double, basic: Symbol)
    ) -> Bool {
        candidate.ratio < best.ratio - Tolerance.epsilon
            || (candidate.ratio <= best.ratio + Tolerance.epsilon && candidate.basic < best.basic)
    }
}
