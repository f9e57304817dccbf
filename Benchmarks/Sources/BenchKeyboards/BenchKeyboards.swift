// The keyboards and the timing the in-process benchmarks share (layout-bench, tester-bench).
import Foundation
import KeyboardTesting
import UIKit

/// The benchmark's keyboard: 10 + 9 + 8 keys in three fill-equally rows, a bottom row of four with a
/// stretching space bar (31 buttons), in a vertical stack pinned to the view.
public final class StackKeyboard: UIInputViewController {
    public var top: NSLayoutConstraint!

    public override func viewDidLoad() {
        super.viewDidLoad()
        let column = UIStackView()
        column.axis = .vertical
        column.distribution = .fillEqually
        column.spacing = 10
        column.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(column)
        top = column.topAnchor.constraint(equalTo: view.topAnchor, constant: 8)
        NSLayoutConstraint.activate([
            top, column.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 3),
            column.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -3),
            column.bottomAnchor.constraint(equalTo: view.bottomAnchor, constant: -4),
        ])
        for titles in ["qwertyuiop", "asdfghjkl", "zxcvbnm⌫"] {
            let row = UIStackView(arrangedSubviews: titles.map { key(String($0)) })
            row.distribution = .fillEqually
            row.spacing = 6
            column.addArrangedSubview(row)
        }
        let bottom = UIStackView()
        bottom.spacing = 6
        for title in ["123", "🌐", "space", "return"] {
            let button = key(title)
            bottom.addArrangedSubview(button)
            if title != "space" { button.widthAnchor.constraint(equalToConstant: 50).isActive = true }
        }
        column.addArrangedSubview(bottom)
    }

    private func key(_ title: String) -> UIButton {
        let button = UIButton(type: .system)
        button.setTitle(title, for: .normal)
        button.backgroundColor = .white
        button.layer.cornerRadius = 5
        return button
    }
}

/// A keyboard with no view of its own that types through its proxy, as a test's `asKeyboard { … }` drives it.
public final class TypingKeyboard: UIInputViewController {
    public func keyTapped(_ key: String) { textDocumentProxy.insertText(key) }
}

/// The median of `iterations` runs of `body` after `warmUp` runs, in µs of the thread's CPU time: this
/// machine is shared, and wall time would measure the scheduler too (on an idle machine the two agree).
public func medianMicroseconds(iterations: Int, warmUp: Int = 20, _ body: () throws -> Void) rethrows -> Double {
    for _ in 0..<warmUp { try body() }
    var times: [Double] = []
    times.reserveCapacity(iterations)
    for _ in 0..<iterations {
        let start = threadCPUMicroseconds()
        try body()
        times.append(threadCPUMicroseconds() - start)
    }
    times.sort()
    return times[times.count / 2]
}

/// The calling thread's CPU time so far, in µs.
public func threadCPUMicroseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e6 + Double(time.tv_nsec) / 1e3
}
