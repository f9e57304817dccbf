/// How a change of a superview's length is shared among a subview's three parts along one axis — its
/// leading margin, its length, its trailing margin — by the subview's autoresizing mask, as UIKit's springs
/// and struts do: the flexible parts take the change in proportion to their sizes, equally when they are all
/// zero; the fixed parts keep theirs. The frame model (`View.resizeSubviews`) and the layout engine's
/// autoresizing constraints (`LayoutCollector`) both read it.
struct AutoresizingShares {
    /// The fraction of the change the leading margin takes (the trailing margin takes what the margin and
    /// the length leave of it, when it is flexible).
    let start: Double
    /// The fraction of the change the length takes.
    let length: Double
    /// Whether any part is flexible: without one, the frame keeps its place and size.
    let isFlexible: Bool

    init(start: Double, length: Double, parentLength: Double, mask: View.AutoresizingMask, horizontal: Bool) {
        let flexibleStart = mask.contains(horizontal ? .flexibleLeftMargin : .flexibleTopMargin)
        let flexibleLength = mask.contains(horizontal ? .flexibleWidth : .flexibleHeight)
        let flexibleEnd = mask.contains(horizontal ? .flexibleRightMargin : .flexibleBottomMargin)
        let end = parentLength - start - length
        var total = 0.0, count = 0.0
        if flexibleStart { total += max(start, 0); count += 1 }
        if flexibleLength { total += max(length, 0); count += 1 }
        if flexibleEnd { total += max(end, 0); count += 1 }
        func share(_ flexible: Bool, _ part: Double) -> Double {
            guard flexible else { return 0 }
            return total > 0 ? max(part, 0) / total : 1 / count
        }
        self.start = share(flexibleStart, start)
        self.length = share(flexibleLength, length)
        isFlexible = count > 0
    }
}
