import BeaconTestSupport
import Foundation
import Testing

/// A report page as headless Chromium lays it out, measured by `tools/page-layout.py`
/// (Playwright for Python, in tools/.venv, driving Debian's `chromium`): its figures, each
/// rendered label's glyph box, the labels that overlap or leave their figure, and the contrast of
/// every text.
struct PageLayout: Decodable {
  struct Figure: Decodable {
    var index: Int
    var `class`: String?
    var labels: Int
  }

  struct Label: Decodable, CustomStringConvertible {
    var figure: Int
    var text: String
    var description: String { "figure \(figure): \(text)" }
  }

  struct Overlap: Decodable, CustomStringConvertible {
    var figure: Int
    var a: String
    var b: String
    var description: String { "figure \(figure): \(a) × \(b)" }
  }

  struct Contrast: Decodable {
    struct Failure: Decodable {
      var text: String
      var ratio: Double
    }
    var minimum: Double?
    var failures: [Failure]
    var checked: Int
  }

  struct Print: Decodable {
    var pages: Int
    var horizontalOverflow: Bool
  }

  var horizontalOverflow: Bool
  var svgWidthsFit: Bool
  var figures: [Figure]
  var labels: [Label]
  var overlaps: [Overlap]
  var outside: [Label]
  var contrast: Contrast
  var print: Print?

  /// The figures that are charts or maps, not the legend's swatches.
  var charts: [Figure] { figures.filter { $0.class != "swatch" } }

  /// The venv's Python when it has Playwright (tools/test installs it), and Chromium.
  static let python: String? = {
    guard HeadlessChromium.isAvailable, let python = Emulator.python,
      let check = try? ChildProcess(executable: python, arguments: ["-c", "import playwright"])
    else { return nil }
    return check.wait(seconds: 30) == 0 ? python : nil
  }()

  static var isAvailable: Bool { python != nil }

  static var script: String { TestPaths.packageRoot.appendingPathComponent("tools/page-layout.py").path }

  /// `page` laid out `width` CSS pixels wide; also a screenshot, and a print to A4, when asked.
  init(_ page: URL, width: Int = 1000, screenshot: URL? = nil, pdf: URL? = nil) throws {
    let python = try #require(Self.python)
    let arguments =
      [Self.script, page.path, "--width", String(width)] + (screenshot.map { ["--screenshot", $0.path] } ?? [])
      + (pdf.map { ["--pdf", $0.path] } ?? [])
    let result = try ChildProcess(executable: python, arguments: arguments).finish(seconds: 120)
    #expect(result.status == 0, "\(result.stderr)")
    self = try JSONDecoder().decode(Self.self, from: Data(result.stdout.utf8))
  }
}
