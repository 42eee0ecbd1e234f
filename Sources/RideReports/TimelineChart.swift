/// One beacon's RSSI over a ride as an SVG strip: raw reports as dots, the smoothed RSSI as a
/// line broken where nothing was heard, the enter and exit thresholds as bands, and the events
/// as labelled markers on the same time axis. Strips of one ride share the axis, so they stack.
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

  /// The strip's title, e.g. the station's name.
  public var title: String
  /// Every report's RSSI, in time order.
  public var reports: [Point]
  /// The smoothed RSSI, in time order.
  public var smoothed: [Point]
  /// The events to mark.
  public var marks: [Mark]
  /// The time axis: seconds from `start` to `end`.
  public var start: Double
  public var end: Double
  /// The thresholds drawn as bands (dBm): at or above `enter` a station is entered, below
  /// `exit` it is left.
  public var enterThreshold: Double
  public var exitThreshold: Double
  /// A stretch longer than this (seconds) without a report breaks the smoothed line.
  public var gapSeconds: Double = 10
  /// Size in pixels; the plot leaves `margin` on the left for the axis labels.
  public var width = 960
  public var height = 110
  public var margin = 56
  /// The RSSI axis (dBm).
  public var lowest = -105.0
  public var highest = -35.0

  public init(
    title: String, reports: [Point], smoothed: [Point], marks: [Mark], start: Double, end: Double,
    enterThreshold: Double, exitThreshold: Double
  ) {
    self.title = title
    self.reports = reports
    self.smoothed = smoothed
    self.marks = marks
    self.start = start
    self.end = end
    self.enterThreshold = enterThreshold
    self.exitThreshold = exitThreshold
  }

  /// The columns the plot has: one per pixel.
  var plotWidth: Int { max(1, width - margin) }

  func x(_ time: Double) -> Double {
    guard end > start else { return Double(margin) }
    return Double(margin) + (time - start) / (end - start) * Double(plotWidth)
  }

  func y(_ value: Double) -> Double {
    let clamped = min(highest, max(lowest, value))
    return (highest - clamped) / (highest - lowest) * Double(height - 30) + 14
  }

  /// The strip as an `<svg>` element.
  public var markup: Markup {
    let decimation = ColumnDecimation(start: start, end: end, columns: plotWidth)
    let dots = decimation.thin(reports).map { point in
      Markup.node(
        "circle",
        [.init("cx", Self.number(x(point.time))), .init("cy", Self.number(y(point.value))), .init("r", "1.5")])
    }
    let lines = Self.runs(of: smoothed, breakingAfter: gapSeconds).map { run in
      Markup.node(
        "polyline",
        [
          .init("class", "smoothed"),
          .init(
            "points",
            decimation.thin(run).map { "\(Self.number(x($0.time))),\(Self.number(y($0.value)))" }.joined(separator: " ")
          ),
        ])
    }
    let band = Markup.node(
      "rect",
      [
        .init("class", "band"), .init("x", "\(margin)"), .init("y", Self.number(y(enterThreshold))),
        .init("width", "\(plotWidth)"), .init("height", Self.number(y(exitThreshold) - y(enterThreshold))),
      ],
      [
        .node(
          "title", [], [.text("enter ≥ \(Self.number(enterThreshold)) dBm, exit < \(Self.number(exitThreshold)) dBm")])
      ]
    )
    let markers = marks.map { mark in
      // A label near the right edge goes on the left of its line, so it is not cut off.
      let atRightEdge = x(mark.time) > Double(width) - 110
      return Markup.node(
        "g", [.init("class", "mark \(HTMLPage.className(mark.kind))")],
        [
          .node(
            "line",
            [
              .init("x1", Self.number(x(mark.time))), .init("x2", Self.number(x(mark.time))), .init("y1", "12"),
              .init("y2", "\(height - 16)"),
            ]),
          .node(
            "text",
            [
              .init("x", Self.number(x(mark.time) + (atRightEdge ? -3 : 3))), .init("y", "11"),
              .init("text-anchor", atRightEdge ? "end" : "start"),
            ], [.text(mark.label)]),
          .node("title", [], [.text(mark.label)]),
        ])
    }
    // The RSSI axis: the top, the enter threshold (the band's top edge) and the bottom.
    let axis = [highest, enterThreshold, lowest].map { value in
      Markup.node(
        "text", [.init("class", "axis"), .init("x", "2"), .init("y", Self.number(y(value) + 4))],
        [.text("\(Int(value.rounded())) dBm")])
    }
    let ticks = Self.tickTimes(from: start, to: end).map { time in
      Markup.node(
        "g", [.init("class", "tick")],
        [
          .node(
            "line",
            [
              .init("x1", Self.number(x(time))), .init("x2", Self.number(x(time))), .init("y1", "\(height - 16)"),
              .init("y2", "\(height - 12)"),
            ]),
          .node(
            "text",
            [
              .init("class", "axis"), .init("x", Self.number(x(time))), .init("y", "\(height - 2)"),
              .init("text-anchor", "middle"),
            ], [.text(Self.clock(time - start))]),
        ])
    }
    return .node(
      "svg",
      [
        .init("class", "timeline"), .init("width", "\(width)"), .init("height", "\(height)"),
        .init("viewBox", "0 0 \(width) \(height)"), .init("role", "img"),
      ],
      [.node("title", [], [.text(title)]), band]
        + axis + ticks + [.node("g", [.init("class", "reports")], dots), .node("g", [.init("class", "lines")], lines)]
        + markers)
  }

  /// Round times for the time axis, at most 10 between `start` and `end` (seconds).
  static func tickTimes(from start: Double, to end: Double) -> [Double] {
    let span = end - start
    guard span > 0, span.isFinite else { return [] }
    let steps: [Double] = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14_400, 43_200, 86_400]
    let step = steps.first { span / $0 <= 10 } ?? (span / 10).rounded(.up)
    return stride(from: 0, through: span, by: step).map { start + $0 }
  }

  /// Seconds from the start as `m:ss`, or `h:mm:ss` from an hour on.
  static func clock(_ seconds: Double) -> String {
    let whole = Int(max(0, seconds).rounded())
    let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
    func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
  }

  /// `points` split where consecutive times are more than `gap` apart.
  static func runs(of points: [Point], breakingAfter gap: Double) -> [[Point]] {
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

  /// A coordinate with one decimal, without a trailing `.0`.
  static func number(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }
}
