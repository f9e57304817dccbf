import UIKit

/// Opens its containing app the way keyboards do it on iOS, where `UIApplication.shared` is unavailable in
/// extensions: up the responder chain from a key to the application, then `open(_:options:)`.
final class OpenAppKeyboard: UIInputViewController {
    let settingsKey = UIButton(type: .system)

    override func viewDidLoad() {
        super.viewDidLoad()
        settingsKey.setTitle("Settings", for: .normal)
        view.addSubview(settingsKey)
    }

    @discardableResult
    func openContainingApp(_ url: URL, completion: ((Bool) -> Void)? = nil) -> Bool {
        var responder: UIResponder? = settingsKey
        while let current = responder {
            if let application = current as? UIApplication {
                application.open(url, options: [:], completionHandler: completion)
                return true
            }
            responder = current.next
        }
        return false
    }
}
