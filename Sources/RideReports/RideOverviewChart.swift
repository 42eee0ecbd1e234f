/// The whole ride in one picture, a time–distance diagram (the train graph of timetable
/// planners): the stations down the side in line order, grouped by the line ridden, time
/// across; where the rider was detected as marks (a circle for Bluetooth, a diamond for GPS,
/// coloured by the event), the rider's way joining them (dashed where the journey changes lines
/// or walks), bars where each station's beacon was heard, and the timetable's trips as thin lines
/// when a timetable is known, so that a late train shows as marks to the right of its trip.
///
/// Labels (stations, events, axes) are placed so that none covers another or leaves the chart;
/// an event label that finds no room is listed by ``unlabelledEvents`` for the page to say.
public struct RideOverviewChart: Sendable {
  /// A station on the axis, in the group (a line and direction) it belongs to.
  public struct Row: Hashable, Sendable {
    public let name: String
    public let group: String

    public init(name: String, group: String) {
      self.name = name
      self.group = group
    }
  }

  /// What found a mark's event.
  public enum Source: String, Sendable {
    case bluetooth, gps, unknown
  }

  /// An event at a station (a row).
  public struct Mark: Hashable, Sendable {
    public let time: Double
    public let row: Int
    /// The CSS class, e.g. `found`.
    public let kind: String
    public let source: Source
    /// What the mark says beside it; `nil` for one the legend explains (a station found).
    public let label: String?
    /// Whether the rider's way goes through it.
    public let isOnPath: Bool

    public init(time: Double, row: Int, kind: String, source: Source, label: String?, isOnPath: Bool) {
      self.time = time
      self.row = row
      self.kind = kind
      self.source = source
      self.label = label
      self.isOnPath = isOnPath
    }
  }

  /// A stretch of time a station's beacon was heard.
  public struct Heard: Hashable, Sendable {
    public let row: Int
    public let start: Double
    public let end: Double

    public init(row: Int, start: Double, end: Double) {
      self.row = row
      self.start = start
      self.end = end
    }
  }

  /// A timetable's trip: its calls at the rows' stations, in time order.
  public struct Trip: Hashable, Sendable {
    public let name: String
    public let calls: [Call]

    public struct Call: Hashable, Sendable {
      public let time: Double
      public let row: Int

      public init(time: Double, row: Int) {
        self.time = time
        self.row = row
      }
    }

    public init(name: String, calls: [Call]) {
      self.name = name
      self.calls = calls
    }
  }

  public var rows: [Row]
  /// The events; one on a row that does not exist is not drawn.
  public var marks: [Mark]
  /// When each station's beacon was heard; likewise.
  public var heard: [Heard]
  public var trips: [Trip]
  /// The time axis: seconds from the ride's start.
  public var start: Double
  public var end: Double
  public var width = 960

  static let fontSize = 11.0
  static let rowHeight = 20.0
  static let top = 30.0

  public init(rows: [Row], marks: [Mark], heard: [Heard] = [], trips: [Trip] = [], start: Double, end: Double) {
    self.rows = rows
    self.marks = marks
    self.heard = heard
    self.trips = trips
    self.start = start
    self.end = end
  }

  /// The marks on rows that exist.
  var drawnMarks: [Mark] { marks.filter { rows.indices.contains($0.row) } }

  /// Each row's centre line, a group's heading taking a row of its own above its stations.
  var rowY: [Double] {
    var y = Self.top
    var ys: [Double] = []
    var group: String?
    for row in rows {
      if row.group != group {
        y += Self.rowHeight
        group = row.group
      }
      ys.append(y)
      y += Self.rowHeight
    }
    return ys
  }

  /// The left margin: the longest station name, within a third of the width.
  var margin: Double {
    let longest = rows.map { TextMetrics.width(of: $0.name, fontSize: Self.fontSize) }.max() ?? 40
    return min(Double(width) / 3, longest + 14)
  }

  var plotRight: Double { Double(width) - 10 }

  func x(_ time: Double) -> Double {
    guard end > start else { return margin }
    return margin + (min(end, max(start, time)) - start) / (end - start) * (plotRight - margin)
  }

  /// The events whose label found no room, in time order.
  public var unlabelledEvents: [Mark] { layout().unlabelled }

  struct Layout {
    var texts: [Markup]
    var unlabelled: [Mark]
    var height: Double
  }

  /// Every text of the chart, placed: station names and group headings first (they must be where
  /// they are), the axis titles, then the event labels around their marks.
  func layout() -> Layout {
    let ys = rowY
    let bottom = (ys.last ?? Self.top) + Self.rowHeight
    let height = bottom + 2 * Self.rowHeight + 6
    var placement = LabelPlacement(bounds: .init(x: 0, y: 0, width: Double(width), height: height))
    var texts: [Markup] = []
    func text(_ value: String, x: Double, baseline: Double, anchor: LabelPlacement.Anchor, classes: String) {
      texts.append(.svgText(value, x: x, y: baseline, anchor: anchor, classes: classes))
    }
    let title = "stations, in line order"
    placement.reserve(.text(title, fontSize: Self.fontSize, x: 2, baseline: 14))
    text(title, x: 2, baseline: 14, anchor: .start, classes: "axis title")
    var group: String?
    for (row, y) in zip(rows, ys) {
      if row.group != group {
        group = row.group
        let heading = TextMetrics.shortened(row.group, toFit: Double(width) - 8, fontSize: Self.fontSize)
        placement.reserve(.text(heading, fontSize: Self.fontSize, x: 2, baseline: y - Self.rowHeight + 4))
        text(heading, x: 2, baseline: y - Self.rowHeight + 4, anchor: .start, classes: "group")
      }
      let name = TextMetrics.shortened(row.name, toFit: margin - 10, fontSize: Self.fontSize)
      placement.reserve(.text(name, fontSize: Self.fontSize, x: margin - 6, baseline: y + 4, anchor: .end))
      text(name, x: margin - 6, baseline: y + 4, anchor: .end, classes: "station")
    }
    // The time axis: ticks at round times into the ride, its title at the right.
    let axisTitle = "time into the ride, m:ss"
    let titleBaseline = bottom + 2 * Self.rowHeight
    placement.reserve(
      .text(axisTitle, fontSize: Self.fontSize, x: plotRight, baseline: titleBaseline, anchor: .end))
    text(axisTitle, x: plotRight, baseline: titleBaseline, anchor: .end, classes: "axis title")
    for time in ChartScale.timeTicks(from: start, to: end) {
      let label = ChartScale.clock(time)
      let anchors: [LabelPlacement.Anchor] = [.middle, .end, .start]
      let candidates = anchors.map {
        LabelPlacement.Box.text(label, fontSize: Self.fontSize, x: x(time), baseline: bottom + 14, anchor: $0)
      }
      if let chosen = placement.place(candidates) {
        text(label, x: x(time), baseline: bottom + 14, anchor: anchors[chosen], classes: "axis")
      }
    }
    // The marks themselves are not covered by labels.
    for mark in drawnMarks {
      placement.reserve(.init(x: x(mark.time) - 5, y: ys[mark.row] - 5, width: 10, height: 10))
    }
    var unlabelled: [Mark] = []
    for mark in drawnMarks.sorted(by: { $0.time < $1.time }) {
      guard let label = mark.label else { continue }
      let (markX, markY) = (x(mark.time), ys[mark.row])
      // Beside the mark, then above or below it, then a row further each way.
      var candidates: [(x: Double, baseline: Double, anchor: LabelPlacement.Anchor)] = []
      for offset in [0.0, -1, 1, -2, 2] {
        let baseline = markY + 4 + offset * (Self.rowHeight - 6)
        candidates += [(markX + 8, baseline, .start), (markX - 8, baseline, .end)]
      }
      let chosen = placement.place(
        candidates.map { .text(label, fontSize: Self.fontSize, x: $0.x, baseline: $0.baseline, anchor: $0.anchor) })
      guard let chosen else {
        unlabelled.append(mark)
        continue
      }
      let place = candidates[chosen]
      text(
        label, x: place.x, baseline: place.baseline, anchor: place.anchor,
        classes: "event \(HTMLPage.className(mark.kind))")
    }
    return Layout(texts: texts, unlabelled: unlabelled, height: height)
  }

  /// The chart as an `<svg>` element.
  public var markup: Markup {
    let number = ChartScale.number
    let ys = rowY
    let layout = layout()
    let bottom = (ys.last ?? Self.top) + Self.rowHeight
    let gridlines = ys.map { y in
      Markup.node(
        "line",
        [
          .init("class", "row"), .init("x1", number(margin)), .init("x2", number(plotRight)), .init("y1", number(y)),
          .init("y2", number(y)),
        ])
    }
    let ticks = ChartScale.timeTicks(from: start, to: end).map { time in
      Markup.node(
        "line",
        [
          .init("class", "tick"), .init("x1", number(x(time))), .init("x2", number(x(time))),
          .init("y1", number(Self.top)), .init("y2", number(bottom + 3)),
        ])
    }
    let heardBars = heard.filter { rows.indices.contains($0.row) }.map { stretch in
      Markup.node(
        "rect",
        [
          .init("class", "heard"), .init("x", number(x(stretch.start))), .init("y", number(ys[stretch.row] - 3)),
          .init("width", number(max(1, x(stretch.end) - x(stretch.start)))), .init("height", "6"),
        ])
    }
    let tripLines = trips.flatMap { trip in
      let points = trip.calls.filter { rows.indices.contains($0.row) }.map { (time: $0.time, y: ys[$0.row]) }
      return Self.clipped(points, from: start, to: end).map { stretch in
        Markup.node(
          "polyline",
          [
            .init("class", "scheduled"),
            .init("points", stretch.map { "\(number(x($0.time))),\(number($0.y))" }.joined(separator: " ")),
          ], [.node("title", [], [.text(trip.name)])])
      }
    }
    // The rider's way: from mark to mark in time order; dashed where the line changes.
    let path = drawnMarks.filter(\.isOnPath).sorted { $0.time < $1.time }
    let way = zip(path, path.dropFirst()).map { from, to in
      let change = rows[from.row].group != rows[to.row].group
      return Markup.node(
        "line",
        [
          .init("class", change ? "way change" : "way"), .init("x1", number(x(from.time))),
          .init("y1", number(ys[from.row])), .init("x2", number(x(to.time))), .init("y2", number(ys[to.row])),
        ])
    }
    let markShapes = drawnMarks.map { mark in
      let (cx, cy) = (x(mark.time), ys[mark.row])
      let shape: Markup
      switch mark.source {
      case .gps:
        shape = .node(
          "polygon",
          [
            .init(
              "points",
              "\(number(cx)),\(number(cy - 5)) \(number(cx + 5)),\(number(cy)) \(number(cx)),\(number(cy + 5)) \(number(cx - 5)),\(number(cy))"
            )
          ])
      case .bluetooth:
        shape = .node("circle", [.init("cx", number(cx)), .init("cy", number(cy)), .init("r", "4")])
      case .unknown:
        shape = .node(
          "rect", [.init("x", number(cx - 4)), .init("y", number(cy - 4)), .init("width", "8"), .init("height", "8")])
      }
      return Markup.node(
        "g", [.init("class", "mark \(HTMLPage.className(mark.kind)) \(mark.source.rawValue)")], [shape])
    }
    return .node(
      "svg",
      [
        .init("class", "overview"), .init("width", "\(width)"), .init("height", number(layout.height)),
        .init("viewBox", "0 0 \(width) \(number(layout.height))"), .init("role", "img"),
      ],
      [.node("title", [], [.text("The ride: where and when the rider was detected")])] + gridlines + ticks + heardBars
        + tripLines + way + markShapes + layout.texts)
  }

  /// The stretches of the line through `points` (time order) that lie between `start` and `end`,
  /// cut where it crosses them: a trip that runs on out of the chart is drawn to its edge.
  static func clipped(_ points: [(time: Double, y: Double)], from start: Double, to end: Double)
    -> [[(time: Double, y: Double)]]
  {
    var stretches: [[(time: Double, y: Double)]] = []
    var current: [(time: Double, y: Double)] = []
    func at(_ time: Double, _ a: (time: Double, y: Double), _ b: (time: Double, y: Double)) -> (time: Double, y: Double)
    {
      b.time == a.time ? (time, a.y) : (time, a.y + (b.y - a.y) * (time - a.time) / (b.time - a.time))
    }
    for (a, b) in zip(points, points.dropFirst()) {
      guard b.time >= start, a.time <= end, b.time >= a.time else {
        if !current.isEmpty { stretches.append(current) }
        current = []
        continue
      }
      let from = a.time < start ? at(start, a, b) : a
      let to = b.time > end ? at(end, a, b) : b
      if current.isEmpty { current.append(from) }
      current.append(to)
      if b.time > end {
        stretches.append(current)
        current = []
      }
    }
    if !current.isEmpty { stretches.append(current) }
    return stretches.filter { $0.count >= 2 }
  }
}
