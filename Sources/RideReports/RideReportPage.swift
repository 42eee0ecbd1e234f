/// A whole ride as one self-contained HTML page: a header saying what was run, the overview (the
/// ride as a time–distance diagram) first, one legend, the map for a ride with GPS, a strip per
/// beacon zoomed to when it was heard, and the events as a table. Inline CSS and SVG only:
/// nothing is fetched, no script runs; it opens offline in any browser, fits a phone's width
/// (the figures scale) and prints on A4.
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
  /// The ride at a glance, shown first.
  public var overview: RideOverviewChart?
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
    overview: RideOverviewChart? = nil, timelines: [TimelineChart], events: [Event], map: NetworkMap? = nil,
    notes: [String] = []
  ) {
    self.title = title
    self.run = run
    self.totals = totals
    self.overview = overview
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
        .node("section", [.init("class", "notes")], notes.map { .node("p", [], [.text($0)]) }),
        overview.map { overview in
          .node(
            "section", [.init("class", "overview")],
            [
              .node("h2", [], [.text("The ride at a glance")]),
              .node(
                "figure", [], [overview.markup, Self.unlabelled(overview.unlabelledEvents.map(\.label), on: "chart")]),
            ])
        } ?? .empty,
        Self.legend(overview: overview != nil, strips: !timelines.isEmpty, map: map != nil),
        HTMLPage.definitionList("run", run),
        HTMLPage.definitionList("totals", totals),
        map.map { map in
          .node(
            "section", [.init("class", "map")],
            [
              .node("h2", [], [.text("The ride on the network")]),
              .node("figure", [], [map.markup, Self.unlabelled(map.unlabelledPins.map(\.label), on: "map")]),
            ])
        } ?? .empty,
        timelines.isEmpty ? .empty : .node("h2", [], [.text("Each beacon, while it was heard")]),
        .node(
          "section", [.init("class", "timelines")],
          timelines.map { chart in
            .node("figure", [], [.node("figcaption", [], [.text(chart.caption)]), chart.markup])
          }),
        .node("h2", [], [.text("Events")]),
        .node("div", [.init("class", "scroll")], [eventTable]),
      ])
  }

  /// A line under a figure listing the labels it had no room for, or nothing.
  static func unlabelled(_ labels: [String?], on figure: String) -> Markup {
    let labels = labels.compactMap { $0 }
    guard !labels.isEmpty else { return .empty }
    let listed = labels.prefix(Self.unlabelledListed).joined(separator: "; ")
    let more = labels.count > Self.unlabelledListed ? " and \(labels.count - Self.unlabelledListed) more" : ""
    return .node(
      "figcaption", [.init("class", "unlabelled")],
      [.text("Not labelled on the \(figure), for want of room (see the events): \(listed)\(more).")])
  }

  /// How many labels with no room a figure's caption lists by name.
  static let unlabelledListed = 20

  /// One legend for the figures the page has: a swatch and its meaning per entry.
  static func legend(overview: Bool, strips: Bool, map: Bool) -> Markup {
    func swatch(_ shape: Markup) -> Markup {
      .node(
        "svg",
        [
          .init("class", "swatch"), .init("width", "28"), .init("height", "14"), .init("viewBox", "0 0 28 14"),
          .init("aria-hidden", "true"),
        ],
        [shape])
    }
    func entry(_ shape: Markup, _ meaning: String) -> Markup {
      .node("li", [], [swatch(shape), .text(" " + meaning)])
    }
    // Keys carry the class `key` too, so that they are not counted as the figures' marks.
    func dot(_ classes: String) -> Markup {
      .node(
        "g", [.init("class", classes + " key")],
        [.node("circle", [.init("cx", "14"), .init("cy", "7"), .init("r", "4")])])
    }
    func stroke(_ classes: String) -> Markup {
      .node("line", [.init("class", classes), .init("x1", "2"), .init("x2", "26"), .init("y1", "7"), .init("y2", "7")])
    }
    var entries: [Markup] = []
    if overview {
      entries += [
        entry(dot("mark found bluetooth"), "detected by Bluetooth"),
        entry(
          .node(
            "g", [.init("class", "mark found gps key")], [.node("polygon", [.init("points", "14,2 19,7 14,12 9,7")])]),
          "detected by GPS"),
        entry(
          .node(
            "g", [.init("class", "mark approaching unknown key")],
            [.node("rect", [.init("x", "10"), .init("y", "3"), .init("width", "8"), .init("height", "8")])]),
          "said ahead of the station, of no source of its own"),
        entry(stroke("way"), "the rider's way"),
        entry(stroke("way change"), "a change of line, or a walk"),
        entry(
          .node(
            "rect",
            [.init("class", "heard"), .init("x", "2"), .init("y", "4"), .init("width", "24"), .init("height", "6")]),
          "the station's beacon heard"),
        entry(stroke("scheduled"), "a trip of the timetable"),
      ]
    }
    if overview || strips {
      entries += Self.eventKinds.map { kind, meaning in entry(dot("mark \(kind)"), meaning) }
    }
    if strips {
      entries += [
        entry(
          .node(
            "g", [.init("class", "reports")], [.node("circle", [.init("cx", "14"), .init("cy", "7"), .init("r", "2")])]),
          "one report's RSSI"),
        entry(stroke("smoothed"), "the smoothed RSSI the detector uses"),
        entry(
          .node("g", [.init("class", "threshold enter")], [stroke("")]), "enter: a station is entered at or above it"),
        entry(
          .node("g", [.init("class", "threshold exit")], [stroke("")]), "exit: it is left below it (or when unheard)"),
      ]
    }
    if map {
      entries += [
        entry(stroke("track"), "GPS track (3D fix)"),
        entry(
          .node("circle", [.init("class", "fix fix2d"), .init("cx", "14"), .init("cy", "7"), .init("r", "3")]), "2D fix"
        ),
        entry(
          .node("circle", [.init("class", "fix doubtful"), .init("cx", "14"), .init("cy", "7"), .init("r", "3")]),
          "fix with an error over 50 m"),
        entry(stroke("lost"), "no fix"),
        entry(stroke("line"), "a line of the network"),
        entry(
          .node("circle", [.init("class", "station"), .init("cx", "14"), .init("cy", "7"), .init("r", "4")]), "station"),
        entry(
          .node(
            "circle", [.init("class", "station approximate"), .init("cx", "14"), .init("cy", "7"), .init("r", "4")]),
          "station, position estimated"),
      ]
    }
    guard !entries.isEmpty else { return .empty }
    return .node(
      "section", [.init("class", "legend")],
      [.node("h2", [], [.text("Legend")]), .node("ul", [], entries)])
  }

  /// The event kinds the figures colour, and what each means.
  static let eventKinds: [(kind: String, meaning: String)] = [
    ("found", "found: a station reached"), ("arrived", "arrived: the destination"),
    ("approaching", "approaching: the next stop is the destination or a change"),
    ("transfer", "transfer: change lines here"), ("train", "train: the rider's train is coming in"),
    ("left", "left: a station left behind"), ("suspect", "suspect: a beacon out of place"),
    ("wrongDirection", "wrong direction"),
  ]

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

  /// The page's CSS: light, printable on A4, figures that shrink to a phone's width, and the
  /// colours of each event kind: Okabe and Ito's palette, told apart with colour blindness, the
  /// text in darker shades of it (at least 4.5:1 on white); warnings alone are vermilion.
  static let style =
    HTMLPage.baseStyle + "\n"
      + """
      svg { max-width: 100%; height: auto; box-sizing: border-box; font-family: \(TextMetrics.fontFamily); }
      svg text { font-size: 11px; fill: #333; }
      svg.timeline, svg.overview, svg.map { background: #fff; border: 1px solid #ccc; }
      svg.timeline text { font-size: 10px; } svg .axis { fill: #5f5f5f; } svg .axis.title { font-style: italic; }
      svg .grid line { stroke: #e4e4e4; } svg .tick line, svg line.tick { stroke: #d0d0d0; }
      svg .reports circle { fill: #4a7bd0; opacity: 0.45; }
      svg .smoothed { fill: none; stroke: #123f8c; stroke-width: 1.5; }
      svg .threshold line { stroke: #555; stroke-width: 1; stroke-dasharray: 5 3; } svg .threshold text { fill: #444; }
      svg .threshold text, svg .mark text { paint-order: stroke; stroke: #fff; stroke-width: 3px; stroke-linejoin: round; }
      svg .threshold.exit line { stroke-dasharray: 2 3; }
      svg .mark line { stroke-width: 1.2; }
      svg .mark.found line { stroke: #0072b2; } svg .mark.found text, svg text.found { fill: #0072b2; }
      svg .mark.found circle, svg .mark.found polygon, svg .mark.found rect { fill: #0072b2; }
      svg .mark.arrived line { stroke: #009e73; } svg .mark.arrived text, svg text.arrived { fill: #00785a; }
      svg .mark.arrived circle, svg .mark.arrived polygon, svg .mark.arrived rect { fill: #009e73; }
      svg .mark.approaching line { stroke: #e69f00; } svg .mark.approaching text, svg text.approaching { fill: #a35f00; }
      svg .mark.approaching circle, svg .mark.approaching polygon, svg .mark.approaching rect { fill: #e69f00; }
      svg .mark.transfer line { stroke: #cc79a7; } svg .mark.transfer text, svg text.transfer { fill: #a8457f; }
      svg .mark.transfer circle, svg .mark.transfer polygon, svg .mark.transfer rect { fill: #cc79a7; }
      svg .mark.train line { stroke: #56b4e9; } svg .mark.train text, svg text.train { fill: #1d5f8a; }
      svg .mark.train circle, svg .mark.train polygon, svg .mark.train rect { fill: #56b4e9; }
      svg .mark.left line { stroke: #888; stroke-dasharray: 2 2; } svg .mark.left text, svg text.left { fill: #666; }
      svg .mark.left circle, svg .mark.left polygon, svg .mark.left rect { fill: #fff; stroke: #777; stroke-width: 1.5; }
      svg .mark.suspect line, svg .mark.wrongDirection line { stroke: #d55e00; }
      svg .mark.suspect text, svg .mark.wrongDirection text, svg text.suspect, svg text.wrongDirection { fill: #b84a00; }
      svg .mark.suspect circle, svg .mark.suspect polygon, svg .mark.wrongDirection circle { fill: #d55e00; }
      svg .mark.wrongDirection polygon, svg .mark.suspect rect, svg .mark.wrongDirection rect { fill: #d55e00; }
      svg.overview line.row { stroke: #eee; } svg.overview .group { font-weight: 600; fill: #222; }
      svg.overview .station { fill: #333; } svg .heard { fill: #c9d7ee; }
      svg .way { stroke: #333; stroke-width: 1.5; } svg .way.change { stroke-dasharray: 4 3; }
      svg .scheduled { fill: none; stroke: #9a9a9a; stroke-width: 1; }
      svg.map .line, svg.swatch .line { fill: none; stroke: #9aa7b8; stroke-width: 3; stroke-linejoin: round; }
      svg.map .station, svg.swatch .station { fill: #fff; stroke: #34495e; stroke-width: 1.5; }
      svg.map .station.approximate, svg.swatch .station.approximate { stroke-dasharray: 2 1; fill: none; }
      svg.map .name { font-size: 10px; fill: #555f6d; } svg.map .north, svg.map .scale { font-size: 10px; fill: #333; }
      svg.map .scale polyline { fill: none; stroke: #333; stroke-width: 1.5; }
      svg .track { fill: none; stroke: #d07a1a; stroke-width: 1.5; opacity: 0.7; }
      svg .lost { fill: none; stroke: #d55e00; stroke-width: 1.5; stroke-dasharray: 4 3; }
      svg .fix { fill: #d07a1a; } svg .fix.fix2d { fill: #e0b050; } svg .fix.doubtful { fill: #d55e00; }
      svg.map .pin circle { fill: #009e73; stroke: #fff; } svg.map .pin-label { font-size: 11px; fill: #1a4f27; }
      svg.map .pin.left circle { fill: #888; } svg.map .pin.suspect circle { fill: #d55e00; }
      .legend ul { list-style: none; padding: 0; columns: 2 18em; margin: 0.3em 0; }
      .legend li { break-inside: avoid; } .legend svg { vertical-align: middle; }
      figcaption.unlabelled { font-weight: normal; color: #555; }
      .scroll { overflow-x: auto; } dd { overflow-wrap: anywhere; }
      @page { size: A4; margin: 12mm; }
      @media print { body { margin: 0; font-size: 10pt; } figure, section.legend { break-inside: avoid; } }
      """
}
