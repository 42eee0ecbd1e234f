import BeaconTestSupport
import Foundation
import Testing

/// `--report FILE` on `beacon-ride` and `beacon-scan`, end to end: the page written at the end of
/// a replay holds a strip for each station beacon heard and a marker and a row for each event
/// printed. (What a browser makes of the pages: ``ReportBrowserTests``.)
@Suite struct RideReportCommandTests {
  static let ride = TestPaths.fixture("ride-lebak-bulus-to-bundaran-hi.btsnoop")
  static let line = StationEventCommandTests.line

  /// A fresh folder for the pages of one test.
  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("ride-report-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// The station names of the strips' captions, in order (`Display (Name): …`).
  static func stripStations(_ html: String) -> [String] {
    html.ranges(of: "<figcaption>").compactMap { range in
      let caption = html[range.upperBound...].prefix { $0 != "<" }
      guard let open = caption.firstIndex(of: "("), let close = caption.firstIndex(of: ")") else { return nil }
      return String(caption[caption.index(after: open)..<close])
    }
  }

  static func count(_ needle: String, in text: some StringProtocol) -> Int { text.ranges(of: needle).count }

  /// The first `<svg class="NAME"` element of `html`, whole.
  static func figure(_ name: String, in html: String) -> Substring? {
    guard let start = html.range(of: "<svg class=\"\(name)\""),
      let end = html[start.upperBound...].range(of: "</svg>")
    else { return nil }
    return html[start.lowerBound..<end.upperBound]
  }

  @Test func theBundledRideShowsEveryStationWithItsEvents() throws {
    let page = try Self.folder().appendingPathComponent("ride.html")
    let result = try Executable.run(
      "beacon-ride", ["--replay", Self.ride, "--to", "BundaranHI", "--format", "json", "--report", page.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("beacon-ride: wrote the report to \(page.path)"))
    let html = try String(contentsOf: page, encoding: .utf8)
    // A strip per station of the line, in the line's order; then the busiest other beacons.
    #expect(Self.stripStations(html).prefix(13) == ArraySlice(Self.line))
    #expect(Self.count("<svg class=\"timeline\"", in: html) == 13 + 2, "the ride's two other beacons too")
    // Each event printed: a row of the table, a marker on its station's strip and a mark on the
    // overview (whose class also says the source).
    let events = jsonLines(result.stdout)
    #expect(events.count == 14)
    let overview = try #require(Self.figure("overview", in: html))
    // The built-in MRT timetable's trips over the ride, drawn the way the rider went.
    #expect(Self.count("<polyline class=\"scheduled\"", in: overview) >= 2)
    for kind in Set(events.compactMap { $0["event"] as? String }) {
      let printed = events.filter { $0["event"] as? String == kind }.count
      #expect(Self.count("<tr class=\"event \(kind)\">", in: html) == printed, "\(kind)")
      #expect(Self.count("<g class=\"mark \(kind)\">", in: html) == printed, "\(kind)")
      #expect(Self.count("<g class=\"mark \(kind) ", in: overview) == printed, "\(kind)")
    }
    // The totals add up: the station beacons' reports are those of their strips.
    let stationReports = html.ranges(of: "<figcaption>").prefix(13).compactMap { range in
      let words = html[range.upperBound...].prefix { $0 != "<" }.split(separator: " ")
      return words.firstIndex(of: "reports").flatMap { $0 > 0 ? Int(words[$0 - 1]) : nil }
    }
    #expect(stationReports.count == 13)
    #expect(html.contains("<dd>13 of 55, \(stationReports.reduce(0, +)) reports</dd>"))
    #expect(!html.contains("<svg class=\"map\""), "no GPS, no map")
    #expect(html.hasPrefix("<!DOCTYPE html>") && !html.contains("<script") && !html.contains("http"))
  }

  @Test func aJourneyMarksTheTransferAndTheStopsAhead() throws {
    let page = try Self.folder().appendingPathComponent("journey.html")
    let result = try Executable.run(
      "beacon-ride",
      [
        "--replay", TestPaths.fixture("ride-lebak-bulus-to-soekarno-hatta.btsnoop"), "--from", "LebakBulus", "--to",
        "SoekarnoHatta", "--format", "json", "--report", page.path,
      ])
    #expect(result.status == 0, "\(result.stderr)")
    let html = try String(contentsOf: page, encoding: .utf8)
    #expect(html.contains("<title>Journey: Lebak Bulus → "))
    #expect(Self.count("<g class=\"mark transfer\">", in: html) == 1)
    #expect(Self.count("<g class=\"mark approaching\">", in: html) == 2)
    // Both lines' stations have strips: Dukuh Atas (MRT) and BNI City (the airport line).
    let strips = Self.stripStations(html)
    #expect(strips.contains("DukuhAtas") && strips.contains("BNICity") && strips.contains("SoekarnoHatta"))
  }

  @Test func aScanWithNotifyMarksFoundAndLeft() throws {
    let page = try Self.folder().appendingPathComponent("scan.html")
    let result = try Executable.run(
      "beacon-scan", ["--replay", Self.ride, "--notify", "--format", "json", "--report", page.path])
    #expect(result.status == 0, "\(result.stderr)")
    let html = try String(contentsOf: page, encoding: .utf8)
    let events = jsonLines(result.stdout)
    let left = events.filter { $0["event"] as? String == "left" }.count
    #expect(left > 0)
    #expect(Self.count("<g class=\"mark left\">", in: html) == left)
    #expect(!html.contains("<polyline class=\"scheduled\""), "beacon-scan has no timetable")
    #expect(Self.count("<tr class=\"event found\">", in: html) == 13)
  }

  @Test func aScanWithoutEventsStillDrawsEachStationBeacon() throws {
    let page = try Self.folder().appendingPathComponent("summary.html")
    let result = try Executable.run("beacon-scan", ["--replay", Self.ride, "--summary", "--report", page.path])
    #expect(result.status == 0, "\(result.stderr)")
    let html = try String(contentsOf: page, encoding: .utf8)
    #expect(Self.stripStations(html).prefix(13) == ArraySlice(Self.line))
    #expect(!html.contains("<tr class=\"event"))
  }

  @Test func anUnwritablePlaceIsRefusedBeforeTheRun() throws {
    for path in ["/nonexistent-folder/ride.html", NSTemporaryDirectory()] {
      let result = try Executable.run("beacon-ride", ["--replay", Self.ride, "--to", "BundaranHI", "--report", path])
      #expect(result.status == 64, "\(path)")
      #expect(result.stdout.isEmpty, "nothing ridden: \(result.stdout)")
      #expect(
        result.stderr.contains("--report") || result.stderr.contains("cannot write the report"), "\(result.stderr)")
    }
    let every = try Executable.run("beacon-scan", ["--replay", Self.ride, "--report-every", "60"])
    #expect(every.status == 64 && every.stderr.contains("--report-every"), "\(every.stderr)")
    let plan = try Executable.run(
      "beacon-ride", ["--plan", "--from", "LebakBulus", "--to", "BlokM", "--report", "/tmp/plan.html"])
    #expect(plan.status == 64 && plan.stderr.contains("--report"), "\(plan.stderr)")
  }

  @Test func aPageIsReplacedWholeNeverHalfWritten() throws {
    let folder = try Self.folder()
    let page = folder.appendingPathComponent("ride.html")
    try Data("the previous page".utf8).write(to: page)
    let result = try Executable.run("beacon-scan", ["--replay", Self.ride, "--summary", "--report", page.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try String(contentsOf: page, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
    // No temporary file is left beside it.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["ride.html"])
  }

  @Test func aCaptureDamagedPartWayStillGetsItsPageAndNothingHeardGetsNone() throws {
    let folder = try Self.folder()
    // The bundled ride cut at its first record from byte 30,000 on, then a record claiming 2 GB:
    // exit 65.
    let ride = try BrokenCaptureTests.Capture("ride-lebak-bulus-to-bundaran-hi")
    let cut = try #require(ride.records.firstIndex { $0.offset >= 30_000 })
    let header = [0x7F, 0xFF, 0xFF, 0xF0, 0x7F, 0xFF, 0xFF, 0xF0] + [UInt8](repeating: 0, count: 16)
    let capture = folder.appendingPathComponent("damaged.btsnoop")
    try Data(ride.file(replacingFrom: cut, with: header, keepRest: false)).write(to: capture)
    let page = folder.appendingPathComponent("damaged.html")
    let result = try Executable.run(
      "beacon-scan", ["--replay", capture.path, "--format", "json", "--report", page.path])
    #expect(result.status == 65, "\(result.stderr)")
    let html = try String(contentsOf: page, encoding: .utf8)
    #expect(html.contains("<figcaption>Lebak Bulus (LebakBulus): "), "what was heard before the damage")
    // No controller (nothing listens on the port): nothing heard, no page.
    let none = folder.appendingPathComponent("none.html")
    for program in ["beacon-scan", "beacon-ride"] {
      let arguments = ["-i", "tcp:127.0.0.1:\(try LoopbackPort.free())", "--report", none.path]
      let live = try Executable.run(program, arguments + (program == "beacon-ride" ? ["--to", "BlokM"] : []))
      #expect(live.status == 69, "\(program): \(live.stderr)")
      #expect(!FileManager.default.fileExists(atPath: none.path), "\(program)")
    }
  }

  @Test func hostileNamesFromACatalogAreEscaped() throws {
    let folder = try Self.folder()
    let catalog = try ReportBrowserTests.hostileCatalog(in: folder)
    let page = folder.appendingPathComponent("hostile.html")
    let result = try Executable.run(
      "beacon-scan", ["--replay", Self.ride, "--notify", "--catalog", catalog, "--report", page.path])
    #expect(result.status == 0, "\(result.stderr)")
    let html = try String(contentsOf: page, encoding: .utf8)
    #expect(!html.contains("<script") && !html.contains("<img") && !html.contains("onerror=\""))
    #expect(html.contains("&lt;script&gt;document.title=&#39;pwned&#39;&lt;/script&gt;"))
  }
}

/// `beacon-ride --gps --report`: the map, with the track and a pin for each event.
@Suite(
  "beacon-ride --gps --report", .serialized,
  .enabled(if: GPSFake.isAvailable, "needs gpsd and gpsfake (apt-get install gpsd gpsd-clients; tools/test does)"))
struct GPSRideReportCommandTests {
  /// Rides Lebak Bulus to ASEAN by GPS (gpsfake) and writes the page to `page`; the events printed.
  static func ride(reportingTo page: URL) throws -> [[String: Any]] {
    let gpsd = try GPSFake(log: TestPaths.fixture("gps/ride-lebakbulus-asean.nmea"))
    let result = try Executable.run(
      "beacon-ride",
      ["--gps", ":\(gpsd.port)", "--to", "ASEAN", "--duration", "90", "--format", "json", "--report", page.path])
    #expect(result.status == 0, "\(result.stderr)")
    return jsonLines(result.stdout)
  }

  @Test func theMapHasTheTrackAndAPinPerEvent() throws {
    let page = try RideReportCommandTests.folder().appendingPathComponent("gps.html")
    let events = try Self.ride(reportingTo: page)
    let html = try String(contentsOf: page, encoding: .utf8)
    #expect(html.contains("<svg class=\"map\""))
    #expect(RideReportCommandTests.count("<polyline class=\"track\"", in: html) >= 1)
    #expect(RideReportCommandTests.count("<g class=\"pin ", in: html) == events.count)
    // Every station found has its pin, labelled with the event and the station.
    for event in events where event["event"] as? String == "found" {
      let station = try #require(event["displayName"] as? String)
      #expect(html.contains(">found \(station)</text>"), "\(station)")
    }
    #expect(html.contains("<dt>GPS fixes</dt>"))
  }
}
