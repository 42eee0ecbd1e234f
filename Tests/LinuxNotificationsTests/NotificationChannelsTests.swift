import Foundation
import LinuxNotifications
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct NotificationChannelsTests {
  @Test func reportHasOneLinePerChannel() {
    let host = FakeHost(
      variables: ["PATH": "/usr/bin"], executables: ["/usr/bin/aplay"], files: ["/tmp/d.wav"], terminals: [2])
    let channels = NotificationChannels(soundFile: "/tmp/d.wav", host: host.system, runner: FakeProcessRunner())
    #expect(
      channels.report() == [
        "desktop notification: unavailable: no notify-send: sudo apt-get install libnotify-bin",
        "terminal bell: available (BEL to standard error)",
        "alarm sound: available (aplay at /usr/bin/aplay, /tmp/d.wav)",
      ])
  }

  /// This machine has no desktop session; whatever it lacks must be reported, not crash.
  @Test func liveDetectionOnThisMachine() {
    let environment = ProcessInfo.processInfo.environment
    let search = ExecutableSearch(host: .live)
    let channels = NotificationChannels()
    let report = channels.report()
    print(report.joined(separator: "\n"))

    #expect(report.count == 3)
    let runtime = environment["XDG_RUNTIME_DIR"] ?? ""
    let hasBus =
      !(environment["DBUS_SESSION_BUS_ADDRESS"] ?? "").isEmpty
      || (!runtime.isEmpty && FileManager.default.fileExists(atPath: runtime + "/bus"))
    let desktop = channels.availability(of: .desktop)
    if search.locate("notify-send") == nil {
      #expect(
        desktop
          == .unavailable(.programMissing(program: "notify-send", installHint: "sudo apt-get install libnotify-bin")))
    } else if !hasBus {
      #expect(desktop == .unavailable(.noSessionBus))
    } else {
      #expect(desktop.isAvailable)
    }

    let bell = channels.availability(of: .bell)
    #expect(bell.isAvailable == (isatty(2) == 1))
    if isatty(2) != 1 { #expect(bell == .unavailable(.notATerminal(descriptor: 2))) }

    let alarm = channels.availability(of: .alarm)
    if search.locate("paplay") == nil && search.locate("aplay") == nil {
      #expect(alarm == .unavailable(.noSoundPlayer))
    } else {
      #expect(alarm.isAvailable || alarm == .unavailable(.noSoundServer))
    }
  }
}
