/// One beacon's RSSI as an SVG strip, zoomed to when it was heard: raw reports as dots, the
/// smoothed RSSI as a line broken where nothing was heard, the detector's thresholds as labelled
/// dashed lines (for a station's beacon), and the events as labelled markers.
///
/// Times are seconds from the ride's start, and the time axis says them so (`m:ss` into the
/// ride), whatever part of the ride a strip shows: strips zoomed to different stretches, and the
/// overview, read against one clock. The RSSI axis is fitted to the data and the thresholds, with
/// a gridline every 10 dB. Event labels go in rows above the plot (at most
/// ``mostLabelRows``), none covering another.
public struct TimelineChart: Sendable {
  /// A point in time (seconds from the ride's start) and a value (dBm).
  public typealias Point = (time: Double, value: Double)

  /// A marker on the time axis.
  public struct Mark: Hashable, Sendable {
    public let time: Double
    /// What it says, e.g. `found (bluetooth)`.
    public let label: String
    /// The CSS class it is drawn with, e.g. `found`.
    public let kind: String

    public init(time: Double, label: String, kind: String) {
      self.time = time
      self.label = label
      self.kind = kind
    }
  }

  /// The detector's thresholds (dBm): at or above `enter` (smoothed) a station is entered, below
  /// `exit` it is left.
  public struct Thresholds: Hashable, Sendable {
    public let enter: Double
    public let exit: Double

    public init(enter: Double, exit: Double) {
      self.enter = enter
      self.exit = exit
    }
  }

  /// The strip's title, e.g. the station's name.
  public var title: String
  /// Every report's RSSI, in time order.
  public var reports: [Point]
  /// The smoothed RSSI, in time order.
  public var smoothed: [Point]
  /// The events to mark.
  public var marks: [Mark]
  /// The stretch shown: seconds from the ride's start.
  public var start: Double
  public var end: Double
  /// Drawn for a station's beacon; `nil` for a beacon no detection applies to.
  public var thresholds: Thresholds?
  /// A stretch longer than this (seconds) without a report breaks the smoothed line.
  public var gapSeconds: Double = 10
  /// Width in pixels; the plot leaves `margin` on the left for the RSSI axis.
  public var width = 960
  public var margin = 44
  /// The plot's height for each 10 dB of the axis, and its least height.
  public var pixelsPer10dB = 18.0
  public var minimumPlotHeight = 90.0

  static let fontSize = 10.0
  static let rowHeight = 14.0

  public init(
    title: String, reports: [Point], smoothed: [Point], marks: [Mark], start: Double, end: Double,
    thresholds: Thresholds?
  ) {
    self.title = title
    self.reports = reports
    self.smoothed = smoothed
    self.marks = marks
    self.start = start
    self.end = end
    self.thresholds = thresholds
  }

  /// The strip's caption: its title and the stretch of the ride it shows.
  public var caption: String {
    let unlabelled = placedLabels().filter { $0 == nil }.count
    let left = unlabelled > 0 ? " · \(unlabelled) event label\(unlabelled == 1 ? "" : "s") left out for room" : ""
    return "\(title) · \(ChartScale.clock(start))–\(ChartScale.clock(end)) into the ride\(left)"
  }

  /// The RSSI axis (dBm), fitted to the points and thresholds.
  var valueRange: (lowest: Double, highest: Double) {
    var values = (reports + smoothed).map(\.value).filter(\.isFinite)
    if let thresholds { values += [thresholds.enter, thresholds.exit] }
    return ChartScale.tens(around: values.min() ?? -100, values.max() ?? -40)
  }

  /// The columns the plot has: one per pixel.
  var plotWidth: Int { max(1, width - margin - 4) }

  /// The RSSI axis placed: where values go in a plot whose top is at `top`.
  struct ValueScale {
    let lowest: Double
    let highest: Double
    let top: Double
    let height: Double

    var bottom: Double { top + height }

    func y(_ value: Double) -> Double {
      let clamped = min(highest, max(lowest, value))
      return top + (highest - clamped) / (highest - lowest) * height
    }
  }

  /// The axis fitted to the data (computed once: it reads every point), its plot at `top`.
  func valueScale(top: Double) -> ValueScale {
    let range = valueRange
    let height = max(minimumPlotHeight, (range.highest - range.lowest) / 10 * pixelsPer10dB)
    return ValueScale(lowest: range.lowest, highest: range.highest, top: top, height: height)
  }

  func x(_ time: Double) -> Double {
    guard end > start else { return Double(margin) }
    return Double(margin) + (min(end, max(start, time)) - start) / (end - start) * Double(plotWidth)
  }

  /// Where an event's label goes: its text (shortened if wider than the chart), a row (0 at the
  /// top), its `x` and anchor.
  struct PlacedLabel {
    var text: String
    var row: Int
    var x: Double
    var anchor: LabelPlacement.Anchor
  }

  /// The most rows of event labels a strip has: past that, a label with no room is left out
  /// (its marker stays; ``caption`` counts it, and the events table has it).
  static let mostLabelRows = 8

  /// The event labels' places, in `marks` order (`nil`: no room), so that none covers another
  /// or the axis title: beside its line (after it, or before it), in the first row where it is
  /// clear; a label that fits beside its line in no row starts at the left edge of a row where
  /// it does fit.
  func placedLabels() -> [PlacedLabel?] {
    let rows = min(marks.count + 1, Self.mostLabelRows)
    var placement = LabelPlacement(
      bounds: .init(x: 0, y: 0, width: Double(width), height: Double(rows) * Self.rowHeight + 4))
    placement.reserve(axisTitleBox)
    return marks.map { mark in
      let text = TextMetrics.shortened(mark.label, toFit: Double(width) - 8, fontSize: Self.fontSize)
      let line = x(mark.time)
      let candidates =
        (0..<rows).flatMap { row in
          [
            PlacedLabel(text: text, row: row, x: line + 3, anchor: .start),
            PlacedLabel(text: text, row: row, x: line - 3, anchor: .end),
          ]
        } + (0..<rows).map { PlacedLabel(text: text, row: $0, x: 2, anchor: .start) }
      return placement.place(candidates.map(Self.box)).map { candidates[$0] }
    }
  }

  static func box(_ label: PlacedLabel) -> LabelPlacement.Box {
    .text(label.text, fontSize: fontSize, x: label.x, baseline: baseline(row: label.row), anchor: label.anchor)
  }

  static func baseline(row: Int) -> Double { 12 + Double(row) * rowHeight }

  static let axisTitle = "RSSI, dBm"
  var axisTitleBox: LabelPlacement.Box {
    .text(Self.axisTitle, fontSize: Self.fontSize, x: 2, baseline: Self.baseline(row: 0))
  }

  /// The strip as an `<svg>` element.
  public var markup: Markup {
    let number = ChartScale.number
    let labels = placedLabels()
    let rowCount = (labels.compactMap { $0?.row }.max() ?? 0) + 1
    let scale = valueScale(top: Self.baseline(row: rowCount - 1) + 8)
    let bottom = scale.bottom
    let height = bottom + 2 * Self.rowHeight + 4
    let decimation = ColumnDecimation(start: start, end: end, columns: plotWidth)
    let visible = { (point: Point) in point.time >= start && point.time <= end }
    let dots = decimation.thin(reports.filter(visible)).map { point in
      Markup.node(
        "circle", [.init("cx", number(x(point.time))), .init("cy", number(scale.y(point.value))), .init("r", "1.5")])
    }
    let lines = Self.runs(of: smoothed.filter(visible), breakingAfter: gapSeconds).map { run in
      Markup.node(
        "polyline",
        [
          .init("class", "smoothed"),
          .init(
            "points",
            decimation.thin(run).map { "\(number(x($0.time))),\(number(scale.y($0.value)))" }.joined(separator: " ")),
        ])
    }
    let right = Double(margin + plotWidth)
    // Gridlines every 10 dB, each labelled on the left.
    let grid = stride(from: scale.lowest, through: scale.highest, by: 10).map { value in
      Markup.node(
        "g", [.init("class", "grid")],
        [
          .node(
            "line",
            [
              .init("x1", "\(margin)"), .init("x2", number(right)), .init("y1", number(scale.y(value))),
              .init("y2", number(scale.y(value))),
            ]),
          .node(
            "text",
            [
              .init("class", "axis"), .init("x", "\(margin - 4)"), .init("y", number(gridLabelBaseline(value, scale))),
              .init("text-anchor", "end"),
            ], [.text(number(value))]),
        ])
    }
    let axisTitle = Markup.node(
      "text", [.init("class", "axis title"), .init("x", "2"), .init("y", number(Self.baseline(row: 0)))],
      [.text(Self.axisTitle)])
    let thresholdMarks = thresholdMarkup(scale, right: right)
    let markers = zip(marks, labels).map { mark, label in
      let x = self.x(mark.time)
      // A marker without a label starts at the top of the label rows.
      let baseline = Self.baseline(row: label?.row ?? 0)
      return Markup.node(
        "g", [.init("class", "mark \(HTMLPage.className(mark.kind))")],
        [
          .node(
            "line",
            [
              .init("x1", number(x)), .init("x2", number(x)), .init("y1", number(baseline + 3)),
              .init("y2", number(bottom)),
            ]),
          label.map { label in
            .node(
              "text",
              [
                .init("x", number(label.x)), .init("y", number(baseline)),
                .init("text-anchor", label.anchor.rawValue),
              ], [.text(label.text)])
          } ?? .empty,
        ])
    }
    let ticks = timeAxis(bottom: bottom, lowestLabel: gridLabelBox(scale.lowest, scale))
    return .node(
      "svg",
      [
        .init("class", "timeline"), .init("width", "\(width)"), .init("height", number(height)),
        .init("viewBox", "0 0 \(width) \(number(height))"), .init("role", "img"),
      ],
      [.node("title", [], [.text(title)]), axisTitle]
        + grid + thresholdMarks + ticks
        + [.node("g", [.init("class", "reports")], dots), .node("g", [.init("class", "lines")], lines)] + markers)
  }

  /// The thresholds as dashed lines across the plot, each labelled inside it at the right (or
  /// the left, or above or below its line: wherever the other does not stand).
  private func thresholdMarkup(_ scale: ValueScale, right: Double) -> [Markup] {
    guard let thresholds else { return [] }
    let number = ChartScale.number
    var placement = LabelPlacement(
      bounds: .init(x: Double(margin), y: scale.top, width: Double(plotWidth), height: scale.height))
    return [("enter", thresholds.enter), ("exit", thresholds.exit)].map { name, value in
      let lineY = scale.y(value)
      let label = "\(name) \(name == "enter" ? "≥" : "<") \(number(value))"
      let candidates: [(x: Double, baseline: Double, anchor: LabelPlacement.Anchor)] = [
        (right - 3, lineY - 3, .end), (right - 3, lineY + 11, .end), (Double(margin) + 3, lineY - 3, .start),
        (Double(margin) + 3, lineY + 11, .start),
      ]
      let chosen = placement.place(
        candidates.map { .text(label, fontSize: Self.fontSize, x: $0.x, baseline: $0.baseline, anchor: $0.anchor) }
      ).map { candidates[$0] }
      return .node(
        "g", [.init("class", "threshold \(name)")],
        [
          .node(
            "line",
            [
              .init("x1", "\(margin)"), .init("x2", number(right)), .init("y1", number(lineY)),
              .init("y2", number(lineY)),
            ]),
          chosen.map { chosen in
            .node(
              "text",
              [
                .init("x", number(chosen.x)), .init("y", number(chosen.baseline)),
                .init("text-anchor", chosen.anchor.rawValue),
              ], [.text(label)])
          } ?? .node("title", [], [.text(label)]),
        ])
    }
  }

  func gridLabelBaseline(_ value: Double, _ scale: ValueScale) -> Double { scale.y(value) + 3.5 }

  func gridLabelBox(_ value: Double, _ scale: ValueScale) -> LabelPlacement.Box {
    .text(
      ChartScale.number(value), fontSize: Self.fontSize, x: Double(margin - 4),
      baseline: gridLabelBaseline(value, scale), anchor: .end)
  }

  /// Ticks at round times into the ride, clear of the lowest gridline's label, and the axis's
  /// title under them at the right.
  private func timeAxis(bottom: Double, lowestLabel: LabelPlacement.Box) -> [Markup] {
    let number = ChartScale.number
    let title = "time into the ride, m:ss"
    let titleBaseline = bottom + 2 * Self.rowHeight
    var placement = LabelPlacement(
      bounds: .init(x: 0, y: bottom, width: Double(width), height: 2 * Self.rowHeight + 4))
    placement.reserve(lowestLabel)
    placement.reserve(
      .text(title, fontSize: Self.fontSize, x: Double(width) - 2, baseline: titleBaseline, anchor: .end))
    let ticks = ChartScale.timeTicks(from: start, to: end).compactMap { time -> Markup? in
      let x = self.x(time)
      let label = ChartScale.clock(time)
      let anchors: [LabelPlacement.Anchor] = [.middle, .end, .start]
      guard
        let chosen = placement.place(
          anchors.map { .text(label, fontSize: Self.fontSize, x: x, baseline: bottom + 13, anchor: $0) })
      else { return nil }
      return .node(
        "g", [.init("class", "tick")],
        [
          .node(
            "line",
            [
              .init("x1", number(x)), .init("x2", number(x)), .init("y1", number(bottom)),
              .init("y2", number(bottom + 3)),
            ]
          ),
          .node(
            "text",
            [
              .init("class", "axis"), .init("x", number(x)), .init("y", number(bottom + 13)),
              .init("text-anchor", anchors[chosen].rawValue),
            ], [.text(label)]),
        ])
    }
    let axisTitle = Markup.node(
      "text",
      [
        .init("class", "axis title"), .init("x", number(Double(width) - 2)), .init("y", number(titleBaseline)),
        .init("text-anchor", "end"),
      ], [.text(title)])
    return ticks + [axisTitle]
  }

  /// `points` split where consecutive times are more than `gap` apart.
  public static func runs(of points: [Point], breakingAfter gap: Double) -> [[Point]] {
    var runs: [[Point]] = []
    for point in points {
      if let last = runs.last?.last, point.time - last.time <= gap {
        runs[runs.count - 1].append(point)
      } else {
        runs.append([point])
      }
    }
    return runs
  }
}
