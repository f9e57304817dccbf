extension LayoutSolver {
    // MARK: Adding and removing

    /// Adds the constraint `expression relation 0` and re-solves.
    ///
    /// A constant beyond ±``maximumConstantMagnitude`` is clamped to it (see there why).
    ///
    /// - Returns: the constraint's identifier, for ``remove(_:)``, ``setConstant(_:of:)`` and
    ///   ``setPriority(_:of:)``.
    /// - Throws: ``Error/unsatisfiable(_:conflicting:)`` when the constraint is required and cannot hold
    ///   with the required constraints present (it is then not added, and the solver is unchanged);
    ///   ``Error/nonFinite(_:)``, ``Error/unknownVariable(_:)``, ``Error/tooManyConstraints(limit:)`` or
    ///   ``Error/notConverged`` otherwise. Optional constraints never conflict.
    @discardableResult
    public mutating func add(
        _ expression: Expression, _ relation: Relation, priority: Priority = .required
    ) throws(Error) -> ConstraintID {
        if let value = expression.firstNonFinite { throw .nonFinite(value) }
        let expression = expression.clamped
        for index in 0..<expression.storage.count where !isKnown(expression.storage[index].variable) {
            throw .unknownVariable(expression.storage[index].variable)
        }
        guard constraintCount < constraintLimit else { throw .tooManyConstraints(limit: constraintLimit) }
        let id = reserveID()
        let tag: ConstraintTag
        do {
            tag = try tableau.insert(expression, relation, priority: priority, owner: id.slot)
        } catch {
            freeRecordSlots.append(id.slot)
            throw translate(error, changing: nil, self: id.slot)
        }
        records[Int(id.slot)] = ConstraintRecord(
            expression: expression, relation: relation, priority: priority, tag: tag)
        constraintCount += 1
        return id
    }

    /// Adds the constraint `lhs relation rhs` (that is, `lhs - rhs relation 0`) and re-solves; see
    /// ``add(_:_:priority:)``. The constant ``setConstant(_:of:)`` changes is that of `lhs - rhs`.
    @discardableResult
    public mutating func add(
        _ lhs: Expression, _ relation: Relation, _ rhs: Expression, priority: Priority = .required
    ) throws(Error) -> ConstraintID {
        try add(lhs - rhs, relation, priority: priority)
    }

    /// Removes a constraint and re-solves. Any constraint can be removed; removing one can never fail.
    ///
    /// - Returns: `false` if the constraint was not in the solver.
    @discardableResult
    public mutating func remove(_ id: ConstraintID) -> Bool {
        guard let record = record(id) else { return false }
        tableau.remove(record.tag, priority: record.level)
        records[Int(id.slot)] = nil
        freeRecordSlots.append(id.slot)
        constraintCount -= 1
        return true
    }

    /// Whether the constraint is in the solver.
    public func contains(_ id: ConstraintID) -> Bool {
        record(id) != nil
    }

    // MARK: Changing constraints

    /// Sets the constant of a constraint's expression and re-solves incrementally: the rows holding the
    /// constraint's marker shift, and the dual simplex repairs what that broke. A constant beyond
    /// ±``maximumConstantMagnitude`` is clamped to it.
    ///
    /// - Throws: ``Error/unsatisfiable(_:conflicting:)`` when a required constraint cannot hold with its
    ///   new constant (the constant and the solution stay as they were); ``Error/nonFinite(_:)``,
    ///   ``Error/unknownConstraint(_:)``, ``Error/notConverged``.
    public mutating func setConstant(_ constant: Double, of id: ConstraintID) throws(Error) {
        guard constant.isFinite else { throw .nonFinite(constant) }
        guard let record = record(id) else { throw .unknownConstraint(id) }
        let constant = Self.clamp(constant)
        let delta = constant - record.expression.constant
        guard delta != 0 else { return }
        do {
            try tableau.shiftConstant(of: record.tag, by: delta)
        } catch {
            throw translate(error, changing: id, self: id.slot)
        }
        records[Int(id.slot)]?.expression.constant = constant
    }

    /// The constant of a constraint's expression (as clamped), or `nil` if it is not in the solver.
    public func constant(of id: ConstraintID) -> Double? {
        record(id)?.expression.constant
    }

    /// Changes a constraint's priority, keeping its identifier: the constraint is taken out and put back
    /// (priorities change rarely; UIKit itself forbids going to or from required on an installed one).
    ///
    /// - Throws: ``Error/unsatisfiable(_:conflicting:)`` when the constraint becomes required and cannot
    ///   hold; it then keeps its old priority (equal in value to before, though not necessarily in the
    ///   same basis, so a value left free by the constraints may settle elsewhere).
    ///   ``Error/unknownConstraint(_:)`` for an identifier not in the solver.
    public mutating func setPriority(_ priority: Priority, of id: ConstraintID) throws(Error) {
        guard let record = record(id) else { throw .unknownConstraint(id) }
        guard priority != record.priority else { return }
        tableau.remove(record.tag, priority: record.level)
        do {
            let tag = try tableau.insert(record.expression, record.relation, priority: priority, owner: id.slot)
            records[Int(id.slot)]?.tag = tag
            records[Int(id.slot)]?.priority = priority
        } catch {
            // The old priority was accepted before and is accepted again: an optional constraint always
            // is, and a required one that held before the change still holds without it.
            if let tag = try? tableau.insert(
                record.expression, record.relation, priority: record.priority, owner: id.slot) {
                records[Int(id.slot)]?.tag = tag
            } else {
                records[Int(id.slot)] = nil
                freeRecordSlots.append(id.slot)
                constraintCount -= 1
            }
            throw translate(error, changing: id, self: id.slot)
        }
    }

    /// The priority of a constraint, or `nil` if it is not in the solver.
    public func priority(of id: ConstraintID) -> Priority? {
        record(id)?.priority
    }

    // MARK: Suggested values

    /// Asks for `variable == value` at `priority`: kiwi's edit variables. The first call adds the
    /// constraint; later ones change its constant in place (cheap, as ``setConstant(_:of:)``), and its
    /// priority if that differs.
    ///
    /// - Returns: the identifier of the constraint standing for the suggestion.
    @discardableResult
    public mutating func suggest(
        _ variable: Variable, value: Double, priority: Priority
    ) throws(Error) -> ConstraintID {
        guard value.isFinite else { throw .nonFinite(value) }
        if let id = suggestions[variable], contains(id) {
            try setPriority(priority, of: id)
            try setConstant(-value, of: id)
            return id
        }
        let id = try add(Expression(variable) - value, .equal, priority: priority)
        suggestions[variable] = id
        return id
    }

    /// Withdraws the suggestion for `variable`.
    ///
    /// - Returns: `false` if there was none.
    @discardableResult
    public mutating func removeSuggestion(for variable: Variable) -> Bool {
        guard let id = suggestions.removeValue(forKey: variable) else { return false }
        return remove(id)
    }

    // MARK: Records

    /// `constant` within ±``maximumConstantMagnitude``.
    static func clamp(_ constant: Double) -> Double {
        min(max(constant, -maximumConstantMagnitude), maximumConstantMagnitude)
    }

    private func record(_ id: ConstraintID) -> ConstraintRecord? {
        let slot = Int(id.slot)
        guard slot >= 0, slot < records.count, generations[slot] == id.generation else { return nil }
        return records[slot]
    }

    /// The identifier the next constraint gets (its slot is taken; give it back if the add fails).
    private mutating func reserveID() -> ConstraintID {
        if let slot = freeRecordSlots.popLast() {
            generations[Int(slot)] &+= 1
            return ConstraintID(slot: slot, generation: generations[Int(slot)])
        }
        records.append(nil)
        generations.append(0)
        return ConstraintID(slot: Int32(records.count - 1), generation: 0)
    }

    /// The public error for a tableau's refusal: owners become the identifiers of the required
    /// constraints among them, other than the one being changed (`self`).
    private func translate(_ failure: TableauFailure, changing id: ConstraintID?, self slot: Int32) -> Error {
        switch failure {
        case .stalled:
            return .notConverged
        case .conflict(let owners):
            var conflicting: Set<ConstraintID> = []
            for owner in owners where owner >= 0 && owner != slot && Int(owner) < records.count {
                guard let record = records[Int(owner)], record.priority.isRequired else { continue }
                conflicting.insert(ConstraintID(slot: owner, generation: generations[Int(owner)]))
            }
            return .unsatisfiable(id, conflicting: conflicting.sorted())
        }
    }
}
