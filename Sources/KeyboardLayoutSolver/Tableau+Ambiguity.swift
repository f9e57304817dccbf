/// Ambiguity: whether a variable's value is pinned by the constraints and the objective, or could move
/// along the set of equally good solutions (UIKit's `hasAmbiguousLayout`).
extension Tableau {
    /// Whether `symbol` can change while every required constraint holds and the objective keeps its
    /// optimal value.
    ///
    /// On the optimal face a parametric column with a non-zero reduced cost must stay at zero, as must a
    /// dummy; the other parametric columns are free within their restrictions. Looking only at the
    /// symbol's row ("does it hold a free column?") would call a variable pinned between two tight
    /// inequalities ambiguous, so this instead maximises and minimises the symbol over the face with the
    /// simplex on a copy of the tableau: degenerate pivots (step zero) go on, and the first strictly
    /// positive step or unbounded column answers yes. Bland's rule and the pivot limit bound the work.
    ///
    /// The degenerate pivots move nothing and stay on the optimal face, so one copy serves every symbol
    /// asked about; it is only copied in fact (copy-on-write) if some symbol needs a pivot.
    func canMove(_ symbols: [Symbol]) -> [Bool] {
        var probe = self
        probe.journal = nil
        return symbols.map { symbol in
            probe.canMove(symbol, direction: 1) || probe.canMove(symbol, direction: -1)
        }
    }

    private mutating func canMove(_ symbol: Symbol, direction: Double) -> Bool {
        let limit = pivotLimit
        for _ in 0..<limit {
            let slot = basicSlots[symbol.index]
            let expression = slot >= 0 ? rows[Int(slot)].cells : [Cell(symbol: symbol, coefficient: 1)]
            let tolerance = slot >= 0 ? rows[Int(slot)].pivotTolerance : Tolerance.epsilon
            // The smallest free column that moves the symbol the asked way, and which way it moves.
            var entering = Symbol.none
            var rate = 0.0
            var step = 0.0
            for cell in expression {
                let kind = kinds[cell.symbol.index]
                let wanted = cell.coefficient * direction
                guard kind != .dummy, !objective.mentions(cell.symbol) else { continue }
                if kind == .external, abs(wanted) >= tolerance {
                    (entering, rate, step) = (cell.symbol, abs(wanted), wanted > 0 ? 1 : -1)
                    break
                }
                if kind != .external, wanted >= tolerance {
                    (entering, rate, step) = (cell.symbol, wanted, 1)
                    break
                }
            }
            if entering.isNone { return false }
            // The ratio test for moving `entering` by `step` per unit.
            var blocking: Int32?
            var bestRatio = Double.infinity
            var bestBasic = Symbol.none
            forEachRow(holding: entering) { slot, coefficient, basic, constant in
                let change = coefficient * step
                let ratio: Double
                switch kinds[basic.index] {
                case .external: return true
                case .dummy:
                    guard abs(change) >= rows[Int(slot)].pivotTolerance else { return true }
                    ratio = 0
                case .slack, .error:
                    guard change <= -rows[Int(slot)].pivotTolerance else { return true }
                    ratio = max(0, constant / -change)
                }
                if blocking == nil || ratio < bestRatio - Tolerance.epsilon
                    || (ratio <= bestRatio + Tolerance.epsilon && basic < bestBasic) {
                    (blocking, bestRatio, bestBasic) = (slot, ratio, basic)
                }
                return true
            }
            guard let blocking else { return true }
            if bestRatio * rate >= Tolerance.epsilon { return true }
            // Degenerate: swap the column in and look again.
            pivot(entering: entering, slot: blocking)
        }
        return false
    }
}
