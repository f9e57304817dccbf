/// The terms of an ``LayoutSolver/Expression``: up to four inline, any more in an array.
///
/// A layout constraint has at most four terms (`a.maxX == b.maxX` is `a.minX + a.width - b.minX -
/// b.width`), and an expression is built from several temporaries (`Expression(x) + 0.5 * Expression(w)`).
/// With an array per expression, building the keyboard's 600 constraints made some 2 700 allocations —
/// more than the solver itself; inline, building one makes none.
struct TermStorage: Sendable {
    typealias Term = LayoutSolver.Expression.Term

    private var inline: (Term, Term, Term, Term)
    private var spill: [Term] = []
    /// How many terms there are.
    private(set) var count = 0

    init() {
        let unused = Term(LayoutSolver.Variable(symbol: .none, ordinal: -1), 0)
        inline = (unused, unused, unused, unused)
    }

    init(_ terms: [Term]) {
        self.init()
        for term in terms { append(term) }
    }

    subscript(index: Int) -> Term {
        get {
            switch index {
            case 0: inline.0
            case 1: inline.1
            case 2: inline.2
            case 3: inline.3
            default: spill[index - 4]
            }
        }
        set {
            switch index {
            case 0: inline.0 = newValue
            case 1: inline.1 = newValue
            case 2: inline.2 = newValue
            case 3: inline.3 = newValue
            default: spill[index - 4] = newValue
            }
        }
    }

    mutating func append(_ term: Term) {
        if count < 4 {
            self[count] = term
        } else {
            spill.append(term)
        }
        count += 1
    }

    /// The terms as an array.
    var array: [Term] { (0..<count).map { self[$0] } }
}
