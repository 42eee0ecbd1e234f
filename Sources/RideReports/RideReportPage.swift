/// A whole ride as one self-contained HTML page: a header saying what was run, one timeline strip
/// per beacon on a shared time axis, and the events as a table. Inline CSS and SVG only: nothing
/// is fetched, no script runs; it opens offline in any browser.
public struct RideReportPage: Sendable {
  /// One event of the ride, as the table lists it.
  public struct Event: Hashable, Sendable {
    /// When, as printed (ISO 8601).
    public let time: String
    /// `found`, `arrived`, `transfer`, …
    public let kind: String
    /// The station's display name (or what else the event is about).
    public let subject: String
    /// `bluetooth`, `gps` or empty.
    public let source: String
    /// More, for people.
    public let detail: String

    public init(time: String, kind: String, subject: String, source: String, detail: String) {
      self.time = time
      self.kind = kind
      self.subject = subject
      self.source = source
      self.detail = detail
    }
  }

  /// The page's title, e.g. `Ride: Lebak Bulus → Soekarno–Hatta`.
  public var title: String
  /// What was run, as label and value pairs: command, capture, catalog, policy constants.
  public var run: [(label: String, value: String)]
  /// The totals, as label and value pairs: reports, beacons, events.
  public var totals: [(label: String, value: String)]
  /// The strips, in the order shown.
  public var timelines: [TimelineChart]
  /// The events, in time order.
  public var events: [Event]

  public init(
    title: String, run: [(label: String, value: String)], totals: [(label: String, value: String)],
    timelines: [TimelineChart], events: [Event]
  ) {
    self.title = title
    self.run = run
    self.totals = totals
    self.timelines = timelines
    self.events = events
  }

  /// The page, from `<!DOCTYPE html>` on.
  public var html: String {
    var output = "<!DOCTYPE html>\n"
    document.render(into: &output)
    output += "\n"
    return output
  }

  var document: Markup {
    .node(
      "html", [.init("lang", "en")],
      [
        .node(
          "head", [],
          [
            .node("meta", [.init("charset", "utf-8")]),
            .node("meta", [.init("name", "viewport"), .init("content", "width=device-width, initial-scale=1")]),
            .node("title", [], [.text(title)]),
            .node("style", [], [.text(Self.style)]),
          ]),
        .node(
          "body", [],
          [
            .node("h1", [], [.text(title)]),
            Self.definitionList("run", run),
            Self.definitionList("totals", totals),
            .node("h2", [], [.text("Beacons over time")]),
            .node(
              "section", [.init("class", "timelines")],
              timelines.map { chart in
                .node("figure", [], [.node("figcaption", [], [.text(chart.title)]), chart.markup])
              }),
            .node("h2", [], [.text("Events")]),
            eventTable,
          ]),
      ])
  }

  private var eventTable: Markup {
    let header = Markup.node(
      "tr", [], ["time", "event", "station", "source", "detail"].map { .node("th", [], [.text($0)]) })
    let rows = events.map { event in
      Markup.node(
        "tr", [.init("class", "event \(Self.className(event.kind))")],
        [event.time, event.kind, event.subject, event.source, event.detail].map { .node("td", [], [.text($0)]) })
    }
    return .node("table", [.init("class", "events")], [header] + rows)
  }

  private static func definitionList(_ name: String, _ pairs: [(label: String, value: String)]) -> Markup {
    .node(
      "dl", [.init("class", name)],
      pairs.flatMap { pair in [Markup.node("dt", [], [.text(pair.label)]), .node("dd", [], [.text(pair.value)])] })
  }

  /// A CSS class from a word: letters, digits and dashes only.
  static func className(_ word: String) -> String {
    String(
      word.unicodeScalars.filter {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
      }.map(Character.init))
  }

  /// The page's CSS: light, printable, and the colours of each event kind.
  static let style = """
    body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }
    h1 { font-size: 1.4em; } h2 { font-size: 1.1em; margin-top: 1.5em; }
    dl { display: grid; grid-template-columns: max-content auto; gap: 0.1em 1em; }
    dt { color: #666; } dd { margin: 0; font-family: ui-monospace, monospace; }
    figure { margin: 0.5em 0; } figcaption { font-weight: 600; }
    svg.timeline { background: #fafafa; border: 1px solid #ddd; }
    svg .band { fill: #e6f2e6; } svg .axis { font-size: 10px; fill: #888; }
    svg .reports circle { fill: #4a7bd0; opacity: 0.5; }
    svg .smoothed { fill: none; stroke: #123f8c; stroke-width: 1.5; }
    svg .mark line { stroke: #c33; stroke-width: 1; } svg .mark text { font-size: 10px; fill: #c33; }
    svg .mark.found line, svg .mark.arrived line { stroke: #1a7f37; }
    svg .mark.found text, svg .mark.arrived text { fill: #1a7f37; }
    svg .mark.left line { stroke: #888; stroke-dasharray: 2 2; } svg .mark.left text { fill: #888; }
    table.events { border-collapse: collapse; } table.events td, table.events th { padding: 0.2em 0.6em; text-align: left; }
    table.events tr:nth-child(even) { background: #f4f4f4; }
    """
}
