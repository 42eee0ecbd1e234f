import Testing

@testable import RideReports

/// One beacon's strip: what is drawn, from known points.
@Suite struct TimelineChartTests {
  func chart(
    reports: [TimelineChart.Point], smoothed: [TimelineChart.Point], marks: [TimelineChart.Mark] = [],
    thresholds: TimelineChart.Thresholds? = .init(enter: -88, exit: -95)
  ) -> TimelineChart {
    TimelineChart(
      title: "Dukuh Atas", reports: reports, smoothed: smoothed, marks: marks, start: 0, end: 100,
      thresholds: thresholds)
  }

  func count(_ needle: String, in text: String) -> Int { text.ranges(of: needle).count }

  @Test func aDotPerReportWhileFewAndALinePerHeardStretch() {
    let reports = [(10.0, -80.0), (11, -82), (12, -79), (60, -90), (61, -91)].map { (time: $0.0, value: $0.1) }
    let svg = chart(reports: reports, smoothed: reports).markup.rendered
    #expect(count("<circle", in: svg) == 5)
    // Nothing heard from 12 s to 60 s: two lines, not one across the gap.
    #expect(count("<polyline", in: svg) == 2)
    #expect(svg.hasPrefix(#"<svg class="timeline" width="960" height=""#))
    #expect(svg.contains("<title>Dukuh Atas</title>"))
  }

  @Test func theThresholdsAreLabelledDashedLines() {
    let svg = chart(reports: [], smoothed: []).markup.rendered
    #expect(count(#"<g class="threshold "#, in: svg) == 2)
    #expect(svg.contains(">enter ≥ -88</text>"))
    #expect(svg.contains(">exit &lt; -95</text>"))
    // A beacon no detection applies to has none.
    let other = chart(reports: [(time: 5, value: -70)], smoothed: [], thresholds: nil).markup.rendered
    #expect(!other.contains("threshold"))
  }

  @Test func theRSSIAxisIsFittedToTheDataWithAGridlineEvery10dB() {
    let reports = [(time: 10.0, value: -61.0), (time: 20, value: -50)]
    let strip = chart(reports: reports, smoothed: [], thresholds: nil)
    #expect(strip.valueRange == (-70, -40))
    #expect(count(#"<g class="grid">"#, in: strip.markup.rendered) == 4)
    // With the thresholds, the axis reaches them.
    #expect(chart(reports: reports, smoothed: []).valueRange == (-100, -40))
    #expect(strip.valueScale(top: 0).y(-50) < strip.valueScale(top: 0).y(-61), "stronger is higher")
  }

  @Test func eventLabelsCloseInTimeTakeRowsOfTheirOwn() {
    let marks = [
      TimelineChart.Mark(time: 50, label: "approaching", kind: "approaching"),
      TimelineChart.Mark(time: 50.5, label: "arrived (bluetooth)", kind: "arrived"),
      TimelineChart.Mark(time: 51, label: "left (bluetooth)", kind: "left"),
      TimelineChart.Mark(time: 99.9, label: "found (bluetooth)", kind: "found"),
    ]
    let strip = chart(reports: [], smoothed: [], marks: marks)
    let labels = strip.placedLabels().compactMap { $0 }
    #expect(labels.count == 4)
    let boxes = labels.map(TimelineChart.box) + [strip.axisTitleBox]
    for (index, box) in boxes.enumerated() {
      #expect(box.x >= 0 && box.maxX <= Double(strip.width), "\(labels)")
      for other in boxes[(index + 1)...] { #expect(!box.overlaps(other), "\(box) \(other)") }
    }
    #expect(Set(labels.prefix(3).map(\.row)).count >= 2, "three labels at one moment cannot share a row")
    // At the right edge, the label goes before its line.
    #expect(labels[3].anchor == .end)
  }

  @Test func aLabelWiderThanTheChartIsShortened() throws {
    let long = String(repeating: "Bendungan Hilir ", count: 80)
    let strip = chart(reports: [], smoothed: [], marks: [.init(time: 50, label: long, kind: "found")])
    let label = try #require(strip.placedLabels()[0])
    #expect(label.text.hasSuffix("…") && label.text.count < long.count)
    #expect(TimelineChart.box(label).maxX <= Double(strip.width))
  }

  @Test func aCrowdOfEventsKeepsItsMarkersAndLeavesOutTheLabelsWithNoRoom() {
    // A live run left on for days: a thousand events on one strip.
    let marks = (0..<1000).map { TimelineChart.Mark(time: Double($0) / 10, label: "left (bluetooth)", kind: "left") }
    let strip = chart(reports: [], smoothed: [], marks: marks)
    let labels = strip.placedLabels()
    let placed = labels.compactMap { $0 }
    #expect(labels.count == 1000 && !placed.isEmpty && placed.count < 1000)
    #expect(placed.allSatisfy { $0.row < TimelineChart.mostLabelRows })
    #expect(strip.caption.hasSuffix("\(1000 - placed.count) event labels left out for room"))
    #expect(count(#"<g class="mark left">"#, in: strip.markup.rendered) == 1000)
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
    #expect(svg.contains(#"<line x1="\#(ChartScale.number(strip.x(50)))""#))
    #expect(!svg.contains("<script"))
    #expect(svg.contains("&lt;script&gt;"))
  }

  @Test func theTimeAxisCountsFromTheRidesStart() {
    var strip = chart(reports: [(time: 130, value: -70)], smoothed: [])
    (strip.start, strip.end) = (125, 245)
    let svg = strip.markup.rendered
    // Zoomed to 2:05–4:05, its ticks say the ride's clock.
    #expect(svg.contains(">2:30</text>") && svg.contains(">4:00</text>") && !svg.contains(">0:00</text>"))
    #expect(strip.caption.hasSuffix("2:05–4:05 into the ride"))
  }

  @Test func aLongRideIsThinnedPerPixelColumn() {
    let reports = (0..<200_000).map { (time: Double($0) * 0.0005, value: -60 - Double($0 % 40)) }
    let svg = chart(reports: reports, smoothed: []).markup.rendered
    #expect(count("<circle", in: svg) <= 4 * (960 - 44))
  }
}
