// AudioToolbox's system sounds, as keyboards use them for their key clicks
// (`AudioServicesPlaySystemSound(1104)`): `import AudioToolbox` compiles unchanged beside `import UIKit`
// (both in the `KeyboardEmulatorUIKit` product). The emulator has no audio: a sound played is the session
// event `SessionEvent.systemSound(id)` of the keyboard's session (`KeyboardSession.current`), heard only
// while a keyboard with full access is up, as on iOS.
import KeyboardEmulator

/// A system sound's identifier (1104 is the keyboard's tock).
public typealias SystemSoundID = UInt32

/// The identifier that vibrates the device (a keyboard's vibration is not felt on iOS; recorded as a sound).
public let kSystemSoundID_Vibrate: SystemSoundID = 4095

/// Plays a system sound: the event `systemSound(id)`.
public func AudioServicesPlaySystemSound(_ inSystemSoundID: SystemSoundID) {
    KeyboardSession.current?.playSystemSound(inSystemSoundID)
}

/// Plays a system sound as an alert: the same event.
public func AudioServicesPlayAlertSound(_ inSystemSoundID: SystemSoundID) {
    KeyboardSession.current?.playSystemSound(inSystemSoundID)
}

/// Plays a system sound, then runs the completion (at once: the emulator plays no audio).
public func AudioServicesPlaySystemSoundWithCompletion(_ inSystemSoundID: SystemSoundID, _ inCompletionBlock: (() -> Void)?) {
    KeyboardSession.current?.playSystemSound(inSystemSoundID)
    inCompletionBlock?()
}

/// Plays a system sound as an alert, then runs the completion.
public func AudioServicesPlayAlertSoundWithCompletion(_ inSystemSoundID: SystemSoundID, _ inCompletionBlock: (() -> Void)?) {
    AudioServicesPlaySystemSoundWithCompletion(inSystemSoundID, inCompletionBlock)
}
