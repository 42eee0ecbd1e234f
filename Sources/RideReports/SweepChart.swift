/// How a detector did as one of its constants is swept: the median latency (seconds, left axis),
/// the share of stops found on time (right axis) and the stops missed or found falsely (red bars)
/// at each value tried, the default marked.
/// One chart a constant, so that choosing a threshold is a look, not a table read.
public struct SweepChart: Sendable {
  /// One value of the constant and how the rides went with it.
  public struct Point: Hashable, Sendable {
    /// The constant's value, e.g. −88.
    public let value: Double
    /// Median latency from a station's first report to its event, in seconds; `nil` when no
    /// stop was found.
    public let medianLatency: Double?
    /// Stops found on time, out of all stops (0…1).
    public let onTimeShare: Double
    /// Stops missed and false events, together.
    public let errors: Int
    /// Whether this is the default value.
    public let isDefault: Bool

    public init(value: Double, medianLatency: Double?, onTimeShare: Double, errors: Int, isDefault: Bool) {
      self.value = value
      self.medianLatency = medianLatency
      self.onTimeShare = onTimeShare
      self.errors = errors
      self.isDefault = isDefault
    }
  }

  /// What is swept, with its unit, e.g. `Enter threshold (dBm)`.
  public var title: String
  /// The values tried, in any order (drawn by value).
  public var points: [Point]
  public var width = 440
  public var height = 220

  public init(title: String, points: [Point]) {
    self.title = title
    self.points = points
  }

  private let left = 44.0
  private let right = 44.0
  private let top = 24.0
  private let bottom = 36.0

  /// The chart as an `<svg>` element.
  public var markup: Markup {
    let number = ChartScale.number
    let sorted = points.sorted { $0.value < $1.value }
    let lowest = sorted.first?.value ?? 0
    let highest = sorted.last?.value ?? 1
    let plotWidth = Double(width) - left - right
    let plotHeight = Double(height) - top - bottom
    // The latency axis runs from 0 to the largest median, rounded up to whole seconds.
    let latencyTop = max(1, (sorted.compactMap(\.medianLatency).max() ?? 1).rounded(.up))
    func x(_ value: Double) -> Double {
      highest > lowest ? left + (value - lowest) / (highest - lowest) * plotWidth : left + plotWidth / 2
    }
    func latencyY(_ seconds: Double) -> Double { top + plotHeight * (1 - min(seconds, latencyTop) / latencyTop) }
    func shareY(_ share: Double) -> Double { top + plotHeight * (1 - min(max(share, 0), 1)) }
    let latencyPoints = sorted.compactMap { point in point.medianLatency.map { (point, latencyY($0)) } }
    let latencyLine = Markup.node(
      "polyline",
      [
        .init("class", "latency"),
        .init("points", latencyPoints.map { "\(number(x($0.0.value))),\(number($0.1))" }.joined(separator: " ")),
      ])
    let latencyDots = latencyPoints.map { point, y in
      Markup.node(
        "circle",
        [.init("class", "latency"), .init("cx", number(x(point.value))), .init("cy", number(y)), .init("r", "3")],
        [.node("title", [], [.text(Self.describe(point))])])
    }
    let shareLine = Markup.node(
      "polyline",
      [
        .init("class", "ontime"),
        .init(
          "points", sorted.map { "\(number(x($0.value))),\(number(shareY($0.onTimeShare)))" }.joined(separator: " ")),
      ])
    let shareDots = sorted.map { point in
      Markup.node(
        "rect",
        [
          .init("class", "ontime"), .init("x", number(x(point.value) - 3)),
          .init("y", number(shareY(point.onTimeShare) - 3)),
          .init("width", "6"), .init("height", "6"),
        ],
        [.node("title", [], [.text(Self.describe(point))])])
    }
    // Missed and false stops as red bars from the bottom (a tenth of the plot for each, at most
    // half of it), with the count above: a value that costs stops shows at once.
    let errorBars = sorted.filter { $0.errors > 0 }.map { point in
      let barHeight = min(plotHeight / 2, Double(point.errors) * plotHeight / 10)
      return Markup.node(
        "g", [.init("class", "errors")],
        [
          .node(
            "rect",
            [
              .init("x", number(x(point.value) - 5)), .init("y", number(top + plotHeight - barHeight)),
              .init("width", "10"), .init("height", number(barHeight)),
            ]),
          .node(
            "text",
            [
              .init("x", number(x(point.value))), .init("y", number(top + plotHeight - barHeight - 3)),
              .init("text-anchor", "middle"),
            ], [.text("\(point.errors) wrong")]),
          .node("title", [], [.text(Self.describe(point))]),
        ])
    }
    let ticks = sorted.map { point in
      Markup.node(
        "text",
        [
          .init("class", point.isDefault ? "tick default" : "tick"), .init("x", number(x(point.value))),
          .init("y", number(Double(height) - bottom + 14)), .init("text-anchor", "middle"),
        ],
        [.text(number(point.value))])
    }
    let defaults = sorted.filter(\.isDefault).map { point in
      Markup.node(
        "line",
        [
          .init("class", "default"), .init("x1", number(x(point.value))), .init("x2", number(x(point.value))),
          .init("y1", number(top)), .init("y2", number(top + plotHeight)),
        ])
    }
    let axes = [
      Markup.node(
        "text", [.init("class", "axis latency"), .init("x", "2"), .init("y", number(top - 8))],
        [.text("median s (0–\(number(latencyTop)))")]),
      .node(
        "text",
        [
          .init("class", "axis ontime"), .init("x", number(Double(width) - 2)), .init("y", number(top - 8)),
          .init("text-anchor", "end"),
        ], [.text("on time %")]),
      .node(
        "text",
        [.init("class", "axis"), .init("x", number(left + plotWidth / 2)), .init("y", number(Double(height) - 4))],
        [.text(title)]),
      .node(
        "rect",
        [
          .init("class", "frame"), .init("x", number(left)), .init("y", number(top)), .init("width", number(plotWidth)),
          .init("height", number(plotHeight)),
        ]),
    ]
    return .node(
      "svg",
      [
        .init("class", "sweep"), .init("width", "\(width)"), .init("height", "\(height)"),
        .init("viewBox", "0 0 \(width) \(height)"), .init("role", "img"),
      ],
      [.node("title", [], [.text(title)])] + axes + defaults + errorBars + [latencyLine, shareLine] + latencyDots
        + shareDots + ticks)
  }

  /// A point's figures, as its tooltip says them.
  static func describe(_ point: Point) -> String {
    let latency = point.medianLatency.map { "median \(ChartScale.number($0)) s" } ?? "no stop found"
    let share = ChartScale.number(point.onTimeShare * 100)
    return "\(ChartScale.number(point.value))\(point.isDefault ? " (default)" : ""): \(latency), "
      + "\(share) % on time, \(point.errors) missed or false"
  }

  /// The CSS for sweep charts, for a page that shows them.
  public static let style = """
    svg.sweep { background: #fafafa; border: 1px solid #ddd; margin: 0.3em; }
    svg.sweep .frame { fill: none; stroke: #ddd; }
    svg.sweep polyline.latency { stroke: #123f8c; fill: none; stroke-width: 1.5; } svg.sweep circle.latency { fill: #123f8c; }
    svg.sweep polyline.ontime { stroke: #1a7f37; fill: none; stroke-width: 1.5; } svg.sweep rect.ontime { fill: #1a7f37; }
    svg.sweep .errors rect { fill: #e8a0a0; } svg.sweep .errors text { font-size: 10px; fill: #c33; }
    svg.sweep .default { stroke: #c33; stroke-dasharray: 3 2; } svg.sweep .tick { font-size: 10px; fill: #555; }
    svg.sweep .tick.default { fill: #c33; font-weight: 600; stroke: none; }
    svg.sweep .axis { font-size: 10px; fill: #666; } svg.sweep .axis.latency { fill: #123f8c; }
    svg.sweep .axis.ontime { fill: #1a7f37; }
    """
}
