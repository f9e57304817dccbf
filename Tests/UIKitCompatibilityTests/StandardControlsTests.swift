import Foundation
import KeyboardTesting
import Testing
import UIKit

/// UIKit's standard controls in a keyboard — a settings row's switch, a slider, emoji categories in a
/// segmented control, sticker pages' dots, a spinner while suggestions load — driven by fingers.
@Suite struct StandardControlsTests {
    final class SettingsKeyboard: UIInputViewController {
        let sound = UISwitch()
        let volume = UISlider(frame: CGRect(x: 20, y: 60, width: 228, height: 31))
        let categories = UISegmentedControl(items: ["Smileys", "Animals", "Food"])
        let pages = UIPageControl(frame: CGRect(x: 100, y: 200, width: 120, height: 26))
        let spinner = UIActivityIndicatorView(style: .medium)
        let progress = UIProgressView(progressViewStyle: .default)
        var log: [String] = []

        override func viewDidLoad() {
            super.viewDidLoad()
            sound.frame.origin = CGPoint(x: 20, y: 10)
            categories.frame = CGRect(x: 20, y: 120, width: 300, height: 32)
            categories.selectedSegmentIndex = 0
            pages.numberOfPages = 3
            progress.frame = CGRect(x: 20, y: 240, width: 200, height: 4)
            for control in [sound, volume, categories, pages] as [UIControl] { view.addSubview(control) }
            view.addSubview(spinner)
            view.addSubview(progress)
            sound.addAction(UIAction { [unowned self] _ in log.append("sound \(sound.isOn)") }, for: .valueChanged)
            volume.addAction(UIAction { [unowned self] _ in log.append("volume") }, for: .valueChanged)
            categories.addAction(UIAction { [unowned self] _ in log.append("category \(categories.selectedSegmentIndex)") }, for: .valueChanged)
            pages.addAction(UIAction { [unowned self] _ in log.append("page \(pages.currentPage)") }, for: .valueChanged)
        }
    }

    @Test func fingersTurnTheSwitchDragTheSliderAndPickSegmentsAndPages() throws {
        let tester = KeyboardTester(notificationCenter: NotificationCenter()) { SettingsKeyboard() }
        tester.focusField()
        let keyboard = try tester.keyboard()
        #expect(keyboard.sound.frame.size == CGSize(width: 51, height: 31))
        var seenOnLift: Bool?
        keyboard.sound.addAction(UIAction { [unowned keyboard] _ in seenOnLift = keyboard.sound.isOn }, for: .touchUpInside)
        _ = try tester.touch(at: CGPoint(x: 45, y: 25))
        #expect(keyboard.sound.isOn)
        #expect(seenOnLift == true)                                 // the new state, before .touchUpInside
        keyboard.sound.setOn(false, animated: true)                // no action for code's own change
        #expect(keyboard.log == ["sound true"])

        keyboard.log = []
        try tester.drag(from: CGPoint(x: 34, y: 75), to: CGPoint(x: 134, y: 75), steps: 4)
        #expect(abs(keyboard.volume.value - 0.5) < 0.01)
        #expect(keyboard.log.count == 4 && Set(keyboard.log) == ["volume"])
        _ = try tester.touch(at: CGPoint(x: 60, y: 75))              // the track, not the thumb: nothing
        #expect(abs(keyboard.volume.value - 0.5) < 0.01)
        keyboard.volume.isContinuous = false
        keyboard.log = []
        try tester.drag(from: CGPoint(x: 134, y: 75), to: CGPoint(x: 400, y: 75), steps: 4)
        #expect(keyboard.volume.value == 1)
        #expect(keyboard.log == ["volume"])

        keyboard.log = []
        #expect(keyboard.categories.numberOfSegments == 3)
        #expect(keyboard.categories.titleForSegment(at: 1) == "Animals")
        _ = try tester.touch(at: CGPoint(x: 270, y: 136))
        #expect(keyboard.categories.selectedSegmentIndex == 2)
        _ = try tester.touch(at: CGPoint(x: 270, y: 136))           // the selected one again: no change sent
        keyboard.categories.setEnabled(false, forSegmentAt: 1)
        _ = try tester.touch(at: CGPoint(x: 170, y: 136))
        #expect(keyboard.categories.selectedSegmentIndex == 2)
        #expect(keyboard.log == ["category 2"])
        keyboard.categories.isMomentary = true
        _ = try tester.touch(at: CGPoint(x: 70, y: 136))            // the action reads its index, then it goes
        #expect(keyboard.log == ["category 2", "category 0"])
        #expect(keyboard.categories.selectedSegmentIndex == UISegmentedControl.noSegment)

        keyboard.log = []
        let dots = keyboard.pages.subviews
        #expect(dots.count == 3 && dots[0].backgroundColor == .label)
        _ = try tester.touch(at: CGPoint(x: 215, y: 213))       // right of the current dot: forward
        _ = try tester.touch(at: CGPoint(x: 215, y: 213))
        _ = try tester.touch(at: CGPoint(x: 215, y: 213))       // no page after the last
        #expect(keyboard.pages.currentPage == 2 && keyboard.log == ["page 1", "page 2"])
        keyboard.pages.hidesForSinglePage = true
        keyboard.pages.numberOfPages = 1
        #expect(keyboard.pages.isHidden && keyboard.pages.currentPage == 0)
        keyboard.pages.numberOfPages = 4
        #expect(!keyboard.pages.isHidden)                           // shown again: it hid itself

        #expect(keyboard.spinner.isHidden && !keyboard.spinner.isAnimating)
        keyboard.spinner.startAnimating()
        #expect(!keyboard.spinner.isHidden && keyboard.spinner.intrinsicContentSize == CGSize(width: 20, height: 20))
        keyboard.spinner.stopAnimating()
        #expect(keyboard.spinner.isHidden)
        keyboard.progress.setProgress(1.5, animated: true)
        keyboard.progress.layoutIfNeeded()
        #expect(keyboard.progress.progress == 1 && keyboard.progress.subviews.first?.frame.width == 200)
    }
}
