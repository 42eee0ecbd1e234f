import Foundation
import LinuxNotifications
import Testing

@Suite struct AlarmSoundTests {
  let pulseSession = ["PATH": "/usr/bin:/bin", "XDG_RUNTIME_DIR": "/run/user/1000"]

  @Test func paplayPlaysTheUsersFileWhenASoundServerRuns() throws {
    let host = FakeHost(
      variables: pulseSession, executables: ["/usr/bin/paplay", "/usr/bin/aplay"],
      files: ["/run/user/1000/pulse/native", "/home/rider/ding.wav"])
    let runner = FakeProcessRunner()
    let alarm = AlarmSound(
      sound: .file(path: "/home/rider/ding.wav"), timeout: .seconds(4), host: host.system, runner: runner)

    #expect(alarm.availability == .available(detail: "paplay at /usr/bin/paplay, /home/rider/ding.wav"))
    try alarm.play()

    #expect(
      runner.recorded == [
        .init(executable: "/usr/bin/paplay", arguments: ["--", "/home/rider/ding.wav"], timeout: .seconds(4))
      ])
  }

  @Test func aplayIsUsedWithoutASoundServer() throws {
    let host = FakeHost(
      variables: ["PATH": "/usr/bin"], executables: ["/usr/bin/paplay", "/usr/bin/aplay"], files: ["/tmp/ding.wav"])
    let runner = FakeProcessRunner()
    try AlarmSound(sound: .file(path: "/tmp/ding.wav"), host: host.system, runner: runner).play()

    #expect(runner.recorded.map(\.executable) == ["/usr/bin/aplay"])
    #expect(runner.recorded.map(\.arguments) == [["-q", "--", "/tmp/ding.wav"]])
  }

  @Test func pulseServerVariableCountsAsASoundServer() throws {
    let host = FakeHost(
      variables: ["PATH": "/usr/bin", "PULSE_SERVER": "tcp:localhost"], executables: ["/usr/bin/paplay"],
      files: ["/tmp/ding.wav"])
    let alarm = AlarmSound(sound: .file(path: "/tmp/ding.wav"), host: host.system, runner: FakeProcessRunner())
    let (player, _) = try alarm.resolvePlayer().get()
    #expect(player == .paplay)
  }

  @Test func unavailabilityReasons() {
    let noPlayer = AlarmSound(host: FakeHost(variables: pulseSession).system, runner: FakeProcessRunner())
    #expect(noPlayer.availability == .unavailable(.noSoundPlayer))
    #expect(
      ChannelUnavailableReason.noSoundPlayer.description
        == "no paplay or aplay: sudo apt-get install pulseaudio-utils (or alsa-utils)")

    let noServer = AlarmSound(
      host: FakeHost(variables: ["PATH": "/usr/bin"], executables: ["/usr/bin/paplay"]).system,
      runner: FakeProcessRunner())
    #expect(noServer.availability == .unavailable(.noSoundServer))

    let runner = FakeProcessRunner()
    let noFile = AlarmSound(
      sound: .file(path: "/nowhere/ding.wav"),
      host: FakeHost(variables: ["PATH": "/usr/bin"], executables: ["/usr/bin/aplay"]).system, runner: runner)
    #expect(noFile.availability == .unavailable(.soundFileMissing(path: "/nowhere/ding.wav")))
    #expect(throws: ChannelDeliveryError.unavailable(.soundFileMissing(path: "/nowhere/ding.wav"))) {
      try noFile.play()
    }
    #expect(runner.recorded.isEmpty)
  }

  @Test func generatedChimeIsWrittenToTheCacheThenPlayed() throws {
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent("chime-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: cache) }
    let host = FakeHost(
      variables: ["PATH": "/usr/bin", "XDG_CACHE_HOME": cache], executables: ["/usr/bin/aplay"])
    let runner = FakeProcessRunner()
    let alarm = AlarmSound(host: host.system, runner: runner)
    let expectedPath = cache + "/beacon-toolkit/arrival-chime-v1.wav"

    #expect(alarm.sound == .generatedChime(directory: cache + "/beacon-toolkit"))
    #expect(alarm.availability == .available(detail: "aplay at /usr/bin/aplay, generated chime \(expectedPath)"))
    try alarm.play()

    let written = try Data(contentsOf: URL(fileURLWithPath: expectedPath))
    #expect(Array(written) == Chime.arrival.wavBytes())
    #expect(runner.recorded.map(\.arguments) == [["-q", "--", expectedPath]])
  }

  @Test func defaultChimeDirectoryFallsBackFromCacheToHomeToTmp() {
    func directory(_ variables: [String: String]) -> String {
      AlarmSound.defaultChimeDirectory(host: FakeHost(variables: variables).system)
    }
    #expect(directory(["XDG_CACHE_HOME": "/c", "HOME": "/home/r"]) == "/c/beacon-toolkit")
    #expect(directory(["XDG_CACHE_HOME": "relative", "HOME": "/home/r"]) == "/home/r/.cache/beacon-toolkit")
    #expect(directory([:]) == "/tmp/beacon-toolkit")
  }

  @Test func unwritableCacheIsATypedError() {
    let host = FakeHost(variables: ["PATH": "/usr/bin"], executables: ["/usr/bin/aplay"])
    let alarm = AlarmSound(
      sound: .generatedChime(directory: "/proc/no-such/dir"), host: host.system, runner: FakeProcessRunner())
    #expect {
      try alarm.play()
    } throws: { error in
      guard case .soundFileNotWritten(let path, let reason) = error as? ChannelDeliveryError else { return false }
      // The C library's words for the mkdir that failed, not a FoundationEssentials error dump.
      return path == "/proc/no-such/dir/arrival-chime-v1.wav" && reason == "No such file or directory"
    }
  }
}
