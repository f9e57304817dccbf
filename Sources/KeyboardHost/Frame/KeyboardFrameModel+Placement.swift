import Foundation
import KeyboardEmulator

extension KeyboardFrameModel {
    private func requirePad(_ operation: String) throws {
        guard session.device.idiom == .pad else {
            throw OperationError.requiresPad(operation: operation, device: session.device.id)
        }
    }

    /// The software keyboard's current frame when it is on screen (not replaced by a hardware keyboard).
    private var softwareFrame: CGRect? {
        hardwareKeyboardAttached ? nil : frame
    }

    /// Undocks the keyboard (iPad): it lifts off the bottom edge, full width. Apps receive a hide group
    /// whose end frame is the lifted keyboard (`maxY` above the screen's bottom).
    ///
    /// - Parameter minY: the keyboard's top in screen coordinates (default: lifted by
    ///   ``defaultUndockLift``).
    public func undock(at minY: Double? = nil) throws {
        try place("undock", .undocked(minY: minY)) { previous, current, target in
            switch previous {
            case .docked: post(Self.hideGroup, from: current, to: target)
            case .undocked, .split: post(Self.changePair, from: current, to: target)
            case .floating: post([.keyboardDidChangeFrame], from: degenerate(current), to: target)
            }
        }
    }

    /// Splits the keyboard (iPad): two groups `willChangeFrame, willHide, didChangeFrame, didHide`, the
    /// first dropping the keyboard below the screen, the second raising the split halves. No show.
    public func split(at minY: Double? = nil) throws {
        try place("split", .split(minY: minY)) { _, current, target in
            let below = belowScreen(target)
            post(Self.hideGroup, from: current, to: below)
            post(Self.hideGroup, from: below, to: target)
        }
    }

    /// Makes the keyboard float (iPad): only `didChangeFrame`, with a zero-height frame at the floating
    /// keyboard's position.
    public func float(at origin: CGPoint? = nil) throws {
        try place("float", .floating(origin: origin)) { previous, current, target in
            post([.keyboardDidChangeFrame], from: previous == .floating ? degenerate(current) : current, to: degenerate(target))
        }
    }

    /// Goes to a new placement (`operation` names it in an error): the device must be an iPad; when the
    /// software keyboard is on screen, `announce` posts the notifications for the move (given the placement
    /// before, the frame now and the frame to come) and the keyboard settles at its new frame.
    private func place(
        _ operation: String, _ state: PlacementState,
        announce: (_ previous: KeyboardPlacement, _ current: CGRect, _ target: CGRect) -> Void
    ) throws {
        try requirePad(operation)
        let previous = placement
        placementState = state
        guard let current = softwareFrame, let target = targetFrame() else { return }
        let move = moves
        announce(previous, current, target)
        settle(.up(frame: target), after: move)
    }

    /// Drags an undocked or split keyboard (its top goes to `point.y`) or a floating one (its origin
    /// goes to `point`). Undocked and split: `willChangeFrame` with a zero end frame while the finger
    /// moves (the end position is unknown), then `didChangeFrame` with the new frame. Floating:
    /// `didChangeFrame` only.
    public func move(to point: CGPoint) throws {
        try requirePad("move")
        guard let current = softwareFrame else { throw OperationError.keyboardNotShown(operation: "move") }
        let move = moves
        switch placement {
        case .docked:
            throw OperationError.wrongPlacement(operation: "move", placement: .docked)
        case .undocked, .split:
            placementState = placementState.moved(to: point)
            guard let target = targetFrame() else { return }
            post([.keyboardWillChangeFrame], from: current, to: .zero)
            post([.keyboardDidChangeFrame], from: current, to: target)
            settle(.up(frame: target), after: move)
        case .floating:
            placementState = placementState.moved(to: point)
            guard let target = targetFrame() else { return }
            post([.keyboardDidChangeFrame], from: degenerate(current), to: degenerate(target))
            settle(.up(frame: target), after: move)
        }
    }

    /// Docks the keyboard again: the show group, ending at the bottom of the screen.
    public func dock() {
        guard placement != .docked else { return }
        let previous = placement
        resetPlacement()
        guard let current = softwareFrame, let target = targetFrame() else { return }
        let move = moves
        post(Self.showGroup, from: previous == .floating ? degenerate(current) : current, to: target)
        settle(.up(frame: target), after: move)
    }

    /// Attaches a hardware keyboard. With an input accessory view, the keyboard frame becomes the bar's
    /// (a change-frame pair; the frame reaches below the screen so only the bar shows); without one the
    /// keyboard hides, and nothing more is posted while the hardware keyboard stays attached.
    public func attachHardwareKeyboard() {
        guard !hardwareKeyboardAttached else { return }
        let current = frame
        let wasFloating = placement == .floating
        hardwareKeyboardAttached = true
        guard isKeyboardUp, let current else { return }
        let move = moves
        if let target = targetFrame() {
            post(Self.changePair, from: wasFloating ? degenerate(current) : current, to: target)
            settle(.up(frame: target), after: move)
        } else {
            hardwareKeyboardAttached = false
            disappear()
            hardwareKeyboardAttached = true
            // The hardware keyboard serves the field, nothing of it on screen — unless an observer of the hide
            // moved the keyboard (the hide's own end is the one move since `move`).
            settle(.up(frame: nil), after: move &+ 1)
        }
    }

    /// Detaches the hardware keyboard: the software keyboard comes back (show group) if a field has focus.
    public func detachHardwareKeyboard() {
        guard hardwareKeyboardAttached else { return }
        let current = frame
        hardwareKeyboardAttached = false
        guard isKeyboardUp else { return }
        guard let current else {
            appear()
            return
        }
        guard let target = targetFrame() else { return }
        let move = moves
        switch placement {
        case .docked: post(Self.showGroup, from: current, to: target)
        case .undocked, .split: post(Self.changePair, from: current, to: target)
        case .floating: post([.keyboardDidChangeFrame], from: current, to: degenerate(target))
        }
        settle(.up(frame: target), after: move)
    }

    /// The user drags the keyboard down in a scroll view with interactive dismissal: a stream of
    /// `willChangeFrame`s whose `minY` grows, then (unless `cancel`) the field resigns and the hide group
    /// follows. A cancelled drag springs back with a change-frame pair.
    ///
    /// - Parameters:
    ///   - positions: the keyboard's top at each step, in screen coordinates (default: `steps` positions
    ///     evenly between its top and the bottom of the screen).
    ///   - steps: the number of drag steps when `positions` is `nil`.
    ///   - cancel: whether the user lets go before the keyboard is gone, so it springs back.
    public func interactiveDismiss(positions: [Double]? = nil, steps: Int = 4, cancel: Bool = false) throws {
        guard isKeyboardUp, let start = frame else {
            throw OperationError.keyboardNotShown(operation: "dragToDismiss")
        }
        guard hardwareKeyboardAttached || placement == .docked else {
            throw OperationError.wrongPlacement(operation: "dragToDismiss", placement: placement)
        }
        let screen = screen
        let count = max(steps, 1)
        let top = Double(start.minY), travel = Double(screen.maxY - start.minY)
        let tops = positions ?? (1...count).map { top + travel * Double($0) / Double(count + 1) }
        var current = start
        for step in tops where step > current.minY {
            let next = CGRect(x: current.minX, y: step, width: current.width, height: current.height)
            let move = moves
            post([.keyboardWillChangeFrame], from: current, to: next)
            current = next
            settle(.up(frame: next), after: move)
            // An observer took the keyboard away mid-drag: nothing left to drag.
            guard isKeyboardUp else { return }
        }
        if cancel {
            let move = moves
            post(Self.changePair, from: current, to: start)
            settle(.up(frame: start), after: move)
        } else {
            session.resignFocus()
        }
    }
}
