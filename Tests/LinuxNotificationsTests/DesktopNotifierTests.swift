import LinuxNotifications
import Testing

@Suite struct DesktopNotifierTests {
  @Test func sendsCriticalNotificationWithExactArgv() throws {
    let host = FakeHost(variables: desktopSession, executables: ["/usr/bin/notify-send"])
    let runner = FakeProcessRunner()
    let notifier = DesktopNotifier(timeout: .seconds(2), host: host.system, runner: runner)

    #expect(notifier.availability == .available(detail: "notify-send at /usr/bin/notify-send"))
    try notifier.notify(title: "Arrived: Bundaran HI", body: "-Doors open on the left")

    #expect(
      runner.recorded == [
        .init(
          executable: "/usr/bin/notify-send",
          arguments: [
            "--urgency=critical", "--app-name=beacon-toolkit", "--", "Arrived: Bundaran HI", "-Doors open on the left",
          ],
          timeout: .seconds(2))
      ])
  }

  @Test func urgencyAndApplicationNameAreGiven() {
    let notifier = DesktopNotifier(applicationName: "mrt", host: FakeHost().system, runner: FakeProcessRunner())
    #expect(
      notifier.arguments(title: "t", body: "b", urgency: .low) == ["--urgency=low", "--app-name=mrt", "--", "t", "b"])
  }

  @Test func runtimeDirectoryBusIsEnough() {
    let host = FakeHost(
      variables: ["PATH": "/usr/bin", "XDG_RUNTIME_DIR": "/run/user/1000"],
      executables: ["/usr/bin/notify-send"], files: ["/run/user/1000/bus"])
    #expect(DesktopNotifier(host: host.system, runner: FakeProcessRunner()).availability.isAvailable)
  }

  @Test func missingNotifySendSaysWhatToInstall() {
    let runner = FakeProcessRunner()
    let notifier = DesktopNotifier(host: FakeHost(variables: desktopSession).system, runner: runner)
    let reason = ChannelUnavailableReason.programMissing(
      program: "notify-send", installHint: "sudo apt-get install libnotify-bin")

    #expect(notifier.availability == .unavailable(reason))
    #expect(reason.description == "no notify-send: sudo apt-get install libnotify-bin")
    #expect(throws: ChannelDeliveryError.unavailable(reason)) { try notifier.notify(title: "t", body: "b") }
    #expect(runner.recorded.isEmpty)
  }

  @Test func missingSessionBusSaysANotificationNeedsADesktop() {
    let host = FakeHost(
      variables: ["PATH": "/usr/bin", "XDG_RUNTIME_DIR": "/run/user/1000", "DBUS_SESSION_BUS_ADDRESS": ""],
      executables: ["/usr/bin/notify-send"])
    let notifier = DesktopNotifier(host: host.system, runner: FakeProcessRunner())

    #expect(notifier.availability == .unavailable(.noSessionBus))
    #expect(
      ChannelUnavailableReason.noSessionBus.description.hasPrefix(
        "no desktop session bus: notifications need a desktop session"))
  }

  @Test func programFailureQuotesItsStandardErrorTrimmed() {
    let error = ChannelDeliveryError.programFailed(
      program: "notify-send", status: 1, standardError: " \n No server\t\n\n")
    #expect(error.description == "notify-send exited with status 1: No server; run it by hand to see why")
    let silent = ChannelDeliveryError.programFailed(program: "notify-send", status: 1, standardError: " \n")
    #expect(silent.description == "notify-send exited with status 1; run it by hand to see why")
  }

  @Test func failuresComeBackAsTypedErrors() {
    let host = FakeHost(variables: desktopSession, executables: ["/usr/bin/notify-send"])
    let failing = DesktopNotifier(
      host: host.system, runner: FakeProcessRunner(termination: .exited(status: 1), standardError: "No server\n"))
    #expect(throws: ChannelDeliveryError.programFailed(program: "notify-send", status: 1, standardError: "No server\n"))
    {
      try failing.notify(title: "t", body: "b")
    }

    let slow = DesktopNotifier(
      timeout: .seconds(3), host: host.system, runner: FakeProcessRunner(termination: .timedOut))
    #expect(throws: ChannelDeliveryError.timedOut(program: "notify-send", timeout: .seconds(3))) {
      try slow.notify(title: "t", body: "b")
    }

    let launch = ProcessLaunchError(executable: "/usr/bin/notify-send", code: 13)
    let unlaunchable = DesktopNotifier(host: host.system, runner: FakeProcessRunner(launchError: launch))
    #expect(throws: ChannelDeliveryError.launchFailed(launch)) { try unlaunchable.notify(title: "t", body: "b") }
  }

  @Test func pathIsSearchedInOrderAndRelativeEntriesSkipped() {
    let host = FakeHost(
      variables: ["PATH": "bin::/opt/a/:/usr/bin"], executables: ["bin/notify-send", "/opt/a/x", "/usr/bin/x"])
    let search = ExecutableSearch(host: host.system)
    #expect(search.locate("x") == "/opt/a/x")
    #expect(search.locate("notify-send") == nil)
  }
}
