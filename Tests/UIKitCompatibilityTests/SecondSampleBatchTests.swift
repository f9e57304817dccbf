import Foundation
import KeyboardTesting
import QuartzCore
import Testing
import UIKit

/// What a second batch of iOS keyboards and host code from public repositories took for granted, each
/// written as those samples write it: values kept on a button's layer, a touch event's other touches, text
/// measured with `size(withAttributes:)`, begin–commit animations, the scene idiom for the key window.
@Suite struct SecondSampleBatchTests {
    @Test func aLayerKeepsValuesForAnyKeyAndSetsItsPropertiesByName() {
        let button = UIButton(type: .system)
        button.layer.setValue("é", forKey: "original")
        button.layer.setValue(false, forKey: "isSpecial")
        #expect(button.layer.value(forKey: "original") as? String == "é")
        #expect(button.layer.value(forKey: "isSpecial") as? Bool == false)
        #expect(button.layer.value(forKey: "never set") == nil)
        button.layer.setValue(nil, forKey: "original")
        #expect(button.layer.value(forKey: "original") == nil)

        let layer = CALayer()
        layer.setValue(8, forKey: "cornerRadius")
        layer.setValue(NSNumber(value: 0.5), forKey: "opacity")
        layer.setValue(true, forKey: "hidden")
        layer.setValue(UIColor.red, forKey: "backgroundColor")
        layer.setValue(CGRect(x: 1, y: 2, width: 30, height: 40), forKey: "frame")
        #expect(layer.cornerRadius == 8 && layer.opacity == 0.5 && layer.isHidden)
        #expect(layer.backgroundColor == UIColor.red)
        #expect(layer.frame == CGRect(x: 1, y: 2, width: 30, height: 40))
        #expect(layer.value(forKey: "cornerRadius") as? CGFloat == 8)
        #expect(layer.value(forKey: "position") as? CGPoint == CGPoint(x: 16, y: 22))
        layer.setValue(nil, forKey: "backgroundColor")
        #expect(layer.backgroundColor == nil)
    }

    @Test func aTouchEventCarriesEveryFingerDown() throws {
        final class Pad: UIView {
            var seen: [(phase: UITouch.Phase, all: Int, mine: Int)] = []
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { note(touches, event) }
            override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { note(touches, event) }
            private func note(_ touches: Set<UITouch>, _ event: UIEvent?) {
                let all = event?.allTouches ?? []
                #expect(all.isSuperset(of: touches))
                seen.append((touches.first!.phase, all.count, event?.touches(for: self)?.count ?? -1))
            }
        }
        final class Keyboard: UIInputViewController {
            let left = Pad(), right = Pad()
            override func viewDidLoad() {
                super.viewDidLoad()
                left.isMultipleTouchEnabled = true
                for (pad, x) in [(left, 0.0), (right, 200.0)] {
                    pad.frame = CGRect(x: x, y: 0, width: 150, height: 200)
                    view.addSubview(pad)
                }
            }
        }
        let tester = KeyboardTester { Keyboard() }
        tester.focusField()
        let keyboard = try tester.keyboard()
        _ = try tester.touch(at: CGPoint(x: 50, y: 50))
        #expect(keyboard.left.seen.map(\.all) == [1, 1])
        // One finger on each pad: each event has both touches, each pad one of its own.
        try tester.touches(along: [[CGPoint(x: 40, y: 40)], [CGPoint(x: 260, y: 40)]])
        #expect(keyboard.left.seen.dropFirst(2).map(\.all) == [1, 2])   // began alone, ended beside the other
        #expect(keyboard.right.seen.map(\.all) == [2, 1])   // lifted after the other
        #expect(keyboard.right.seen.map(\.mine) == [1, 1])
        #expect(UIEvent(phase: .began).allTouches == nil)
    }

    @Test func stringsAreMeasuredWithTheLabelsMetrics() {
        let font = UIFont.systemFont(ofSize: 17)
        let label = UILabel()
        label.font = font
        label.text = "Hello"
        let size = "Hello".size(withAttributes: [.font: font])
        #expect(size.width > 30 && size.width < 50)
        #expect(size.height == font.lineHeight)
        #expect(label.intrinsicContentSize.width == (size.width * 3).rounded(.up) / 3)
        #expect(("Hello" as NSString).size(withAttributes: [.font: font]) == size)
        #expect("Hi\nthere".size(withAttributes: [.font: font]).height == 2 * font.lineHeight)
        #expect("".size(withAttributes: [.font: font]) == .zero)
        // No font: UIKit's 12 points.
        #expect("Hello".size(withAttributes: nil).height == UIFont.systemFont(ofSize: 12).lineHeight)
        // UIKit's idioms for "no limit": a huge, infinite or zero height; a zero width.
        let text = "one two three four five six seven eight nine ten"
        let free = text.boundingRect(with: CGSize(width: 80, height: CGFloat.infinity), options: .usesLineFragmentOrigin,
                                     attributes: [.font: font], context: nil)
        for height in [CGFloat(Float.greatestFiniteMagnitude), CGFloat.greatestFiniteMagnitude, 0, -1, CGFloat.nan] {
            #expect(text.boundingRect(with: CGSize(width: 80, height: height), options: .usesLineFragmentOrigin,
                                      attributes: [.font: font], context: nil) == free)
        }
        #expect(free.height > 3 * font.lineHeight)
        let oneLine = text.boundingRect(with: CGSize(width: 0, height: 0), options: .usesLineFragmentOrigin,
                                        attributes: [.font: font], context: nil)
        #expect(oneLine.height == font.lineHeight && oneLine.width == text.size(withAttributes: [.font: font]).width)
        let options: NSString.DrawingOptions = [.usesLineFragmentOrigin, .truncatesLastVisibleLine]
        #expect(text.boundingRect(with: CGSize(width: 80, height: 0), options: options, attributes: [.font: font], context: nil).width <= 80)

        let words = "the quick brown fox jumps over the lazy dog"
        let unbounded = CGSize(width: 120, height: CGFloat.greatestFiniteMagnitude)
        let wrapped = words.boundingRect(with: unbounded, options: .usesLineFragmentOrigin, attributes: [.font: font], context: nil)
        #expect(wrapped.origin == .zero && wrapped.width <= 120 && wrapped.height >= 3 * font.lineHeight)
        let twoLines = CGSize(width: 120, height: 2.5 * font.lineHeight)
        let context = NSStringDrawingContext()
        let clipped = words.boundingRect(with: twoLines, options: [.usesLineFragmentOrigin], attributes: [.font: font], context: context)
        #expect(clipped.height == 2 * font.lineHeight && context.totalBounds == clipped)
        let baseline = words.boundingRect(with: unbounded, options: [], attributes: [.font: font], context: nil)
        #expect(baseline.minY == -font.ascender && baseline.height == font.lineHeight && baseline.width > 120)
    }

    /// A keyboard that draws its keys itself (as canary-ios does): key caps filled, each label measured with
    /// `size(withAttributes:)` and drawn centred with `draw(in:withAttributes:)`; the picture has the text.
    @Test func textDrawnInDrawRectIsInThePicture() throws {
        final class Keys: UIView {
            override func draw(_ rect: CGRect) {
                let font = UIFont.systemFont(ofSize: 22)
                let attributes: [NSAttributedString.Key: Any] = [.font: font, .foregroundColor: UIColor.white]
                for (index, letter) in ["Q", "W", "E"].enumerated() {
                    let key = CGRect(x: 10 + CGFloat(index) * 60, y: 10, width: 50, height: 50)
                    UIColor.darkGray.setFill()
                    UIBezierPath(roundedRect: key, cornerRadius: 5).fill()
                    let size = letter.size(withAttributes: attributes)
                    letter.draw(in: CGRect(x: key.midX - size.width / 2, y: key.midY - size.height / 2,
                                           width: size.width, height: size.height), withAttributes: attributes)
                }
                let centred = NSParagraphStyle.default.mutableCopy() as! NSMutableParagraphStyle
                centred.alignment = .center
                ("space" as NSString).draw(in: CGRect(x: 0, y: 70, width: 200, height: 30),
                                           withAttributes: [.font: UIFont.systemFont(ofSize: 16), .paragraphStyle: centred])
                "↵".draw(at: CGPoint(x: 210, y: 70))
                // UIKit's "no limit" sizes draw, never trap.
                "∞".draw(in: CGRect(x: 250, y: 70, width: CGFloat.greatestFiniteMagnitude, height: .infinity), withAttributes: nil)
            }
        }
        final class Keyboard: UIInputViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                let keys = Keys(frame: CGRect(x: 0, y: 0, width: 300, height: 110))
                keys.backgroundColor = .black
                view.addSubview(keys)
            }
        }
        let tester = KeyboardTester(notificationCenter: NotificationCenter()) { Keyboard() }
        tester.focusField()
        let svg = try tester.render(as: .svg)
        let font = UIFont.systemFont(ofSize: 22)
        let width = "Q".size(withAttributes: [.font: font]).width
        // Q's text element: its start where the centred rectangle began, its baseline an ascender below the top.
        let q = try #require(svg.split(separator: "\n").first { $0.contains(">Q</text>") })
        func attribute(_ name: String) -> Double? {
            guard let range = q.range(of: " \(name)=\"") else { return nil }
            return Double(q[range.upperBound...].prefix { $0 != "\"" })
        }
        let x = try #require(attribute("x")), y = try #require(attribute("y"))
        #expect(abs(x - Double(35 - width / 2)) < 0.01 && abs(y - Double(35 - font.lineHeight / 2 + font.ascender)) < 0.01, "\(q)")
        #expect(q.contains(#"font-size="22""#))
        #expect(svg.contains(##"fill="#ffffff">W</text>"##) && svg.contains(">E</text>"))
        #expect(svg.contains(##"text-anchor="middle" fill="#000000">space</text>"##))
        #expect(svg.contains(##"font-size="12" font-weight="400" text-anchor="start" fill="#000000">↵</text>"##))
        #expect(svg.contains(">∞</text>"))
        // Outside draw(_:) nothing is drawn, and nothing breaks.
        "nowhere".draw(at: .zero)
        let copy = NSParagraphStyle.default.mutableCopy() as! NSMutableParagraphStyle
        #expect(copy == NSParagraphStyle.default && copy !== NSParagraphStyle.default)
        #expect(NSParagraphStyle.default === NSParagraphStyle.default)
        copy.alignment = .right
        #expect(copy != NSParagraphStyle.default && NSParagraphStyle.default.alignment == .natural)
    }

    /// Attributed strings measure and draw run by run: a bold price beside a light unit on one baseline.
    @Test func attributedStringsMeasureAndDrawTheirRuns() throws {
        let bold = UIFont.systemFont(ofSize: 20, weight: .bold), light = UIFont.systemFont(ofSize: 12)
        let price = NSMutableAttributedString(string: "42", attributes: [.font: bold, .foregroundColor: UIColor.red])
        price.append(NSAttributedString(string: " km", attributes: [.font: light]))
        let size = price.size()
        #expect(abs(size.width - ("42".size(withAttributes: [.font: bold]).width + " km".size(withAttributes: [.font: light]).width)) < 0.001)
        #expect(size.height == bold.lineHeight)
        let plain = NSAttributedString(string: "one\ntwo", attributes: [.font: light])
        #expect(plain.size() == "one\ntwo".size(withAttributes: [.font: light]))
        #expect(NSAttributedString(string: "").size() == .zero)

        final class Tag: UIView {
            var text = NSAttributedString(string: "")
            override func draw(_ rect: CGRect) { text.draw(at: CGPoint(x: 4, y: 2)) }
        }
        final class Keyboard: UIInputViewController {
            let tag = Tag(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
            override func viewDidLoad() {
                super.viewDidLoad()
                view.addSubview(tag)
            }
        }
        let tester = KeyboardTester(notificationCenter: NotificationCenter()) { Keyboard() }
        tester.focusField()
        try tester.keyboard().tag.text = price
        let svg = try tester.render(as: .svg)
        let texts = svg.split(separator: "\n").filter { $0.contains("<text") }
        let fortyTwo = try #require(texts.first { $0.hasSuffix(">42</text>") })
        let km = try #require(texts.first { $0.hasSuffix("> km</text>") })
        func number(_ name: String, in element: Substring) -> Double? {
            guard let range = element.range(of: " \(name)=\"") else { return nil }
            return Double(element[range.upperBound...].prefix { $0 != "\"" })
        }
        #expect(fortyTwo.contains(##"fill="#ff0000""##) && fortyTwo.contains(#"font-weight="700""#))
        #expect(number("y", in: fortyTwo) == number("y", in: km), "one baseline")
        let unitX = try #require(number("x", in: km))
        #expect(abs(unitX - Double(4 + "42".size(withAttributes: [.font: bold]).width)) < 0.01)
    }

    @available(*, deprecated, message: "calls UIKit's deprecated begin–commit animations on purpose")
    @Test func beginCommitAnimationsAreRecordedWithWhatWasSetInside() {
        // Other tests animate meanwhile (the record is global): this one's durations are its own.
        func recorded(_ duration: TimeInterval) -> [UIView.AnimationRecord] {
            UIView.recordedAnimations.filter { $0.duration == duration }
        }
        let view = UIView()
        UIView.setAnimationDuration(9.125)   // outside a block: ignored
        UIView.beginAnimations(nil, context: nil)
        UIView.setAnimationDuration(0.2468)
        UIView.setAnimationCurve(UIView.AnimationCurve(rawValue: 7)!)
        UIView.beginAnimations("inner", context: nil)
        UIView.setAnimationDuration(0.1357)
        UIView.commitAnimations()
        view.alpha = 0.5
        UIView.commitAnimations()
        UIView.commitAnimations()        // nothing open: nothing recorded
        #expect(view.alpha == 0.5)
        #expect(recorded(9.125).isEmpty && recorded(0.1357).count == 1)
        #expect(recorded(0.2468).count == 1 && recorded(0.2468).first?.options.curve == ._keyboard)
        // Another thread's blocks are its own.
        UIView.beginAnimations(nil, context: nil)
        let other = Thread {
            UIView.commitAnimations()      // nothing open on that thread
            UIView.beginAnimations(nil, context: nil)
            UIView.setAnimationDuration(0.9753)
            UIView.commitAnimations()
        }
        other.start()
        while !other.isFinished { usleep(1_000) }
        UIView.setAnimationDuration(0.8642)
        UIView.commitAnimations()
        #expect(recorded(0.9753).count == 1 && recorded(0.8642).count == 1)
    }

    @Test func theSceneIdiomFindsTheKeyWindowAndTheAppsState() {
        let tester = KeyboardTester(notificationCenter: NotificationCenter()) { UIInputViewController() }
        tester.focusField()
        let scenes = UIApplication.shared.connectedScenes
        let active = scenes.filter { $0.activationState == .foregroundActive }.compactMap { $0 as? UIWindowScene }
        #expect(active.count == 1)
        #expect(active.first?.windows.first { $0.isKeyWindow } === UIApplication.shared.keyWindow)
        let notes = tester.frameModel.addApp("notes")
        let note = tester.addField()
        tester.frameModel.assign(note, to: notes)
        tester.frameModel.switchApp(to: notes, focusing: note)
        #expect(UIApplication.shared.connectedScenes.first?.activationState == .background)
    }

    @available(*, deprecated, message: "reads the deprecated groupTableViewBackground on purpose")
    @Test func nullResettableLabelPropertiesAndNibHooksCompileAsOnIOS() {
        final class Cell: UITableViewCell {
            var awoke = false
            override func awakeFromNib() {
                super.awakeFromNib()
                awoke = true
            }
        }
        let button = UIButton(type: .system)
        let label = UILabel()
        label.textColor = button.titleColor(for: .disabled)   // an optional colour assigns, as on iOS
        label.textColor = nil
        #expect(label.textColor == .label)
        label.font = nil
        #expect(label.font == UIFont.systemFont(ofSize: 17))
        let cell = Cell(style: .default, reuseIdentifier: nil)
        cell.awakeFromNib()   // what a nib would call (the emulator loads none): the override and its super run
        #expect(cell.awoke)
        #expect(UIColor.groupTableViewBackground == UIColor.systemGroupedBackground)
    }
}
