import LinuxNotifications
import Testing

/// ``Alerts`` over a host described by data: the alarm (bell, then chime) before the notification,
/// only the notification when not sounding, and what reaches the user.
@Suite struct AlertsTests {
  /// A desktop session with notify-send and aplay, standard error a terminal.
  private func channels(runner: FakeProcessRunner, host: FakeHost) -> NotificationChannels {
    NotificationChannels(soundFile: "/tmp/chime.wav", host: host.system, runner: runner)
  }

  private let everything = FakeHost(
    variables: desktopSession, executables: ["/usr/bin/notify-send", "/usr/bin/aplay"], files: ["/tmp/chime.wav"],
    terminals: [2])

  @Test func theAlarmSoundsBeforeTheNotificationIsShown() {
    let runner = FakeProcessRunner()
    let alerts = Alerts(program: "beacon-ride", channels: channels(runner: runner, host: everything))
    #expect(alerts.reachTheUser)
    alerts.raise(title: "Arrived: Blok M", body: "Get off here.")
    #expect(runner.recorded.map(\.executable) == ["/usr/bin/aplay", "/usr/bin/notify-send"])
    #expect(runner.recorded.last?.arguments.suffix(2) == ["Arrived: Blok M", "Get off here."])
    #expect(everything.writes.all.map(\.0) == [2], "the bell, on standard error")
  }

  @Test func notSoundingOnlyNotifies() {
    let runner = FakeProcessRunner()
    let host = FakeHost(
      variables: desktopSession, executables: ["/usr/bin/notify-send", "/usr/bin/aplay"], files: ["/tmp/chime.wav"],
      terminals: [2])
    let alerts = Alerts(program: "beacon-scan", channels: channels(runner: runner, host: host), sounding: false)
    alerts.raise(title: "Cipete Raya", body: "The train is at Cipete Raya.")
    alerts.notify(title: "Next stop: Blok M", body: "Get ready to get off.")
    #expect(runner.recorded.map(\.executable) == ["/usr/bin/notify-send", "/usr/bin/notify-send"])
    #expect(host.writes.all.isEmpty, "no bell")
  }

  /// Without a desktop, a sounding alert still reaches a user at a terminal; a silent one does not.
  @Test func whatReachesTheUserWithoutADesktop() {
    let host = FakeHost(variables: ["PATH": "/usr/bin"], terminals: [2])
    let runner = FakeProcessRunner()
    #expect(Alerts(program: "beacon-ride", channels: channels(runner: runner, host: host)).reachTheUser)
    #expect(
      !Alerts(program: "beacon-scan", channels: channels(runner: runner, host: host), sounding: false).reachTheUser)
    Alerts(program: "beacon-scan", channels: channels(runner: runner, host: host), sounding: false)
      .raise(title: "t", body: "b")
    #expect(runner.recorded.isEmpty)
  }
}
