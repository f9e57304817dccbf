import UIKit

/// A chat screen's message list as apps write it: a `UITableView` whose bottom inset follows the keyboard
/// (`keyboardWillChangeFrame`, the covered part of the table) and which keeps the newest message in view
/// (`scrollToRow(at:at: .bottom)`). Its observers run on the posting thread (`queue: nil`).
final class MessagesTableController: NSObject, UITableViewDataSource, @unchecked Sendable {
    let tableView: UITableView
    var messages = (1...30).map { "Message \($0)" }
    private var observers: [NSObjectProtocol] = []
    private let center: NotificationCenter

    init(frame: CGRect, center: NotificationCenter) {
        tableView = UITableView(frame: frame, style: .plain)
        self.center = center
        super.init()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "message")
        tableView.dataSource = self
        tableView.rowHeight = 44
        tableView.keyboardDismissMode = .interactive
        observers.append(center.addObserver(forName: UIResponder.keyboardWillChangeFrameNotification, object: nil, queue: nil) {
            [weak self] note in
            guard let frame = note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect else { return }
            self?.keyboardWillChangeFrame(to: frame)
        })
    }

    func stop() {
        observers.forEach(center.removeObserver)
        observers.removeAll()
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { messages.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "message", for: indexPath)
        cell.textLabel?.text = messages[indexPath.row]
        return cell
    }

    private func keyboardWillChangeFrame(to keyboardFrame: CGRect) {
        let covered = keyboardFrame.intersection(tableView.convert(tableView.bounds, to: nil))
        tableView.contentInset.bottom = covered.isNull ? 0 : covered.height
        tableView.verticalScrollIndicatorInsets.bottom = tableView.contentInset.bottom
        scrollToNewest()
    }

    func scrollToNewest() {
        guard !messages.isEmpty else { return }
        tableView.scrollToRow(at: IndexPath(row: messages.count - 1, section: 0), at: .bottom, animated: true)
    }
}
