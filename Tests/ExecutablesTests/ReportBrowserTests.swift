import BeaconTestSupport
import Foundation
import Testing

/// Headless Chromium (Debian's `chromium`), for opening report pages as a user's browser does.
struct HeadlessChromium {
  static var path: String? { TestPaths.executable("chromium") ?? TestPaths.executable("chromium-browser") }
  static var isAvailable: Bool { path != nil }

  /// A profile of its own, so nothing of the user's is read or written.
  let profile: URL

  init() throws {
    profile = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
  }

  private func run(_ arguments: [String]) throws -> ProcessResult {
    let chromium = try #require(Self.path)
    // --no-sandbox: the tests may run as root (CI), where Chromium's sandbox refuses to start.
    let result = try ChildProcess(
      executable: chromium,
      arguments: [
        "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
        "--user-data-dir=\(profile.path)",
      ] + arguments
    ).finish(seconds: 60)
    #expect(result.status == 0, "\(result.stderr)")
    return result
  }

  /// The page's DOM after loading, as Chromium serializes it.
  func dumpDOM(_ page: URL) throws -> String {
    try run(["--dump-dom", page.absoluteString]).stdout
  }

  /// A screenshot of the page's first `width` × `height` pixels.
  func screenshot(_ page: URL, to png: URL, width: Int = 1000, height: Int = 1400) throws {
    _ = try run(["--window-size=\(width),\(height)", "--screenshot=\(png.path)", page.absoluteString])
  }
}

/// What a screenshot shows, from `tools/png-stats.py`.
struct ScreenshotStatistics: Decodable {
  var width: Int
  var height: Int
  var colours: Int
  var drawnShare: Double

  init(_ png: URL) throws {
    let script = TestPaths.packageRoot.appendingPathComponent("tools/png-stats.py").path
    let result = try ChildProcess(
      executable: try #require(TestPaths.executable("python3")), arguments: [script, png.path]
    )
    .finish()
    #expect(result.status == 0, "\(result.stderr)")
    self = try JSONDecoder().decode(Self.self, from: Data(result.stdout.utf8))
  }
}

/// The report pages in a real browser: the elements it builds from them, a screenshot that
/// shows something, and a page made from hostile names that stays inert.
@Suite(
  "report pages in headless Chromium", .serialized,
  .enabled(if: HeadlessChromium.isAvailable, "needs chromium (apt-get install chromium; tools/test does)"))
struct ReportBrowserTests {
  static func count(_ needle: String, in text: String) -> Int { text.ranges(of: needle).count }

  /// A catalog naming the bundled ride's station beacons with markup that would run script if
  /// it were not escaped: a `<script>` element, an attribute that ends early, an image that fails.
  static func hostileCatalog(in folder: URL) throws -> String {
    let hostile = [
      #"<script>document.title='pwned'</script>"#, #"\"><img src=x onerror=\"document.title='pwned'\">"#,
      #"Blok' onmouseover='document.title=1"#,
    ]
    let stations = (1...13).map { minor in
      let name = "\(hostile[minor % hostile.count]) \(minor)"
      return #"{"name": "S\#(minor)", "displayName": "\#(name)", "uuid": "F63B21BA-2635-4BE4-B6FF-E2EAB8B541C3", "#
        + #""major": 1, "minor": \#(minor)}"#
    }
    let path = folder.appendingPathComponent("hostile-catalog.json").path
    try Data(#"{"stations": [\#(stations.joined(separator: ",\n"))]}"#.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// `program` with `arguments` and `--report PAGE`; the page.
  static func page(_ program: String, _ arguments: [String], named name: String) throws -> URL {
    let page = try RideReportCommandTests.folder().appendingPathComponent(name)
    let result = try Executable.run(program, arguments + ["--report", page.path])
    #expect(result.status == 0, "\(result.stderr)")
    return page
  }

  @Test func theBundledRideHasAStripPerStationAndAMarkerPerEvent() throws {
    let page = try Self.page(
      "beacon-ride", ["--replay", RideReportCommandTests.ride, "--to", "BundaranHI"], named: "ride.html")
    let html = try String(contentsOf: page, encoding: .utf8)
    let dom = try HeadlessChromium().dumpDOM(page)
    #expect(Self.count("<svg class=\"timeline\"", in: dom) == 13 + 2, "the stations, and the ride's two other beacons")
    #expect(RideReportCommandTests.stripStations(dom).prefix(13) == ArraySlice(RideReportCommandTests.line))
    #expect(Self.count("<g class=\"mark found\">", in: dom) == 12, "the last station is arrived at, not found")
    #expect(Self.count("<g class=\"mark arrived\">", in: dom) == 1)
    #expect(Self.count("<tr class=\"event ", in: dom) == Self.count("<tr class=\"event ", in: html))
    #expect(!dom.contains("<svg class=\"map\""))
  }

  @Test func theBundledRidesScreenshotShowsTheStrips() throws {
    let page = try Self.page(
      "beacon-ride", ["--replay", RideReportCommandTests.ride, "--to", "BundaranHI"], named: "ride.html")
    let png = page.deletingPathExtension().appendingPathExtension("png")
    try HeadlessChromium().screenshot(page, to: png)
    let shot = try ScreenshotStatistics(png)
    #expect(shot.width == 1000 && shot.height == 1400)
    // A blank page is one colour; the strips, dots, lines and labels are hundreds.
    #expect(shot.colours > 100, "\(shot)")
    #expect(shot.drawnShare > 0.05, "\(shot)")
  }

  @Test func aBlankPageIsToldApart() throws {
    // The check above must be able to fail: an empty page's screenshot is one colour.
    let page = try RideReportCommandTests.folder().appendingPathComponent("blank.html")
    try Data("<!DOCTYPE html><html><body></body></html>".utf8).write(to: page)
    let png = page.deletingPathExtension().appendingPathExtension("png")
    try HeadlessChromium().screenshot(page, to: png, width: 400, height: 300)
    let shot = try ScreenshotStatistics(png)
    #expect(shot.colours == 1 && shot.drawnShare == 0, "\(shot)")
  }

  @Test func hostileNamesStayText() throws {
    let folder = try RideReportCommandTests.folder()
    let catalog = try Self.hostileCatalog(in: folder)
    let page = try Self.page(
      "beacon-scan", ["--replay", RideReportCommandTests.ride, "--notify", "--catalog", catalog], named: "hostile.html")
    let dom = try HeadlessChromium().dumpDOM(page)
    // No element or handler came from a name, and no script ran (it would have set the title).
    // Text has its `<` escaped in the serialized DOM, so every `<` left opens a real tag.
    let tags = dom.split(separator: "<").dropFirst().map { $0.prefix { $0 != ">" } }
    #expect(!tags.contains { $0.hasPrefix("script") || $0.hasPrefix("img") })
    #expect(!tags.contains { $0.contains(" onerror=") || $0.contains(" onmouseover=") })
    #expect(dom.contains(#"onerror="document.title"#), "the handler's text is there, as text")
    #expect(dom.contains("<title>Scan: "))
    #expect(!dom.contains("pwned</title>"))
    // The names are there, as text.
    #expect(dom.contains("&lt;script&gt;document.title='pwned'&lt;/script&gt; 3"))
    #expect(Self.count("<g class=\"mark found\">", in: dom) == 13)
  }

  @Test(.enabled(if: GPSFake.isAvailable, "needs gpsd and gpsfake")) func theGPSRideShowsItsMap() throws {
    let page = try RideReportCommandTests.folder().appendingPathComponent("gps.html")
    let events = try GPSRideReportCommandTests.ride(reportingTo: page)
    let dom = try HeadlessChromium().dumpDOM(page)
    #expect(Self.count("<svg class=\"map\"", in: dom) == 1)
    #expect(Self.count("<polyline class=\"track\"", in: dom) >= 1)
    #expect(Self.count("<g class=\"pin ", in: dom) == events.count)
    let png = page.deletingPathExtension().appendingPathExtension("png")
    try HeadlessChromium().screenshot(page, to: png)
    #expect(try ScreenshotStatistics(png).drawnShare > 0.05)
  }

  /// Five policy constants and the scan duty: a chart each, its default marked.
  @Test func theSweepHasAChartPerConstant() throws {
    let page = try RideReportCommandTests.folder().appendingPathComponent("sweep.html")
    let result = try Executable.run(
      "detection-sweep", ["--chart", page.path, TestPaths.fixture("ride-lebak-bulus-to-bundaran-hi.btsnoop")])
    #expect(result.status == 0, "\(result.stderr)")
    let dom = try HeadlessChromium().dumpDOM(page)
    #expect(Self.count("<svg class=\"sweep\"", in: dom) == 6)
    #expect(Self.count("<line class=\"default\"", in: dom) == 6)
  }
}
