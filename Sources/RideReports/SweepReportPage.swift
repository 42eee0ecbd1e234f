/// `detection-sweep`'s sweep as a page: one ``SweepChart`` per policy constant (latency and accuracy
/// at each value tried), what was replayed, and the sweep's table below for the exact figures.
public struct SweepReportPage: Sendable {
  /// The page's title.
  public var title: String
  /// What was replayed, as label and value pairs (the rides, the defaults).
  public var run: [(label: String, value: String)]
  /// One chart a constant.
  public var charts: [SweepChart]
  /// The table: a header row and the rows, as text.
  public var table: (header: [String], rows: [[String]])

  public init(
    title: String, run: [(label: String, value: String)], charts: [SweepChart],
    table: (header: [String], rows: [[String]])
  ) {
    self.title = title
    self.run = run
    self.charts = charts
    self.table = table
  }

  /// The page, from `<!DOCTYPE html>` on.
  public var html: String {
    let header = Markup.node("tr", [], table.header.map { .node("th", [], [.text($0)]) })
    let rows = table.rows.map { row in Markup.node("tr", [], row.map { .node("td", [], [.text($0)]) }) }
    return HTMLPage(
      title: title, style: Self.style,
      body: [
        HTMLPage.definitionList("run", run),
        .node("h2", [], [.text("Each constant, the others at their defaults")]),
        .node(
          "section", [.init("class", "sweeps")],
          charts.map { chart in .node("figure", [], [.node("figcaption", [], [.text(chart.title)]), chart.markup]) }),
        .node("h2", [], [.text("The figures")]),
        .node("table", [.init("class", "sweep")], [header] + rows),
      ]
    ).html
  }

  static let style =
    HTMLPage.baseStyle + "\n" + SweepChart.style + "\n"
      + """
      section.sweeps { display: flex; flex-wrap: wrap; }
      """
}
