import BeaconTestSupport
import Foundation
import Testing

/// The ride pages as a browser lays them out (``PageLayout``): on the bundled ride, a journey with
/// a transfer and a GPS ride, no label covers another or leaves its figure, the overview is the
/// first figure, there is one legend, every text is readable (WCAG AA contrast), the page fits a
/// phone's width and A4. Screenshots are kept beside the pages, in the folder the failure names.
@Suite(
  "ride pages laid out in headless Chromium", .serialized,
  .enabled(if: PageLayout.isAvailable, "needs chromium and Playwright in tools/.venv (tools/test installs both)"))
struct RideLayoutBrowserTests {
  /// The three rides: the bundled one, the journey Blok M → Duri (a transfer at Dukuh Atas), and
  /// a GPS-only ride through a real gpsd.
  enum Ride: String {
    case bundled, journey, gps

    func page() throws -> URL {
      let page = try RideReportCommandTests.folder().appendingPathComponent("\(rawValue).html")
      switch self {
      case .bundled:
        let result = try Executable.run(
          "beacon-ride", ["--replay", RideReportCommandTests.ride, "--to", "BundaranHI", "--report", page.path])
        #expect(result.status == 0, "\(result.stderr)")
      case .journey:
        let result = try Executable.run(
          "beacon-ride",
          [
            "--replay", TestPaths.fixture("ride-emulated-journey-blok-m-to-duri.btsnoop"), "--from", "BlokM", "--to",
            "Duri", "--report", page.path,
          ])
        #expect(result.status == 0, "\(result.stderr)")
      case .gps:
        _ = try GPSRideReportCommandTests.ride(reportingTo: page)
      }
      return page
    }

  }

  /// The rides from captures; the GPS ride, which needs gpsd, has tests of its own that skip
  /// without it.
  static let replayed: [Ride] = [.bundled, .journey]

  @Test(arguments: replayed) func labelsNeverCollideAndTheOverviewComesFirst(ride: Ride) throws {
    try Self.checkLabelsAndOverview(ride)
  }

  @Test(arguments: replayed) func thePageFitsAPhoneAndA4(ride: Ride) throws {
    try Self.checkPhoneAndA4(ride)
  }

  @Test(.enabled(if: GPSFake.isAvailable, "needs gpsd and gpsfake"))
  func theGPSRidesLabelsNeverCollideAndTheOverviewComesFirst() throws {
    try Self.checkLabelsAndOverview(.gps)
  }

  @Test(.enabled(if: GPSFake.isAvailable, "needs gpsd and gpsfake")) func theGPSRideFitsAPhoneAndA4() throws {
    try Self.checkPhoneAndA4(.gps)
  }

  static func checkLabelsAndOverview(_ ride: Ride) throws {
    let page = try ride.page()
    let screenshot = page.deletingPathExtension().appendingPathExtension("png")
    let layout = try PageLayout(page, screenshot: screenshot)
    #expect(layout.overlaps.isEmpty, "\(layout.overlaps)")
    #expect(layout.outside.isEmpty, "\(layout.outside)")
    #expect(layout.charts.first?.class == "overview", "\(layout.charts.map(\.class))")
    #expect(layout.charts.first.map { $0.labels > 3 } == true, "the overview names its stations")
    let html = try String(contentsOf: page, encoding: .utf8)
    #expect(RideReportCommandTests.count(#"<section class="legend">"#, in: html) == 1)
    #expect(layout.contrast.failures.isEmpty, "\(layout.contrast.failures.map { "\($0.text): \($0.ratio)" })")
    #expect((layout.contrast.minimum ?? 0) >= 4.5 && layout.contrast.checked > 20)
    // A drawn page, not a blank one (``ReportBrowserTests/aBlankPageIsToldApart``).
    let shot = try ScreenshotStatistics(screenshot)
    #expect(shot.colours > 100 && shot.drawnShare > 0.05, "\(shot), kept at \(screenshot.path)")
  }

  static func checkPhoneAndA4(_ ride: Ride) throws {
    let page = try ride.page()
    let phone = try PageLayout(page, width: 390)
    #expect(!phone.horizontalOverflow && phone.svgWidthsFit)
    #expect(phone.overlaps.isEmpty, "figures scale as a whole: \(phone.overlaps)")
    let printed = try PageLayout(page, pdf: page.deletingPathExtension().appendingPathExtension("pdf"))
    let print = try #require(printed.print)
    #expect(!print.horizontalOverflow && print.pages >= 1, "\(print)")
  }

  /// The measure can fail: on a page with planted faults (two labels over each other, one off
  /// the figure, grey on white), it finds each of them and nothing else.
  @Test func theLayoutCheckFindsPlantedFaults() throws {
    let python = try #require(PageLayout.python)
    let result = try ChildProcess(executable: python, arguments: [PageLayout.script, "--self-test"]).finish(
      seconds: 120)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("self-test passed"))
  }
}
