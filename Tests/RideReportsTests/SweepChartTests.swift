import Testing

@testable import RideReports

/// One constant's sweep: a latency dot and an on-time square per value, by value, the default marked.
@Suite struct SweepChartTests {
  typealias Point = SweepChart.Point

  /// Five enter thresholds, not in order; the weakest found no stop.
  let points = [
    Point(value: -85, medianLatency: 2, onTimeShare: 0.9, errors: 1, isDefault: false),
    Point(value: -100, medianLatency: nil, onTimeShare: 0, errors: 12, isDefault: false),
    Point(value: -88, medianLatency: 2.5, onTimeShare: 0.75, errors: 3, isDefault: true),
    Point(value: -80, medianLatency: 1.2, onTimeShare: 0.95, errors: 0, isDefault: false),
    Point(value: -95, medianLatency: 4.2, onTimeShare: 0.4, errors: 7, isDefault: false),
  ]

  /// A drawn mark: where it is and the tooltip it carries.
  struct Mark {
    let x: Double
    let y: Double
    let tooltip: String
  }

  /// The latency dots, at their centres.
  func dots(_ svg: String) -> [Mark] {
    svg.matches(of: #/<circle class="latency" cx="([^"]+)" cy="([^"]+)" r="3"><title>([^<]*)</title>/#).map {
      Mark(x: Double(String($0.1))!, y: Double(String($0.2))!, tooltip: String($0.3))
    }
  }

  /// The on-time squares, at their centres.
  func squares(_ svg: String) -> [Mark] {
    svg.matches(
      of: #/<rect class="ontime" x="([^"]+)" y="([^"]+)" width="6" height="6"><title>([^<]*)</title>/#
    ).map { Mark(x: Double(String($0.1))! + 3, y: Double(String($0.2))! + 3, tooltip: String($0.3)) }
  }

  /// The mark drawn for `point`, found by its tooltip.
  func mark(for point: Point, in marks: [Mark]) -> Mark? {
    marks.first { $0.tooltip == SweepChart.describe(point) }
  }

  /// The plot's frame: its left and right edges.
  func frame(_ svg: String) -> (left: Double, right: Double)? {
    guard let match = svg.firstMatch(of: #/<rect class="frame" x="([^"]+)" y="[^"]+" width="([^"]+)"/#),
      let x = Double(String(match.1)), let width = Double(String(match.2))
    else { return nil }
    return (x, x + width)
  }

  @Test func aDotPerMedianASquarePerValueAndTheDefaultMarked() {
    let svg = SweepChart(title: "Enter threshold (dBm)", points: points).markup.rendered
    #expect(svg.hasPrefix(#"<svg class="sweep" width="440" height="220""#))
    #expect(svg.ranges(of: #"<circle class="latency""#).count == 4)
    #expect(svg.ranges(of: #"<rect class="ontime""#).count == 5)
    #expect(svg.ranges(of: #"<line class="default""#).count == 1)
    #expect(svg.ranges(of: #"<text class="tick default""#).count == 1)
    #expect(svg.contains("<title>Enter threshold (dBm)</title>"))
    // The default's line stands where its dot is.
    let line = svg.firstMatch(of: #/<line class="default" x1="([^"]+)" x2="([^"]+)"/#)
    let defaultDot = mark(for: points[2], in: dots(svg))
    #expect(line.flatMap { Double(String($0.1)) } == defaultDot?.x)
    #expect(line.flatMap { Double(String($0.2)) } == defaultDot?.x)
  }

  @Test func withoutADefaultNothingIsMarked() {
    let plain = points.map {
      Point(
        value: $0.value, medianLatency: $0.medianLatency, onTimeShare: $0.onTimeShare, errors: $0.errors,
        isDefault: false)
    }
    let svg = SweepChart(title: "Enter threshold (dBm)", points: plain).markup.rendered
    #expect(svg.ranges(of: #"<line class="default""#).count == 0)
    #expect(svg.ranges(of: #"<text class="tick default""#).count == 0)
    #expect(svg.ranges(of: #"<text class="tick""#).count == 5)
  }

  @Test func valuesAreDrawnLeftToRightWhateverTheirOrder() throws {
    let svg = SweepChart(title: "Enter threshold (dBm)", points: points).markup.rendered
    let dots = dots(svg)
    let squares = squares(svg)
    let byValue = points.sorted { $0.value < $1.value }
    let dotXs = byValue.compactMap { mark(for: $0, in: dots)?.x }
    let squareXs = byValue.compactMap { mark(for: $0, in: squares)?.x }
    #expect(dotXs.count == 4 && squareXs.count == 5)
    #expect(zip(dotXs, dotXs.dropFirst()).allSatisfy { $0 < $1 }, "\(dotXs)")
    #expect(zip(squareXs, squareXs.dropFirst()).allSatisfy { $0 < $1 }, "\(squareXs)")
    // A value's dot and square are one above the other.
    for point in byValue where point.medianLatency != nil {
      #expect(mark(for: point, in: dots)?.x == mark(for: point, in: squares)?.x, "\(point.value)")
    }
    // The lowest and highest values at the plot's edges.
    let edges = try #require(frame(svg))
    #expect(squareXs.first == edges.left && squareXs.last == edges.right)
  }

  @Test func longerLatencyAndFewerStopsOnTimeAreLower() {
    let svg = SweepChart(title: "Enter threshold (dBm)", points: points).markup.rendered
    let dots = dots(svg)
    let squares = squares(svg)
    let byLatency = points.filter { $0.medianLatency != nil }.sorted { $0.medianLatency! < $1.medianLatency! }
    let dotYs = byLatency.compactMap { mark(for: $0, in: dots)?.y }
    #expect(dotYs.count == 4 && zip(dotYs, dotYs.dropFirst()).allSatisfy { $0 > $1 }, "\(dotYs)")
    let byShare = points.sorted { $0.onTimeShare < $1.onTimeShare }
    let squareYs = byShare.compactMap { mark(for: $0, in: squares)?.y }
    #expect(squareYs.count == 5 && zip(squareYs, squareYs.dropFirst()).allSatisfy { $0 > $1 }, "\(squareYs)")
  }

  @Test func missedAndFalseStopsAreRedBarsGrowingToHalfThePlot() throws {
    let svg = SweepChart(title: "Enter threshold (dBm)", points: points).markup.rendered
    let bars = svg.matches(
      of:
        #/<g class="errors"><rect x="([^"]+)" y="[^"]+" width="10" height="([^"]+)"></rect><text [^>]*>(\d+) wrong</text><title>([^<]*)</title></g>/#
    ).map {
      (x: Double(String($0.1))! + 5, height: Double(String($0.2))!, errors: Int(String($0.3))!, tooltip: String($0.4))
    }
    // Every value but -80, which cost no stop.
    #expect(bars.map(\.errors).sorted() == [1, 3, 7, 12])
    let squares = squares(svg)
    for bar in bars {
      let point = try #require(points.first { SweepChart.describe($0) == bar.tooltip })
      #expect(point.errors == bar.errors)
      #expect(mark(for: point, in: squares)?.x == bar.x, "the bar stands under its value")
    }
    let frameMatch = try #require(
      svg.firstMatch(of: #/<rect class="frame" x="[^"]+" y="[^"]+" width="[^"]+" height="([^"]+)"/#))
    let plotHeight = try #require(Double(String(frameMatch.1)))
    let heights = Dictionary(uniqueKeysWithValues: bars.map { ($0.errors, $0.height) })
    #expect(heights[1]! < heights[3]! && heights[3]! < heights[7]!)
    #expect(heights[7] == plotHeight / 2 && heights[12] == plotHeight / 2, "at most half the plot")
  }

  @Test func aValueWithoutAMedianHasASquareButNoDot() {
    let found = Point(value: -85, medianLatency: 1.5, onTimeShare: 0.8, errors: 2, isDefault: true)
    let missed = Point(value: -90, medianLatency: nil, onTimeShare: 0.2, errors: 9, isDefault: false)
    let svg = SweepChart(title: "Enter threshold (dBm)", points: [found, missed]).markup.rendered
    let dots = dots(svg)
    let squares = squares(svg)
    #expect(dots.count == 1 && squares.count == 2)
    #expect(mark(for: missed, in: dots) == nil)
    #expect(mark(for: missed, in: squares) != nil)
    #expect(mark(for: found, in: dots) != nil)
    // The latency line has the one dot's point only.
    #expect(svg.ranges(of: #/<polyline class="latency" points="[^" ]+">/#).count == 1)
  }

  @Test func aSingleValueStandsInTheMiddle() throws {
    let only = Point(value: 3, medianLatency: 1, onTimeShare: 1, errors: 0, isDefault: true)
    let svg = SweepChart(title: "Exit samples", points: [only]).markup.rendered
    let edges = try #require(frame(svg))
    #expect(mark(for: only, in: dots(svg))?.x == (edges.left + edges.right) / 2)
  }

  @Test func theTooltipSaysThePointsFigures() {
    #expect(
      SweepChart.describe(Point(value: -88, medianLatency: 2.5, onTimeShare: 0.75, errors: 3, isDefault: true))
        == "-88 (default): median 2.5 s, 75 % on time, 3 missed or false")
    #expect(
      SweepChart.describe(Point(value: 0.25, medianLatency: nil, onTimeShare: 1.0 / 3, errors: 10, isDefault: false))
        == "0.3: no stop found, 33.3 % on time, 10 missed or false")
  }

  @Test func aHostileTitleStaysInert() {
    let svg = SweepChart(title: #"<script>alert("x")</script>"#, points: points).markup.rendered
    #expect(!svg.contains("<script"))
    #expect(svg.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"))
  }

  /// `<style>` is raw text to a browser: an escaped character would reach the CSS as an entity.
  @Test func theStyleNeedsNoEscaping() {
    #expect(!SweepChart.style.contains { "&<>\"'".contains($0) })
  }
}

/// `detection-sweep`'s sweep page: a chart per constant, the table, inert whatever the names hold.
@Suite struct SweepReportPageTests {
  func page(title: String = "Sweep of 3 rides", name: String = "Enter threshold (dBm)") -> SweepReportPage {
    let points = [
      SweepChart.Point(value: -95, medianLatency: 3, onTimeShare: 0.5, errors: 4, isDefault: false),
      SweepChart.Point(value: -88, medianLatency: 2, onTimeShare: 0.9, errors: 1, isDefault: true),
    ]
    return SweepReportPage(
      title: title, run: [("rides", "3 rides: \(name)"), (name, "-88")],
      charts: [
        SweepChart(title: name, points: points), SweepChart(title: "Exit threshold (dBm)", points: points),
        SweepChart(title: "Window (s)", points: points),
      ],
      table: (
        header: ["constant", "value", "median s", "on time %"],
        rows: [
          [name, "-95", "3", "50"], [name, "-88", "2", "90"], ["Exit threshold (dBm)", "-95", "3", "50"],
          ["Window (s)", "-88", "2", "90"],
        ]
      ))
  }

  @Test func aChartPerConstantAndARowPerLine() {
    let html = page().html
    #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"))
    #expect(html.ranges(of: #"<svg class="sweep""#).count == 3)
    #expect(html.ranges(of: "<figure><figcaption>").count == 3)
    #expect(html.ranges(of: "<tr>").count == 1 + 4)
    #expect(html.ranges(of: "<th>").count == 4)
    #expect(html.ranges(of: "<td>").count == 4 * 4)
    #expect(html.contains("<th>on time %</th>"))
    #expect(html.contains("<title>Sweep of 3 rides</title>"))
    for needle in ["<script", "<link", "src=", "href=", "http://", "https://", "@import", "url("] {
      #expect(!html.contains(needle), "\(needle)")
    }
  }

  @Test func hostileNamesStayInert() {
    let hostile = #"<script>alert('x')</script>" onmouseover="alert(1)"#
    let html = page(title: hostile, name: hostile).html
    #expect(!html.contains("<script"))
    #expect(!html.contains(#"" onmouseover=""#))
    #expect(html.contains("<title>&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&quot; onmouseover="))
    #expect(html.contains("<td>&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"))
  }

  /// `<style>` is raw text to a browser: an escaped character would reach the CSS as an entity.
  @Test func thePageStyleNeedsNoEscaping() {
    #expect(!SweepReportPage.style.contains { "&<>\"'".contains($0) })
    #expect(SweepReportPage.style.contains("svg.sweep"))
    #expect(page().html.contains("section.sweeps"))
  }
}
