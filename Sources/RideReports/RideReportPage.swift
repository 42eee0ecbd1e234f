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
  /// The network and the GPS track, for a ride with GPS.
  public var map: NetworkMap?
  /// Sentences under the title that say what the page leaves out (e.g. beacons not drawn).
  public var notes: [String]

  public init(
    title: String, run: [(label: String, value: String)], totals: [(label: String, value: String)],
    timelines: [TimelineChart], events: [Event], map: NetworkMap? = nil, notes: [String] = []
  ) {
    self.title = title
    self.run = run
    self.totals = totals
    self.timelines = timelines
    self.events = events
    self.map = map
    self.notes = notes
  }

  /// The page, from `<!DOCTYPE html>` on.
  public var html: String { page.html }

  var page: HTMLPage {
    HTMLPage(
      title: title, style: Self.style,
      body: [
        HTMLPage.definitionList("run", run),
        HTMLPage.definitionList("totals", totals),
        .node("section", [.init("class", "notes")], notes.map { .node("p", [], [.text($0)]) }),
        map.map { map in
          .node(
            "section", [.init("class", "map")],
            [.node("h2", [], [.text("The ride on the network")]), .node("figure", [], [map.markup])])
        } ?? .empty,
        .node("h2", [], [.text("Beacons over time")]),
        .node(
          "section", [.init("class", "timelines")],
          timelines.map { chart in
            .node("figure", [], [.node("figcaption", [], [.text(chart.title)]), chart.markup])
          }),
        .node("h2", [], [.text("Events")]),
        eventTable,
      ])
  }

  private var eventTable: Markup {
    let header = Markup.node(
      "tr", [], ["time", "event", "station", "source", "detail"].map { .node("th", [], [.text($0)]) })
    let rows = events.map { event in
      Markup.node(
        "tr", [.init("class", "event \(HTMLPage.className(event.kind))")],
        [event.time, event.kind, event.subject, event.source, event.detail].map { .node("td", [], [.text($0)]) })
    }
    return .node("table", [.init("class", "events")], [header] + rows)
  }

  /// The page's CSS: light, printable, and the colours of each event kind.
  static let style =
    HTMLPage.baseStyle + "\n"
      + """
      svg.timeline { background: #fafafa; border: 1px solid #ddd; }
      svg .band { fill: #e6f2e6; } svg .axis { font-size: 10px; fill: #888; } svg .tick line { stroke: #bbb; }
      svg .reports circle { fill: #4a7bd0; opacity: 0.5; }
      svg .smoothed { fill: none; stroke: #123f8c; stroke-width: 1.5; }
      svg .mark line { stroke: #c33; stroke-width: 1; } svg .mark text { font-size: 10px; fill: #c33; }
      svg .mark.found line, svg .mark.arrived line { stroke: #1a7f37; }
      svg .mark.found text, svg .mark.arrived text { fill: #1a7f37; }
      svg .mark.left line { stroke: #888; stroke-dasharray: 2 2; } svg .mark.left text { fill: #888; }
      svg.map { background: #fcfcfa; border: 1px solid #ddd; }
      svg.map .line { fill: none; stroke: #9aa7b8; stroke-width: 3; stroke-linejoin: round; }
      svg.map .station { fill: #fff; stroke: #34495e; stroke-width: 1.5; }
      svg.map .station.approximate { stroke-dasharray: 2 1; fill: none; }
      svg.map .name { font-size: 10px; fill: #6a7586; }
      svg.map .track { fill: none; stroke: #d07a1a; stroke-width: 1.5; opacity: 0.7; }
      svg.map .lost { fill: none; stroke: #c33; stroke-width: 1.5; stroke-dasharray: 4 3; }
      svg.map .fix { fill: #d07a1a; } svg.map .fix.fix2d { fill: #e0b050; } svg.map .fix.doubtful { fill: #c33; }
      svg.map .pin circle { fill: #1a7f37; stroke: #fff; } svg.map .pin text { font-size: 11px; fill: #1a4f27; }
      svg.map .pin.left circle { fill: #888; } svg.map .pin.suspect circle { fill: #c33; }
      """
}
