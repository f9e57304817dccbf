import UIKit

/// A snippet keyboard as they are written for iOS: a `UITableView` of saved phrases, cells dequeued the old
/// way (`dequeueReusableCell(withIdentifier:) ?? UITableViewCell(style:reuseIdentifier:)`) with a content
/// configuration, a checkmark on the last one used; a tap types the phrase.
final class SnippetKeyboard: UIInputViewController, UITableViewDataSource, UITableViewDelegate {
    static let snippets = (1...40).map { "Snippet \($0)" }
    private(set) var tableView: UITableView!
    private(set) var lastUsed: IndexPath?

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView = UITableView(frame: view.bounds, style: .plain)
        tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        tableView.dataSource = self
        tableView.delegate = self
        tableView.rowHeight = 36
        tableView.tableFooterView = UIView()
        view.addSubview(tableView)
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { Self.snippets.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "snippet") ?? UITableViewCell(style: .default, reuseIdentifier: "snippet")
        var content = cell.defaultContentConfiguration()
        content.text = Self.snippets[indexPath.row]
        cell.contentConfiguration = content
        cell.accessoryType = indexPath == lastUsed ? .checkmark : .none
        return cell
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        textDocumentProxy.insertText(Self.snippets[indexPath.row])
        lastUsed = indexPath
        tableView.deselectRow(at: indexPath, animated: true)
        tableView.reloadData()
    }
}
