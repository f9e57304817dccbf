import Foundation
import KeyboardLayoutSolver

/// The Auto Layout engine of one view tree (what UIKit's engine does for a window): every view and
/// layout guide of the tree is a rectangle of four variables in the root's coordinates, every active
/// constraint and every constraint UIKit generates (intrinsic sizes, autoresizing masks, stack views,
/// the system's layout guides) is a linear constraint over them, and ``KeyboardLayoutSolver`` solves them.
///
/// A pass collects the constraints the tree wants now, keyed by where they come from, and changes the
/// solver by the difference only: a constant that changed is a constant set in place (the solver's
/// incremental path), a constraint that came or went is added or removed, nothing else is touched. The
/// root's own frame is what its owner gave it (the session sizes a keyboard's view; a window is its
/// screen) and holds as a required constraint; every other view's frame is the solution, aligned to
/// the pixel grid.
///
/// A required constraint that cannot hold with the others is broken as UIKit breaks it: it is left out
/// of the solution, and a ``LayoutConstraint/ConflictReport`` in UIKit's words names it and the
/// constraints it conflicts with (the log, a session event, ``View/layoutConflicts``). It is tried
/// again only when it changes.
final class LayoutEngine {
    /// The four variables of a view or guide: its rectangle in the root's coordinates.
    struct Rectangle {
        let minX: LayoutSolver.Variable
        let minY: LayoutSolver.Variable
        let width: LayoutSolver.Variable
        let height: LayoutSolver.Variable
    }

    /// Where a constraint comes from: a constraint of the user's, or one the engine generates for an
    /// owner (a view or guide), of a kind and an index.
    struct Key: Hashable {
        let owner: ObjectIdentifier
        let kind: Int32
        let index: Int32
    }

    /// A constraint as installed: the solver's identifier and what it was made from.
    private struct Installed {
        var id: LayoutSolver.ConstraintID
        var spec: Spec
    }

    /// A linear constraint `terms + constant RELATION 0` at a priority, and a description for reports.
    struct Spec {
        var terms: [LayoutSolver.Expression.Term]
        var constant: Double
        var relation: LayoutSolver.Relation
        var priority: Float
        /// For a user's constraint, its `constant` as it went into ``constant`` (whose sign it enters with
        /// a minus): what the incremental path corrects by.
        var sourceConstant: Double = 0
        /// How a report names the constraint (UIKit's form); built only when a report needs it.
        var describe: () -> String

        func sameShape(as other: Spec) -> Bool {
            relation == other.relation && terms == other.terms
        }
    }

    /// The caps on one tree's engine: a tree larger than this is not laid out (its frames stay as they
    /// are) and says why, instead of taking unbounded time.
    static let maximumItems = 20_000
    static let maximumConstraints = 100_000

    private var solver = LayoutSolver(maximumVariableCount: 4 * maximumItems + 64, maximumConstraintCount: maximumConstraints)
    private var rectangles: [ObjectIdentifier: Rectangle] = [:]
    private var installed: [Key: Installed] = [:]
    /// Required constraints left out because they conflicted, with the shape they had then: tried again
    /// when they change.
    private var broken: [Key: Spec] = [:]
    /// The conflicts of the last passes, oldest first (capped at ``maximumReports``).
    private(set) var reports: [LayoutConstraint.ConflictReport] = []
    static let maximumReports = 100

    /// How many views and guides the tree had at the last pass (the engine keeps no reference to them:
    /// the root keeps the engine).
    private var itemCount = 0
    /// Whether the solver holds many more variables than the tree has items (views came and went): the
    /// tree is then given a new engine, since a solver's variables are never taken back.
    var isBloated: Bool { rectangles.count > 2 * itemCount + 1024 }
    /// Constraints already reported as impossible to place (items outside the tree), reported once.
    var reportedUnplaceable: Set<ObjectIdentifier> = []
    /// Whether the tree has a guide the system places (solved again at every pass).
    var hasComputedGuides = false

    // MARK: Variables

    /// The variables of a view or guide, made on first use.
    func rectangle(of item: AnyObject) throws(LayoutSolver.Error) -> Rectangle {
        let id = ObjectIdentifier(item)
        if let known = rectangles[id] { return known }
        let rectangle = Rectangle(
            minX: try solver.makeVariable(), minY: try solver.makeVariable(),
            width: try solver.makeVariable(), height: try solver.makeVariable())
        rectangles[id] = rectangle
        return rectangle
    }

    /// The solved rectangle of an item in the root's coordinates (`nil` for an item the engine does not
    /// know).
    func solvedRectangle(of item: AnyObject) -> CGRect? {
        guard let rectangle = rectangles[ObjectIdentifier(item)] else { return nil }
        return CGRect(x: solver.value(of: rectangle.minX), y: solver.value(of: rectangle.minY),
                      width: solver.value(of: rectangle.width), height: solver.value(of: rectangle.height))
    }

    /// Whether some side of the item's rectangle is not fixed by the constraints (UIKit's
    /// `hasAmbiguousLayout`).
    func isAmbiguous(_ item: AnyObject) -> Bool {
        guard let rectangle = rectangles[ObjectIdentifier(item)] else { return false }
        return [rectangle.minX, rectangle.minY, rectangle.width, rectangle.height].contains { solver.isAmbiguous($0) }
    }

    // MARK: A pass

    /// Brings the solver to the constraints `wanted` (in the order given: the order new ones are added,
    /// so a conflict breaks the later one), and returns the conflicts this pass found.
    ///
    /// Changes are applied one at a time, and a state between two of them can be infeasible when the end
    /// state is not (the keyboard's view is resized to 300 while its height constraint still says 250):
    /// a change the solver refuses is tried again after the others, as long as that helps, and only what
    /// still fails then is broken and reported.
    func update(to wanted: [(key: Key, spec: Spec)], itemCount: Int) -> [LayoutConstraint.ConflictReport] {
        self.itemCount = itemCount
        var wantedKeys = Set<Key>()
        wantedKeys.reserveCapacity(wanted.count)
        for entry in wanted { wantedKeys.insert(entry.key) }
        var changed = false
        for (key, entry) in installed where !wantedKeys.contains(key) {
            solver.remove(entry.id)
            installed[key] = nil
            changed = true
        }
        for key in broken.keys where !wantedKeys.contains(key) { broken[key] = nil }
        var pending: [(key: Key, spec: Spec)] = []
        var stillBroken: [(key: Key, spec: Spec)] = []
        for (key, spec) in wanted {
            if let old = broken[key], installed[key] == nil, old.sameShape(as: spec), old.constant == spec.constant, old.priority == spec.priority {
                stillBroken.append((key, spec))   // tried again below only if something else changed
                continue
            }
            if installed[key].map({ $0.spec.constant != spec.constant || $0.spec.priority != spec.priority || !$0.spec.sameShape(as: spec) }) ?? true {
                changed = true
            }
            if !apply(key, spec) { pending.append((key, spec)) }
        }
        // Retried while some succeed (each success can make another feasible), a bounded number of rounds.
        var rounds = 0
        var progress = true
        while progress, !pending.isEmpty, rounds < Self.maximumRetryRounds {
            progress = false
            rounds += 1
            pending = pending.filter { entry in
                let applied = apply(entry.key, entry.spec)
                if applied { progress = true }
                return !applied
            }
        }
        var found: [LayoutConstraint.ConflictReport] = []
        // The root's frame and the system's guides are never what is broken: they go in first, taking out
        // the user's constraints they conflict with, which are then the ones reported.
        for (key, spec) in pending.sorted(by: { Self.isPinned($0.key) && !Self.isPinned($1.key) }) {
            if let current = installed[key] {
                solver.remove(current.id)
                installed[key] = nil
            }
            guard let error = insert(key, spec) else { continue }
            guard Self.isPinned(key), case .unsatisfiable(_, let conflicting) = error else {
                fail(key, spec, error, reporting: &found)
                continue
            }
            let displaced = installed.filter { $0.key.kind == 0 && conflicting.contains($0.value.id) }
            for (userKey, entry) in displaced {
                solver.remove(entry.id)
                installed[userKey] = nil
            }
            if let again = insert(key, spec) { fail(key, spec, again, reporting: &found) }
            for (userKey, entry) in displaced {
                if let refused = insert(userKey, entry.spec) { fail(userKey, entry.spec, refused, reporting: &found) }
            }
        }
        // A broken constraint gets another chance when the tree changed around it; still broken, it stays
        // quiet (it was reported when it broke).
        if changed {
            for (key, spec) in stillBroken where insert(key, spec) == nil { broken[key] = nil }
        }
        reports += found
        if reports.count > Self.maximumReports { reports.removeFirst(reports.count - Self.maximumReports) }
        return found
    }

    /// Brings one constraint to its wanted form: a constant or priority set in place, or the constraint
    /// (re-)added. Returns `false` when the solver refused (the constraint then keeps its old form, or is
    /// not installed).
    private func apply(_ key: Key, _ spec: Spec) -> Bool {
        let priority = LayoutSolver.Priority(Self.clamped(spec.priority))
        if var current = installed[key] {
            // A new shape, or a priority that crosses the required line, is a new constraint.
            let crossesRequired = (current.spec.priority >= 1000) != (spec.priority >= 1000)
            if !current.spec.sameShape(as: spec) || crossesRequired {
                solver.remove(current.id)
                installed[key] = nil
                return add(key, spec)
            }
            do {
                if current.spec.priority != spec.priority { try solver.setPriority(priority, of: current.id) }
                current.spec.priority = spec.priority
                if current.spec.constant != spec.constant { try solver.setConstant(spec.constant, of: current.id) }
            } catch {
                installed[key] = current
                return false
            }
            current.spec = spec
            installed[key] = current
            return true
        }
        return add(key, spec)
    }

    private func add(_ key: Key, _ spec: Spec) -> Bool {
        insert(key, spec) == nil
    }

    /// Adds a constraint; answers the solver's refusal, or `nil` when it was added.
    private func insert(_ key: Key, _ spec: Spec) -> LayoutSolver.Error? {
        let expression = LayoutSolver.Expression(terms: spec.terms, constant: spec.constant)
        do {
            let id = try solver.add(expression, spec.relation, priority: LayoutSolver.Priority(Self.clamped(spec.priority)))
            installed[key] = Installed(id: id, spec: spec)
            broken[key] = nil
            return nil
        } catch {
            return error
        }
    }

    /// How many rounds a pass retries the changes the solver refused.
    static let maximumRetryRounds = 8

    /// Whether a constraint places the root or a system guide (never the one broken in a conflict).
    private static func isPinned(_ key: Key) -> Bool {
        (LayoutCollector.Kind.rootMinX.rawValue...LayoutCollector.Kind.rootHeight.rawValue).contains(key.kind)
            || (LayoutCollector.Kind.guideMinX.rawValue...LayoutCollector.Kind.guideHeight.rawValue).contains(key.kind)
    }

    /// Records a constraint the solver refused: a conflict is reported in UIKit's words with the
    /// constraints it conflicts with; any other refusal (a cap, a non-finite constant) says so.
    private func fail(_ key: Key, _ spec: Spec, _ error: LayoutSolver.Error, reporting found: inout [LayoutConstraint.ConflictReport]) {
        broken[key] = spec
        var others: [String] = []
        if case .unsatisfiable(_, let conflicting) = error {
            let byID = Dictionary(installed.map { ($0.value.id, $0.value.spec) }, uniquingKeysWith: { first, _ in first })
            others = conflicting.compactMap { byID[$0]?.describe() }
        }
        let broken = spec.describe()
        let reason: LayoutConstraint.ConflictReport.Reason
        switch error {
        case .unsatisfiable: reason = .unsatisfiable
        case .nonFinite(let value): reason = .invalid("its constant or multiplier \(value) is not a finite number")
        case .tooManyConstraints(let limit): reason = .invalid("the tree holds the engine's limit of \(limit) constraints")
        case .tooManyVariables(let limit): reason = .invalid("the tree holds the engine's limit of \(limit / 4) views and guides")
        default: reason = .invalid("\(error)")
        }
        found.append(LayoutConstraint.ConflictReport(constraints: others + [broken], broken: broken, reason: reason))
    }

    /// Sets the changed constants of users' constraints in place. Answers `false` when the change needs
    /// a full pass (a constraint not installed, or one the solver refuses now: the full pass reports it).
    func updateConstants(of constraints: [LayoutConstraint]) -> Bool {
        for constraint in constraints {
            let key = Key(owner: ObjectIdentifier(constraint), kind: 0, index: 0)
            guard var current = installed[key] else {
                if constraint.isActive { return false }
                continue   // deactivated since: the full pass that deactivation asked for removes it
            }
            let source = Double(constraint.constant)
            guard source.isFinite else { return false }
            let constant = current.spec.constant + current.spec.sourceConstant - source
            if constant != current.spec.constant {
                do { try solver.setConstant(constant, of: current.id) } catch { return false }
            }
            current.spec.constant = constant
            current.spec.sourceConstant = source
            installed[key] = current
        }
        return true
    }

    static func clamped(_ priority: Float) -> Float {
        priority.isFinite ? min(max(priority, 1), 1000) : 1000
    }
}

extension LayoutConstraint {
    /// What the engine said when it had to break a constraint: UIKit's "Unable to simultaneously satisfy
    /// constraints" report, in its words, with the constraints involved.
    ///
    /// ```swift
    /// tester.layoutConflicts.first?.broken   // "<NSLayoutConstraint:0x… 'keyHeight' UIButton:0x….height == 60   (active)>"
    /// ```
    public struct ConflictReport: Sendable, Hashable, CustomStringConvertible {
        /// Why the constraint was left out.
        public enum Reason: Sendable, Hashable {
            /// It cannot hold together with the other required constraints.
            case unsatisfiable
            /// It cannot be solved at all (the reason given).
            case invalid(String)
        }

        /// The constraints involved, as UIKit lists them (the broken one last).
        public var constraints: [String]
        /// The constraint left out of the solution.
        public var broken: String
        public var reason: Reason

        /// The report as UIKit logs it.
        public var description: String {
            switch reason {
            case .unsatisfiable:
                return """
                    [LayoutConstraints] Unable to simultaneously satisfy constraints.
                    \tProbably at least one of the constraints in the following list is one you don't want.
                    (
                    \(constraints.map { "    \"\($0)\"" }.joined(separator: ",\n"))
                    )

                    Will attempt to recover by breaking constraint
                    \(broken)
                    """
            case .invalid(let why):
                return "[LayoutConstraints] Unable to install constraint \(broken): \(why)"
            }
        }
    }
}
