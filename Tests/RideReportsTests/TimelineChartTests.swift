import Testing

@testable import RideReports

/// One beacon's strip: what is drawn, from known points.
@Suite struct TimelineChartTests {
  func chart(reports: [TimelineChart.Point], smoothed: [TimelineChart.Point], marks: [TimelineChart.Mark] = [])
    -> TimelineChart
  {
    TimelineChart(
      title: "Dukuh Atas", reports: reports, smoothed: smoothed, marks: marks, start: 0, end: 100, enterThreshold: -88,
      exitThreshold: -95)
  }

  func count(_ needle: String, in text: String) -> Int { text.ranges(of: needle).count }

  @Test func aDotPerReportWhileFewAndALinePerHeardStretch() {
    let reports = [(10.0, -80.0), (11, -82), (12, -79), (60, -90), (61, -91)].map { (time: $0.0, value: $0.1) }
    let svg = chart(reports: reports, smoothed: reports).markup.rendered
    #expect(count("<circle", in: svg) == 5)
    // Nothing heard from 12 s to 60 s: two lines, not one across the gap.
    #expect(count("<polyline", in: svg) == 2)
    #expect(svg.hasPrefix(#"<svg class="timeline" width="960" height="110""#))
    #expect(svg.contains("<title>Dukuh Atas</title>"))
  }

  @Test func theBandSpansTheThresholds() {
    let strip = chart(reports: [], smoothed: [])
    let svg = strip.markup.rendered
    #expect(svg.contains(#"y="\#(TimelineChart.number(strip.y(-88)))""#))
    #expect(strip.y(-88) < strip.y(-95), "stronger is higher")
    #expect(svg.contains("enter ≥ -88 dBm, exit &lt; -95 dBm"))
  }

  @Test func eventsAreLabelledMarkersAtTheirTime() {
    let strip = chart(
      reports: [], smoothed: [],
      marks: [
        .init(time: 50, label: "found (bluetooth)", kind: "found"),
        .init(time: 75, label: #"<script>alert("x")</script>"#, kind: "suspect"),
      ])
    let svg = strip.markup.rendered
    #expect(count(#"<g class="mark "#, in: svg) == 2)
    #expect(svg.contains(#"<line x1="\#(TimelineChart.number(strip.x(50)))""#))
    #expect(!svg.contains("<script"))
    #expect(svg.contains("&lt;script&gt;"))
  }

  @Test func aLongRideIsThinnedPerPixelColumn() {
    let reports = (0..<200_000).map { (time: Double($0) * 0.0005, value: -60 - Double($0 % 40)) }
    let svg = chart(reports: reports, smoothed: []).markup.rendered
    #expect(count("<circle", in: svg) <= 4 * (960 - 56))
  }

  @Test func numbersAreShort() {
    #expect(TimelineChart.number(12) == "12")
    #expect(TimelineChart.number(12.345) == "12.3")
    #expect(TimelineChart.number(-88) == "-88")
  }
}
