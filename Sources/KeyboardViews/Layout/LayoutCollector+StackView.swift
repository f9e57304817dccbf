import Foundation
import KeyboardLayoutSolver

/// The constraints a stack view makes for its arranged views (UIKit's `UISV-…` constraints).
///
/// Along the axis: the first visible view starts at the stack's leading edge (its margin with
/// `isLayoutMarginsRelativeArrangement`), each next one a spacing after the one before, the last ends
/// at the trailing edge; `fillEqually` makes their lengths equal, `fillProportionally` shares the
/// length in proportion to their intrinsic lengths, `equalSpacing` and `equalCentering` keep the views
/// at their intrinsic lengths and make the gaps (or the distances between centres) equal, never below
/// the spacing. A hidden arranged view gives its length away (`UISV-hiding`: length 0, required, so a
/// required length of your own on it conflicts, as on iOS) and its spacing with it.
///
/// Across: `fill` pins both edges; `leading`/`top`, `trailing`/`bottom` and `center` pin one edge (or
/// the centre) and keep the view inside; the baselines align the views' baselines. A stack view not
/// otherwise sized across hugs its largest view.
///
/// Right to left (the stack's ``View/effectiveUserInterfaceLayoutDirection``), a horizontal stack places
/// its first arranged view at the right and goes leftwards (the spacing between two views is still the
/// one after the first of them in `arrangedSubviews`), and a vertical stack's `leading` and `trailing`
/// alignments are the right and left edges. Margins stay where they are: `left` is the left margin.
///
/// Where `fill` leaves a choice (views with the same lowest hugging priority, or the same lowest
/// compression resistance), the one first in `arrangedSubviews` stretches or shrinks: UIKit's
/// documented rule is "based on their index"; CHOICE: the lowest index.
extension LayoutCollector {
    mutating func addArrangement(of stack: StackView) throws(LayoutSolver.Error) {
        let arranged = stack.arrangedSubviews.filter { $0.superview === stack }
        guard !arranged.isEmpty else { return }
        let horizontal = stack.axis == .horizontal
        let box = try engine.rectangle(of: stack)
        let margins = stack.isLayoutMarginsRelativeArrangement ? stack.layoutMargins : .zero
        let (leadInset, trailInset) = horizontal
            ? (Double(margins.left), Double(margins.right)) : (Double(margins.top), Double(margins.bottom))
        let (crossLeadInset, crossTrailInset) = horizontal
            ? (Double(margins.top), Double(margins.bottom)) : (Double(margins.left), Double(margins.right))
        let stackStart = horizontal ? box.minX : box.minY, stackLength = horizontal ? box.width : box.height
        let crossStart = horizontal ? box.minY : box.minX, crossLength = horizontal ? box.height : box.width
        let axisName = horizontal ? "H" : "V"

        func start(_ rect: LayoutEngine.Rectangle) -> LayoutSolver.Variable { horizontal ? rect.minX : rect.minY }
        func length(_ rect: LayoutEngine.Rectangle) -> LayoutSolver.Variable { horizontal ? rect.width : rect.height }
        func crossOrigin(_ rect: LayoutEngine.Rectangle) -> LayoutSolver.Variable { horizontal ? rect.minY : rect.minX }
        func crossSize(_ rect: LayoutEngine.Rectangle) -> LayoutSolver.Variable { horizontal ? rect.height : rect.width }
        // Every description holds its views weakly: the engine keeps them, and the root keeps the engine.
        let describe = { [weak stack] (what: String) in { [weak stack] in "<NSLayoutConstraint: '\(what)' \(View.reportName(stack))   (active)>" } }

        var rects: [LayoutEngine.Rectangle] = []
        for view in arranged { rects.append(try engine.rectangle(of: view)) }
        let visible = arranged.indices.filter { !arranged[$0].isHidden }
        // The visible views in the order they sit along the axis, from its start (left, or top).
        let flipped = isRightToLeft(stack)
        let sequence = horizontal && flipped ? Array(visible.reversed()) : visible

        // Hidden views: no length, placed where they would be.
        for index in arranged.indices where arranged[index].isHidden {
            let rect = rects[index]
            add(.stackHidden, stack, index, [Term(length(rect))], 0, .equal, 1000, describe("UISV-hiding"))
            let before = horizontal && flipped ? visible.first(where: { $0 > index }) : visible.last(where: { $0 < index })
            if let before {
                add(.stackHidden, stack, index + arranged.count, [Term(start(rect)), Term(start(rects[before]), -1), Term(length(rects[before]), -1)],
                    0, .equal, 1000, describe("UISV-hiding"))
            } else {
                add(.stackHidden, stack, index + arranged.count, [Term(start(rect)), Term(stackStart, -1)], -leadInset, .equal, 1000, describe("UISV-hiding"))
            }
        }

        // Along the axis.
        if let first = sequence.first, let last = sequence.last {
            add(.stackLeadingEdge, stack, 0, [Term(start(rects[first])), Term(stackStart, -1)], -leadInset, .equal, 1000,
                describe("UISV-canvas-connection"))
            add(.stackTrailingEdge, stack, 0, [Term(start(rects[last])), Term(length(rects[last])), Term(stackStart, -1), Term(stackLength, -1)],
                trailInset, .equal, 1000, describe("UISV-canvas-connection"))
            let distribution = stack.distribution
            let exactGaps = distribution == .fill || distribution == .fillEqually || distribution == .fillProportionally
            var totalGaps = 0.0
            for (position, index) in sequence.enumerated().dropLast() {
                let next = sequence[position + 1]
                let gap = Double(stack.spacing(after: arranged[min(index, next)]))
                totalGaps += gap
                let terms = [Term(start(rects[next])), Term(start(rects[index]), -1), Term(length(rects[index]), -1)]
                let before = arranged[index], after = arranged[next]
                add(.stackSpacing, stack, position, terms, -gap, exactGaps ? .equal : .greaterThanOrEqual, 1000) { [weak before, weak after] in
                    // Named only when a report needs it.
                    "<NSLayoutConstraint: 'UISV-spacing' \(axisName):[\(View.reportName(before))]-(\(layoutNumber(gap)))-[\(View.reportName(after))]   (active)>"
                }
            }
            switch distribution {
            case .fillEqually:
                for (position, index) in sequence.enumerated().dropFirst() {
                    add(.stackEqualSize, stack, position, [Term(length(rects[index])), Term(length(rects[first]), -1)], 0, .equal, 1000,
                        describe("UISV-fill-equally"))
                }
            case .fillProportionally:
                let sizes = sequence.map { Double(horizontal ? arranged[$0].intrinsicContentSize.width : arranged[$0].intrinsicContentSize.height) }
                let sum = sizes.reduce(0, +)
                if sizes.allSatisfy({ $0 >= 0 }), sum > 0 {
                    for (position, index) in sequence.enumerated() {
                        let share = sizes[position] / sum
                        add(.stackProportion, stack, position, [Term(length(rects[index])), Term(stackLength, -share)],
                            share * (leadInset + trailInset + totalGaps), .equal, 999, describe("UISV-fill-proportionally"))
                    }
                } else {
                    try addFillTies(stack, arranged, visible, rects, horizontal: horizontal)
                }
            case .fill:
                try addFillTies(stack, arranged, visible, rects, horizontal: horizontal)
            case .equalSpacing:
                for (position, index) in sequence.enumerated().dropFirst(2) {
                    let before = sequence[position - 1], firstGapEnd = sequence[1]
                    let terms = [Term(start(rects[index])), Term(start(rects[before]), -1), Term(length(rects[before]), -1),
                                 Term(start(rects[firstGapEnd]), -1), Term(start(rects[first])), Term(length(rects[first]))]
                    add(.stackEqualGap, stack, position, terms, 0, .equal, 999, describe("UISV-fill-equalSpacing"))
                }
            case .equalCentering:
                for (position, index) in sequence.enumerated().dropFirst(2) {
                    let before = sequence[position - 1], second = sequence[1]
                    // (c_i − c_{i−1}) − (c_1 − c_0) == 0, with c = start + length/2
                    let terms = [Term(start(rects[index])), Term(length(rects[index]), 0.5),
                                 Term(start(rects[before]), -1), Term(length(rects[before]), -0.5),
                                 Term(start(rects[second]), -1), Term(length(rects[second]), -0.5),
                                 Term(start(rects[first])), Term(length(rects[first]), 0.5)]
                    add(.stackEqualGap, stack, position, terms, 0, .equal, 999, describe("UISV-fill-equalCentering"))
                }
            }
        }

        // Across the axis: a vertical stack's leading edge is its right one, right to left.
        let alignment: StackView.Alignment = switch stack.alignment {
        case .leading where !horizontal && flipped: .trailing
        case .trailing where !horizontal && flipped: .leading
        default: stack.alignment
        }
        let baselineAligned = horizontal && (alignment == .firstBaseline || alignment == .lastBaseline)
        var reference: (terms: [Term], constant: Double)?
        if baselineAligned, let first = visible.first {
            reference = try anchor(arranged[first], alignment == .firstBaseline ? .firstBaseline : .lastBaseline)
        }
        for (index, view) in arranged.enumerated() {
            let rect = rects[index]
            let leading = [Term(crossOrigin(rect)), Term(crossStart, -1)]
            let trailing = [Term(crossOrigin(rect)), Term(crossSize(rect)), Term(crossStart, -1), Term(crossLength, -1)]
            switch alignment {
            case .fill:
                add(.stackCrossLeading, stack, index, leading, -crossLeadInset, .equal, 1000, describe("UISV-alignment"))
                add(.stackCrossTrailing, stack, index, trailing, crossTrailInset, .equal, 1000, describe("UISV-alignment"))
            case .leading:
                add(.stackCrossLeading, stack, index, leading, -crossLeadInset, .equal, 1000, describe("UISV-alignment"))
                add(.stackCrossTrailing, stack, index, trailing, crossTrailInset, .lessThanOrEqual, 1000, describe("UISV-spanning-boundary"))
            case .trailing:
                add(.stackCrossLeading, stack, index, leading, -crossLeadInset, .greaterThanOrEqual, 1000, describe("UISV-spanning-boundary"))
                add(.stackCrossTrailing, stack, index, trailing, crossTrailInset, .equal, 1000, describe("UISV-alignment"))
            case .center:
                let centre = [Term(crossOrigin(rect)), Term(crossSize(rect), 0.5), Term(crossStart, -1), Term(crossLength, -0.5)]
                add(.stackCrossCenter, stack, index, centre, (crossTrailInset - crossLeadInset) / 2, .equal, 1000, describe("UISV-alignment"))
                add(.stackCrossLeading, stack, index, leading, -crossLeadInset, .greaterThanOrEqual, 1000, describe("UISV-spanning-boundary"))
            case .firstBaseline, .lastBaseline:
                add(.stackCrossLeading, stack, index, leading, -crossLeadInset, .greaterThanOrEqual, 1000, describe("UISV-spanning-boundary"))
                add(.stackCrossTrailing, stack, index, trailing, crossTrailInset, .lessThanOrEqual, 1000, describe("UISV-spanning-boundary"))
                if baselineAligned, let reference, index != visible.first, !view.isHidden {
                    let own = try anchor(view, alignment == .firstBaseline ? .firstBaseline : .lastBaseline) ?? ([], 0)
                    add(.stackBaseline, stack, index, own.terms + reference.terms.map { Term($0.variable, -$0.coefficient) },
                        own.constant - reference.constant, .equal, 1000, describe("UISV-baseline"))
                } else if !baselineAligned {
                    // A vertical stack has no baselines to align: its views sit at the leading edge.
                    if flipped {
                        add(.stackCrossCenter, stack, index, trailing, crossTrailInset, .equal, 1000, describe("UISV-alignment"))
                    } else {
                        add(.stackCrossCenter, stack, index, leading, -crossLeadInset, .equal, 1000, describe("UISV-alignment"))
                    }
                }
                // Which height the row takes is otherwise open: the views sit as high as they can.
                add(.stackCrossFit, stack, index, leading, -crossLeadInset, .equal, 25, describe("UISV-ambiguity-suppression"))
            }
        }
        if alignment != .fill {
            // Not sized across by anything else, the stack hugs its largest view.
            add(.stackCanvasHug, stack, 0, [Term(crossLength)], 0, .equal, 25, describe("UISV-canvas-fit"))
        }
    }

    /// Breaks `fill`'s ties: among the visible views with the lowest hugging priority (and, for shrinking,
    /// the lowest compression resistance) every one but the first in `arrangedSubviews` hugs (resists)
    /// half a priority point harder, so the first stretches (shrinks) and the layout is not ambiguous.
    private mutating func addFillTies(_ stack: StackView, _ arranged: [View], _ visible: [Int], _ rects: [LayoutEngine.Rectangle],
                                      horizontal: Bool) throws(LayoutSolver.Error) {
        let axis: LayoutConstraint.Axis = horizontal ? .horizontal : .vertical
        let sized = visible.filter {
            let size = arranged[$0].intrinsicContentSize
            return (horizontal ? size.width : size.height) >= 0 && !arranged[$0].translatesAutoresizingMaskIntoConstraints
        }
        guard sized.count > 1 else { return }
        // Hugging ties give a stretched view's length an upper bound, compression-resistance ties a lower one.
        addFillTies(.stackTieHug, .lessThanOrEqual, stack, arranged, sized, rects, horizontal: horizontal) {
            $0.contentHuggingPriority(for: axis).rawValue
        }
        addFillTies(.stackTieResist, .greaterThanOrEqual, stack, arranged, sized, rects, horizontal: horizontal) {
            $0.contentCompressionResistancePriority(for: axis).rawValue
        }
    }

    /// One kind of `fill`'s ties: the views of `sized` whose `priority` is the lowest, all but the first held
    /// to their intrinsic length (`relation`) half a point above it; none when that priority is 999 or more.
    private mutating func addFillTies(_ kind: Kind, _ relation: LayoutSolver.Relation,
                                      _ stack: StackView, _ arranged: [View], _ sized: [Int], _ rects: [LayoutEngine.Rectangle],
                                      horizontal: Bool, priority: (View) -> Float) {
        let lowest = sized.map { priority(arranged[$0]) }.min() ?? 0
        guard lowest < 999 else { return }
        for index in sized.filter({ priority(arranged[$0]) == lowest }).dropFirst() {
            let size = Double(horizontal ? arranged[index].intrinsicContentSize.width : arranged[index].intrinsicContentSize.height)
            let variable = horizontal ? rects[index].width : rects[index].height
            let view = arranged[index]
            add(kind, stack, index, [Term(variable)], -size, relation, lowest + 0.5) { [weak view] in
                "<NSLayoutConstraint: 'UISV-ambiguity-suppression' \(View.reportName(view))   (active)>"
            }
        }
    }
}
