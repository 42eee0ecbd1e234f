import Testing

@testable import RideReports

/// The ride at a glance: stations by line, marks by source, the rider's way.
@Suite struct RideOverviewChartTests {
  func count(_ needle: String, in text: String) -> Int { text.ranges(of: needle).count }

  let rows = [
    RideOverviewChart.Row(name: "Blok M", group: "North–South towards Bundaran HI"),
    .init(name: "Dukuh Atas", group: "North–South towards Bundaran HI"),
    .init(name: "BNI City", group: "Airport towards Soekarno-Hatta"),
    .init(name: "Duri", group: "Airport towards Soekarno-Hatta"),
  ]

  var journey: RideOverviewChart {
    RideOverviewChart(
      rows: rows,
      marks: [
        .init(time: 5, row: 0, kind: "found", source: .bluetooth, label: nil, isOnPath: true),
        .init(time: 60, row: 1, kind: "transfer", source: .bluetooth, label: "transfer", isOnPath: true),
        .init(time: 100, row: 2, kind: "found", source: .gps, label: nil, isOnPath: true),
        .init(time: 150, row: 3, kind: "arrived", source: .gps, label: "arrived", isOnPath: true),
        .init(time: 90, row: 9, kind: "found", source: .gps, label: nil, isOnPath: true),
      ],
      heard: [.init(row: 0, start: 2, end: 30)], start: 0, end: 160)
  }

  @Test func aHeadingPerLineAndARowPerStation() {
    let svg = journey.markup.rendered
    #expect(svg.hasPrefix(#"<svg class="overview""#))
    #expect(count(#"<text class="group""#, in: svg) == 2)
    #expect(count(#"<text class="station""#, in: svg) == 4)
    #expect(svg.contains(">Dukuh Atas</text>"))
    // Each group's heading takes a row above its stations.
    let ys = journey.rowY
    #expect(ys[2] - ys[1] == 2 * RideOverviewChart.rowHeight && ys[1] - ys[0] == RideOverviewChart.rowHeight)
  }

  @Test func marksAreShapedBySourceAndTheWayIsDashedWhereTheLineChanges() {
    let svg = journey.markup.rendered
    // A mark on a row that does not exist is not drawn, even when set after the chart was made.
    #expect(journey.drawnMarks.count == 4)
    var changed = journey
    changed.marks.append(.init(time: 1, row: -1, kind: "found", source: .gps, label: "x", isOnPath: true))
    changed.heard.append(.init(row: 99, start: 0, end: 1))
    #expect(changed.markup.rendered == journey.markup.rendered)
    #expect(count(#"<g class="mark found bluetooth"><circle"#, in: svg) == 1)
    #expect(count(#"<g class="mark found gps"><polygon"#, in: svg) == 1)
    #expect(count(#"<line class="way""#, in: svg) == 2)
    #expect(count(#"<line class="way change""#, in: svg) == 1)
    #expect(count(#"<rect class="heard""#, in: svg) == 1)
    #expect(svg.contains(">transfer</text>") && svg.contains(">arrived</text>"))
    #expect(journey.unlabelledEvents.isEmpty)
  }

  @Test func aCrowdOfLabelsIsPlacedWithoutOverlapOrSaidToBeUnlabelled() {
    let marks = (0..<400).map { index in
      RideOverviewChart.Mark(
        time: Double(index % 40), row: index % 4, kind: "left", source: .bluetooth, label: "left (bluetooth)",
        isOnPath: false)
    }
    let chart = RideOverviewChart(rows: rows, marks: marks, start: 0, end: 40)
    let layout = chart.layout()
    let eventTexts = layout.texts.filter { $0.rendered.hasPrefix(#"<text class="event"#) }
    #expect(eventTexts.count + layout.unlabelled.count == 400)
    #expect(!layout.unlabelled.isEmpty && !eventTexts.isEmpty)
  }

  @Test func aTimetablesTripIsALine() {
    var chart = journey
    chart.trips = [.init(name: "trip 42", calls: [.init(time: 0, row: 0), .init(time: 50, row: 1)])]
    let svg = chart.markup.rendered
    #expect(count(#"<polyline class="scheduled""#, in: svg) == 1)
    #expect(svg.contains("<title>trip 42</title>"))
  }
}
