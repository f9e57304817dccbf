import Foundation
import TestSupport
import Testing
import KeyboardInput
import SystemPackage

@Suite("Evdev device opener")
struct EvdevDeviceTests {
    @Test("a regular file is not an evdev device")
    func regularFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("event0")
        _ = FileManager.default.createFile(atPath: path, contents: Data(repeating: 0, count: 48))
        #expect(throws: EvdevError.notAnEvdevDevice(path: path)) { _ = try EvdevDevice(path: path) }
        #expect(EvdevError.notAnEvdevDevice(path: path).description.contains("not an evdev device"))
    }

    @Test("/dev/null is not an evdev device either")
    func characterDevice() {
        #expect(throws: EvdevError.notAnEvdevDevice(path: "/dev/null")) { _ = try EvdevDevice(path: "/dev/null") }
    }

    @Test("a missing device is reported as such")
    func missing() {
        #expect(throws: EvdevError.notFound(path: "/dev/input/event999")) { _ = try EvdevDevice(path: "/dev/input/event999") }
    }

    @Test("permission denied explains the input group", arguments: [EACCES, EPERM])
    func permissionDenied(code: Int32) {
        let error = EvdevError(errno: Errno(rawValue: code), path: "/dev/input/event3")
        #expect(error == .permissionDenied(path: "/dev/input/event3"))
        #expect(error.description.contains("'input' group"))
        #expect(error.description.contains("sudo usermod -aG input $USER"))
    }

    @Test("other errno values keep the system reason")
    func otherErrors() {
        #expect(EvdevError(errno: Errno(rawValue: ENOENT), path: "p") == .notFound(path: "p"))
        #expect(EvdevError(errno: Errno(rawValue: ENOTTY), path: "p") == .notAnEvdevDevice(path: "p"))
        #expect(EvdevError(errno: Errno(rawValue: EIO), path: "p").description.contains(String(cString: strerror(EIO))))
        #expect(EvdevError.grabFailed(path: "p", errno: Errno(rawValue: EBUSY)).description.contains("another program"))
    }

    @Test("ioctl request numbers match the kernel's")
    func ioctlNumbers() {
        #expect(EvdevDevice.IOCTL.getVersion == 0x8004_4501)
        #expect(EvdevDevice.IOCTL.grab == 0x4004_4590)
        #expect(EvdevDevice.IOCTL.getName(length: 256) == 0x8100_4506)
    }
}
