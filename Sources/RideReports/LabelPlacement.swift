/// Places a chart's labels so that none covers another or leaves the chart: each label is offered
/// its candidate boxes in order of preference and takes the first that is inside ``bounds`` and
/// clear of every box taken before (labels, and whatever else was reserved: a legend, a scale
/// bar). A label none of whose candidates fits is not placed; the chart says it elsewhere.
///
/// Greedy, in the order labels are offered: offer the ones that matter most first. What is taken
/// is filed by grid cell, so a chart with thousands of marks is placed in time proportional to
/// them, not to their square.
struct LabelPlacement {
  /// A box in the chart's pixels, y down.
  struct Box: Hashable, Sendable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double

    var maxX: Double { x + width }
    var maxY: Double { y + height }

    /// Whether the two share more than a hairline.
    func overlaps(_ other: Box) -> Bool {
      x < other.maxX - Self.tolerance && other.x < maxX - Self.tolerance && y < other.maxY - Self.tolerance
        && other.y < maxY - Self.tolerance
    }

    func isInside(_ outer: Box) -> Bool {
      x >= outer.x && y >= outer.y && maxX <= outer.maxX && maxY <= outer.maxY
    }

    /// The box of `text` at `fontSize` written at (`x`, baseline `y`), anchored at its start,
    /// middle or end, with `padding` around.
    static func text(
      _ text: String, fontSize: Double, x: Double, baseline y: Double, anchor: Anchor = .start, padding: Double = 1
    ) -> Box {
      let width = TextMetrics.width(of: text, fontSize: fontSize)
      let left: Double
      switch anchor {
      case .start: left = x
      case .middle: left = x - width / 2
      case .end: left = x - width
      }
      let top = y - TextMetrics.ascent(fontSize: fontSize)
      return Box(
        x: left - padding, y: top - padding, width: width + 2 * padding,
        height: TextMetrics.ascent(fontSize: fontSize) + TextMetrics.descent(fontSize: fontSize) + 2 * padding)
    }

    /// Boxes closer than this (pixels) do not count as overlapping.
    static let tolerance = 0.01
  }

  /// Where a text's `x` is on it, as SVG's `text-anchor` says.
  enum Anchor: String {
    case start, middle, end
  }

  /// The chart: nothing is placed outside it.
  let bounds: Box
  /// What is taken so far.
  private(set) var taken: [Box] = []
  /// The indices into ``taken`` of the boxes reaching into each grid cell.
  private var cells: [Cell: [Int]] = [:]

  private struct Cell: Hashable {
    let column: Int
    let row: Int
  }

  /// A cell's side, in pixels.
  private static let cellSize = 32.0

  init(bounds: Box) {
    self.bounds = bounds
  }

  /// The cells `box` reaches into (a box far outside the chart is clamped to its edge cells).
  private func cells(of box: Box) -> [Cell] {
    func index(_ value: Double, _ origin: Double, _ extent: Double) -> Int {
      let clamped = min(max(value, origin - Self.cellSize), origin + extent + Self.cellSize)
      return Int(((clamped - origin) / Self.cellSize).rounded(.down))
    }
    guard box.x.isFinite, box.y.isFinite, box.width.isFinite, box.height.isFinite else { return [] }
    let (left, right) = (index(box.x, bounds.x, bounds.width), index(box.maxX, bounds.x, bounds.width))
    let (top, bottom) = (index(box.y, bounds.y, bounds.height), index(box.maxY, bounds.y, bounds.height))
    let columns = min(left, right)...max(left, right)
    let rows = min(top, bottom)...max(top, bottom)
    return columns.flatMap { column in rows.map { Cell(column: column, row: $0) } }
  }

  /// Marks `box` as taken, whatever it overlaps (e.g. an axis label that must be where it is).
  mutating func reserve(_ box: Box) {
    let index = taken.count
    taken.append(box)
    for cell in cells(of: box) { cells[cell, default: []].append(index) }
  }

  /// Whether `box` is inside the chart and clear of what is taken.
  func isFree(_ box: Box) -> Bool {
    box.isInside(bounds)
      && !cells(of: box).contains { cell in
        cells[cell, default: []].contains { taken[$0].overlaps(box) }
      }
  }

  /// The index of the first of `candidates` that is free, which is then taken; `nil` when none is.
  mutating func place(_ candidates: [Box]) -> Int? {
    guard let index = candidates.firstIndex(where: isFree) else { return nil }
    reserve(candidates[index])
    return index
  }
}
