import BeaconTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `beacon-ride --gps`, end to end: the real executable against a real gpsd fed by gpsfake.
@Suite(
  "beacon-ride --gps", .serialized,
  .enabled(if: GPSFake.isAvailable, "needs gpsd and gpsfake (apt-get install gpsd gpsd-clients; tools/test does)"))
struct GPSRideCommandTests {
  /// The `station` and `source` of each JSON event line.
  func events(_ stdout: String) throws -> [(event: String, station: String, source: String)] {
    try stdout.split(separator: "\n").map { line in
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      return (object["event"] as? String ?? "", object["station"] as? String ?? "", object["source"] as? String ?? "")
    }
  }

  @Test func gpsAloneRidesLebakBulusToASEAN() throws {
    let gpsd = try GPSFake(log: TestPaths.fixture("gps/ride-lebakbulus-asean.nmea"))
    let result = try Executable.run(
      "beacon-ride", ["--gps", ":\(gpsd.port)", "--to", "ASEAN", "--duration", "90", "--format", "json"])
    #expect(result.status == 0, "\(result.stderr)")
    let all = try events(result.stdout)
    // GPS leaving Blok M feeds the stop ahead too.
    #expect(all.suffix(2).map(\.event) == ["approaching", "arrived"])
    #expect(all.filter { $0.event == "approaching" }.map(\.station) == ["ASEAN"])
    let events = all.filter { $0.event != "approaching" }
    #expect(events.map(\.station) == ["LebakBulus", "Fatmawati", "CipeteRaya", "HajiNawi", "BlokA", "BlokM", "ASEAN"])
    #expect(events.map(\.event) == Array(repeating: "found", count: 6) + ["arrived"])
    #expect(events.allSatisfy { $0.source == "gps" })
    // GPS events carry the fix's position, and its time: one of the log's fixes, whichever gpsd
    // passed on first (it drops sentences while it syncs, more on a loaded machine), never the clock's.
    let first = try #require(result.stdout.split(separator: "\n").first)
    #expect(first.contains(#""lat":-6.289"#) && first.contains(#""lon":106.77"#))
    let object = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
    let time = try #require(object["time"] as? String)
    let fixes = try fixTimes(TestPaths.fixture("gps/ride-lebakbulus-asean.nmea"))
    #expect(fixes.contains(time), "\(first) among \(fixes.sorted().prefix(3))")
  }

  /// The times of an NMEA log's valid RMC fixes, as the JSON events write them (UTC, milliseconds).
  func fixTimes(_ log: String) throws -> Set<String> {
    let lines = try String(contentsOfFile: log, encoding: .utf8).split(whereSeparator: \.isNewline)
    return Set(
      lines.compactMap { line -> String? in
        let fields = line.split(separator: ",", omittingEmptySubsequences: false)
        guard fields.count > 9, fields[0].hasSuffix("RMC"), fields[2] == "A" else { return nil }
        let time = Array(fields[1])
        let date = Array(fields[9])
        guard time.count >= 6, date.count == 6 else { return nil }
        return "20\(String(date[4...5]))-\(String(date[2...3]))-\(String(date[0...1]))T"
          + "\(String(time[0...1])):\(String(time[2...3])):\(String(time[4...5])).000Z"
      })
  }

  @Test func withoutBluetoothHereGPSGoesOnAlone() throws {
    // This machine's kernel has no Bluetooth: -i hci0 cannot start, and one line says GPS is used.
    let gpsd = try GPSFake(log: TestPaths.fixture("gps/ride-lebakbulus-asean.nmea"))
    let result = try Executable.run(
      "beacon-ride", ["-i", "hci0", "--gps", ":\(gpsd.port)", "--to", "ASEAN", "--duration", "90", "--format", "json"])
    #expect(result.status == 0, "\(result.stderr)")
    let told = try events(result.stdout).filter { $0.event != "approaching" }
    #expect(
      told.map(\.station) == ["LebakBulus", "Fatmawati", "CipeteRaya", "HajiNawi", "BlokA", "BlokM", "ASEAN"],
      "\(told.map { "\($0.event) \($0.station) (\($0.source))" }); stderr: \(result.stderr)")
    let fallbacks = result.stderr.split(separator: "\n").filter { $0.hasSuffix("finding stations by GPS alone") }
    #expect(fallbacks.count == 1, "\(result.stderr)")
  }

  /// A journey ridden by GPS alone cannot hear its train: one line says why, and the ride goes on.
  @Test(arguments: [
    ([String](), "there is no Bluetooth source to hear its beacon (GPS alone)"),
    (["-i", "hci0"], "Bluetooth did not start"),
  ])
  func byGPSAloneTheTrainCannotBeAnnounced(bluetooth: [String], reason: String) throws {
    let gpsd = try GPSFake(log: TestPaths.fixture("gps/ride-lebakbulus-asean.nmea"))
    let result = try Executable.run(
      "beacon-ride",
      bluetooth + ["--gps", ":\(gpsd.port)", "--from", "LebakBulus", "--to", "ASEAN", "--duration", "90"])
    #expect(result.status == 0, "\(result.stderr)")
    let said = result.stderr.split(separator: "\n").filter { $0.contains("the train coming in cannot be announced") }
    #expect(said == ["beacon-ride: the train coming in cannot be announced: \(reason)"], "\(result.stderr)")
    #expect(result.stdout.contains("ARRIVED"))
  }

  @Test func aBluetoothCaptureAndGPSTellEachStationOnce() throws {
    // The capture hears Fatmawati to Blok A and ends; GPS finds the whole line from Lebak Bulus.
    let gpsd = try GPSFake(log: TestPaths.fixture("gps/ride-lebakbulus-asean.nmea"))
    let result = try Executable.run(
      "beacon-ride",
      [
        "--replay", TestPaths.fixture("ride-stops-short.btsnoop"), "--gps", ":\(gpsd.port)", "--to", "ASEAN",
        "--duration", "90", "--format", "json",
      ])
    #expect(result.status == 0, "\(result.stderr)")
    let events = try events(result.stdout).filter { $0.event != "approaching" }
    let stations = events.map(\.station)
    #expect(Set(stations).count == stations.count, "a station told twice: \(stations)")
    #expect(
      Set(stations) == ["LebakBulus", "Fatmawati", "CipeteRaya", "HajiNawi", "BlokA", "BlokM", "ASEAN"])
    #expect(
      events.filter { $0.source == "bluetooth" }.map(\.station) == ["Fatmawati", "CipeteRaya", "HajiNawi", "BlokA"])
    #expect(events.last?.event == "arrived")
  }

  @Test func gpsdRestartedMidRideIsToldBackOnOneLine() throws {
    var gpsd = try GPSFake(log: TestPaths.fixture("gps/ride-lebakbulus-asean.nmea"), cycle: 0.05)
    let ride = try background("beacon-ride", ["--gps", ":\(gpsd.port)", "--duration", "60", "--format", "json"])
    defer { ride.stop() }
    // Once a station is found, gpsd dies; a new one comes up on the same port 1.5 s later.
    let deadline = Date().addingTimeInterval(30)
    while ride.stdout.isEmpty, ride.isRunning, Date() < deadline { usleep(50_000) }
    #expect(!ride.stdout.isEmpty, "\(ride.stderr)")
    gpsd.stop()
    Thread.sleep(forTimeInterval: 1.5)
    gpsd = try GPSFake(log: TestPaths.fixture("gps/ride-restart-hajinawi-asean.nmea"), port: gpsd.port)
    #expect(ride.waitForStderr(" is back after ", seconds: 20), "\(ride.stderr)")
    ride.signal(SIGINT)
    let result = ride.finish(seconds: 10)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.contains { $0.contains("gpsd at 127.0.0.1:\(gpsd.port) closed the connection") }, "\(result.stderr)")
    let back = lines.filter { $0.contains(" is back after ") }
    #expect(back.count == 1, "\(result.stderr)")
    #expect(
      back.first.map { $0.wholeMatch(of: /beacon-ride: gps: gpsd at 127\.0\.0\.1:[0-9]+ is back after [1-8] s/) != nil }
        == true, "\(result.stderr)")
  }

  @Test func noGpsdIsOneLineAndTheRideWaitsForIt() throws {
    let port = try LoopbackPort.free()
    let result = try Executable.run("beacon-ride", ["--gps", ":\(port)", "--to", "ASEAN", "--duration", "3"])
    #expect(result.status == 1)
    let lines = result.stderr.split(separator: "\n")
    #expect(
      lines.filter { $0.contains("no gpsd at 127.0.0.1:\(port) — start it: `sudo systemctl start gpsd`") }.count == 1,
      "\(result.stderr)")
  }
}
