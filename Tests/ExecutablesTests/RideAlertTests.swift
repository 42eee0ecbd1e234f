import BeaconTestSupport
import Foundation
import Testing

/// `beacon-ride`'s alerts, end to end: the real executable replays a ride with stand-in
/// `notify-send` and `aplay` programs first on `PATH`, which log each call; the log says how often,
/// in what order and with what the desktop notification and the alarm sound were asked for.
@Suite struct RideAlertTests {
  /// A scratch directory with logging stand-ins for the desktop notifier and the sound player.
  ///
  /// The stand-ins are symbolic links to `Fixtures/stand-ins/helper-program`, never scripts
  /// written here: this test process runs other tests' children at the same time, and a child
  /// spawned while a script was open for writing inherits that descriptor (Foundation opens
  /// without `O_CLOEXEC`) and keeps it for its whole life; executing the script meanwhile fails
  /// with `ETXTBSY`, which on a loaded machine lost whole alarms.
  struct StandInDesktop {
    let directory: URL
    /// The helper program that `STAND_IN_SLOW` names, which then sleeps well past any bound the
    /// alerts put on a helper.
    var slow: String?
    /// The helper program that `STAND_IN_FAILING` names, which then fails as `aplay` does without
    /// a sound card.
    var failing: String?
    var log: URL { directory.appendingPathComponent("calls.log") }
    var cache: URL { directory.appendingPathComponent("cache") }

    init(slow: String? = nil, failing: String? = nil) throws {
      directory = FileManager.default.temporaryDirectory.appendingPathComponent("ride-alerts-\(UUID().uuidString)")
      self.slow = slow
      self.failing = failing
      let bin = directory.appendingPathComponent("bin")
      try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
      let standIn = TestPaths.fixtures.appendingPathComponent("stand-ins/helper-program").path
      for name in ["notify-send", "aplay"] {
        try FileManager.default.createSymbolicLink(
          atPath: bin.appendingPathComponent(name).path, withDestinationPath: standIn)
      }
    }

    /// A desktop session as the channels detect it (a session bus address), with no sound server,
    /// so `aplay` is the player; nothing else from our own environment.
    var environment: [String: String] {
      var variables = [
        "PATH": directory.appendingPathComponent("bin").path + ":/usr/bin:/bin",
        "HOME": directory.path, "XDG_CACHE_HOME": cache.path,
        "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(directory.path)/no-bus",
        "STAND_IN_LOG": log.path,
      ]
      if let slow { variables.merge(["STAND_IN_SLOW": slow, "STAND_IN_SLEEP": "600"]) { $1 } }
      if let failing { variables["STAND_IN_FAILING"] = failing }
      return variables
    }

    /// Each logged call as its words: the program, then its arguments.
    func calls() -> [[String]] {
      let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      return text.split(separator: "\n").map { line in
        var words = [String(line.prefix { $0 != " " })]
        var rest = line.drop { $0 != " " }
        while let open = rest.firstIndex(of: "["), let close = rest[open...].firstIndex(of: "]") {
          words.append(String(rest[rest.index(after: open)..<close]))
          rest = rest[rest.index(after: close)...]
        }
        return words
      }
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
  }

  @Test func arrivalNotifiesAndSoundsTheAlarmExactlyOnce() throws {
    let desktop = try StandInDesktop()
    defer { desktop.remove() }
    let result = try Executable.run(
      "beacon-ride",
      ["--replay", TestPaths.fixture("ride-lebak-bulus-to-bundaran-hi.btsnoop"), "--to", "Senayan"],
      environment: desktop.environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.components(separatedBy: "ARRIVED").count == 2, "\(result.stdout)")
    let calls = desktop.calls()
    let notifications = calls.filter { $0.first == "notify-send" }
    let sounds = calls.filter { $0.first == "aplay" }
    // "Next stop" as the train leaves ASEAN, then the arrival; only the arrival sounds.
    #expect(notifications.count == 2, "\(calls)")
    #expect(sounds.count == 1, "\(calls)")
    #expect(notifications.first?.contains("Next stop: Senayan") == true, "\(notifications)")
    #expect(notifications.last?.contains("Arrived: Senayan") == true, "\(notifications)")
    #expect(notifications.last?.contains("--urgency=critical") == true, "\(notifications)")
    // The player gets the generated chime, written to the cache directory: a RIFF/WAVE file.
    let played = try #require(sounds.first?.last)
    #expect(played.hasPrefix(desktop.cache.path), "\(played)")
    let header = try #require(FileManager.default.contents(atPath: played)).prefix(12)
    #expect(Array(header.prefix(4)) == Array("RIFF".utf8) && Array(header.suffix(4)) == Array("WAVE".utf8))
  }

  /// A desktop that does not answer: `notify-send` hangs past the notifier's bound each time. The
  /// chime is played first and exactly once all the same, the ride ends with ARRIVED and exit 0,
  /// and each notification that was stopped is told on standard error.
  @Test func aHangingNotifierNeitherDelaysNorCancelsTheAlarm() throws {
    let desktop = try StandInDesktop(slow: "notify-send")
    defer { desktop.remove() }
    let result = try Executable.run(
      "beacon-ride",
      ["--replay", TestPaths.fixture("ride-lebak-bulus-to-bundaran-hi.btsnoop"), "--to", "Senayan"],
      environment: desktop.environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.components(separatedBy: "ARRIVED").count == 2, "\(result.stdout)")
    let calls = desktop.calls()
    #expect(calls.filter { $0.first == "aplay" }.count == 1, "\(calls)")
    let sound = try #require(calls.firstIndex { $0.first == "aplay" }, "\(calls)")
    let arrivalNotification = try #require(calls.firstIndex { $0.contains("Arrived: Senayan") }, "\(calls)")
    #expect(sound < arrivalNotification, "the chime first: \(calls)")
    let stopped = result.stderr.split(separator: "\n").filter {
      $0.hasPrefix("beacon-ride: warning: desktop notification failed: notify-send did not finish within")
    }
    #expect(stopped.count == 2, "\(result.stderr)")
  }

  /// A player that fails (no sound card): the rider is told why on standard error, in one line,
  /// and the ride still ends with ARRIVED and exit 0.
  @Test func aFailingPlayerIsToldOnStandardError() throws {
    let desktop = try StandInDesktop(failing: "aplay")
    defer { desktop.remove() }
    let result = try Executable.run(
      "beacon-ride",
      ["--replay", TestPaths.fixture("ride-lebak-bulus-to-bundaran-hi.btsnoop"), "--to", "Senayan"],
      environment: desktop.environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("ARRIVED"), "\(result.stdout)")
    #expect(desktop.calls().filter { $0.first == "aplay" }.count == 1, "\(desktop.calls())")
    #expect(
      result.stderr.contains(
        "beacon-ride: warning: alarm sound failed: aplay exited with status 1: aplay: main:831: audio open error:"
          + " No such file or directory; run it by hand to see why\n"),
      "\(result.stderr)")
  }

  @Test func noAlertWhenTheSourceEndsBeforeArrival() throws {
    let desktop = try StandInDesktop()
    defer { desktop.remove() }
    let result = try Executable.run(
      "beacon-ride", ["--replay", TestPaths.fixture("ride-stops-short.btsnoop"), "--to", "ASEAN"],
      environment: desktop.environment)
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stdout.contains("FOUND"), "the stations before are still reported: \(result.stdout)")
    #expect(desktop.calls().isEmpty, "\(desktop.calls())")
  }

  /// Without `--to`, the rider in the background: every station of the ride, each with a
  /// notification and the chime, and exit 0 at the capture's end. (A short ride: each alert
  /// runs two helper programs, which a loaded machine can make slow.)
  @Test func inTheBackgroundEveryStationNotifies() throws {
    let desktop = try StandInDesktop()
    defer { desktop.remove() }
    let result = try Executable.run(
      "beacon-ride", ["--replay", TestPaths.fixture("ride-stops-short.btsnoop"), "--format", "json"],
      environment: desktop.environment)
    #expect(result.status == 0, "\(result.stderr)")
    let events = result.stdout.split(separator: "\n").compactMap {
      (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
    }
    let line = ["Fatmawati", "CipeteRaya", "HajiNawi", "BlokA"]
    #expect(events.map { $0["station"] as? String } == line)
    #expect(events.allSatisfy { $0["event"] as? String == "found" && $0["source"] as? String == "bluetooth" })
    let calls = desktop.calls()
    #expect(calls.filter { $0.first == "notify-send" }.count == line.count, "\(calls)")
    #expect(calls.filter { $0.first == "aplay" }.count == line.count, "\(calls)")
    #expect(calls.first { $0.first == "notify-send" }?.contains("Near Fatmawati") == true, "\(calls)")
    #expect(result.stderr.contains("beacon-ride: 4 station(s) found"))
  }

  @Test func fromWithoutToIsABadCommandLine() throws {
    let result = try Executable.run(
      "beacon-ride", ["--replay", TestPaths.fixture("ride-lebak-bulus-to-bundaran-hi.btsnoop"), "--from", "BlokM"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("--from checks a route to --to"))
  }
}
