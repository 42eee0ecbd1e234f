import Positioning
import RealModule

/// A plain projected map of a ride, without tiles: the network's lines and stations drawn from
/// the catalog's coordinates, the GPS track coloured by fix quality and broken where the fix was
/// lost, and pins where station events happened.
///
/// The projection is equirectangular around the middle latitude (east–west scaled by its
/// cosine): at a city's scale it keeps shapes and distances true to a fraction of a percent.
public struct NetworkMap: Sendable {
  /// A place: Positioning's coordinate (WGS 84 decimal degrees).
  public typealias Place = GeoCoordinate

  /// A line, as the places of its stations in order.
  public struct Line: Hashable, Sendable {
    public let name: String
    public let places: [Place]

    public init(name: String, places: [Place]) {
      self.name = name
      self.places = places
    }
  }

  /// A station: its name and place; an estimated place is drawn hollow.
  public struct Station: Hashable, Sendable {
    public let name: String
    public let place: Place
    public let isApproximate: Bool

    public init(name: String, place: Place, isApproximate: Bool = false) {
      self.name = name
      self.place = place
      self.isApproximate = isApproximate
    }
  }

  /// One GPS fix of the track: `nil` where the receiver had no fix; `quality` is a CSS class
  /// (e.g. `fix3d`, `fix2d`, `doubtful`).
  public struct Fix: Hashable, Sendable {
    public let place: Place?
    public let quality: String

    public init(place: Place?, quality: String) {
      self.place = place
      self.quality = quality
    }
  }

  /// A labelled pin, e.g. `found Blok M (gps)`.
  public struct Pin: Hashable, Sendable {
    public let place: Place
    public let label: String
    public let kind: String

    public init(place: Place, label: String, kind: String) {
      self.place = place
      self.label = label
      self.kind = kind
    }
  }

  public var lines: [Line]
  public var stations: [Station]
  public var track: [Fix]
  public var pins: [Pin]
  public var width = 960
  public var height = 640
  public var margin = 24.0

  public init(lines: [Line], stations: [Station], track: [Fix] = [], pins: [Pin] = []) {
    self.lines = lines
    self.stations = stations
    self.track = track
    self.pins = pins
  }

  /// Where places go on the map: fitted once to every line, station, fix and pin.
  struct Projection {
    let north: Double
    let west: Double
    /// The middle latitude's cosine: east–west degrees are that much shorter.
    let eastScale: Double
    /// Pixels a degree of latitude.
    let scale: Double
    let margin: Double

    /// Where `place` goes, in pixels (y down).
    func point(_ place: Place) -> (x: Double, y: Double) {
      (margin + (place.longitude - west) * eastScale * scale, margin + (north - place.latitude) * scale)
    }
  }

  var projection: Projection {
    // A ride's track (and its pins) is what the map is about: fitted to them, with room around,
    // the network's lines run on out of the frame. Without a track, the whole network.
    let ridden = track.compactMap(\.place) + pins.map(\.place)
    let places =
      ridden.isEmpty ? stations.map(\.place) + lines.flatMap(\.places) : ridden
    let latitudes = places.map(\.latitude)
    let longitudes = places.map(\.longitude)
    var (north, south) = (latitudes.max() ?? 0, latitudes.min() ?? 0)
    var (west, east) = (longitudes.min() ?? 0, longitudes.max() ?? 0)
    if !ridden.isEmpty {
      // At least about a kilometre across, and a fifth more on every side.
      let padLatitude = max((north - south) * 0.2, Self.minimumSpan / 2)
      let padLongitude = max((east - west) * 0.2, Self.minimumSpan / 2)
      (north, south, west, east) = (north + padLatitude, south - padLatitude, west - padLongitude, east + padLongitude)
    }
    let eastScale = Double.cos((north + south) / 2 * Double.pi / 180)
    let spanX = (east - west) * eastScale
    let spanY = north - south
    let scales = [
      spanX > 0 ? (Double(width) - 2 * margin) / spanX : nil, spanY > 0 ? (Double(height) - 2 * margin) / spanY : nil,
    ].compactMap { $0 }
    let scale = scales.min() ?? 1
    // Centred: the spare width or height split on both sides.
    let spareX = (Double(width) - 2 * margin - spanX * scale) / 2
    let spareY = (Double(height) - 2 * margin - spanY * scale) / 2
    return Projection(
      north: north + spareY / scale, west: west - spareX / (scale * eastScale), eastScale: eastScale, scale: scale,
      margin: margin)
  }

  /// The least a ride's map spans around its track, in degrees of latitude (about 1 km).
  static let minimumSpan = 0.009

  /// Where `place` goes on the map, in pixels (y down).
  func project(_ place: Place) -> (x: Double, y: Double) { projection.point(place) }

  /// The map as an `<svg>` element.
  public var markup: Markup {
    let number = ChartScale.number
    let projection = self.projection
    func project(_ place: Place) -> (x: Double, y: Double) { projection.point(place) }
    func points(_ places: [Place]) -> String {
      places.map { place in
        let point = project(place)
        return "\(number(point.x)),\(number(point.y))"
      }.joined(separator: " ")
    }
    let lineMarks = lines.map { line in
      Markup.node(
        "polyline", [.init("class", "line"), .init("points", points(line.places))],
        [.node("title", [], [.text(line.name)])])
    }
    let stationMarks = stations.map { station in
      let point = project(station.place)
      return Markup.node(
        "circle",
        [
          .init("class", station.isApproximate ? "station approximate" : "station"), .init("cx", number(point.x)),
          .init("cy", number(point.y)), .init("r", "3"),
        ],
        [.node("title", [], [.text(station.isApproximate ? "\(station.name) (position estimated)" : station.name)])])
    }
    // The track: a polyline per stretch with a fix, a dot per fix in its quality's class.
    var stretches: [[Place]] = [[]]
    for fix in track {
      if let place = fix.place {
        stretches[stretches.count - 1].append(place)
      } else if stretches.last?.isEmpty == false {
        stretches.append([])
      }
    }
    let trackLines = stretches.filter { $0.count > 1 }.map { stretch in
      Markup.node("polyline", [.init("class", "track"), .init("points", points(stretch))])
    }
    // Where the fix was lost: a dashed line from the last place before to the first after.
    let withPlaces = stretches.filter { !$0.isEmpty }
    let lostStretches = zip(withPlaces, withPlaces.dropFirst()).compactMap { before, after -> Markup? in
      guard let from = before.last, let to = after.first else { return nil }
      return .node(
        "polyline", [.init("class", "lost"), .init("points", points([from, to]))],
        [.node("title", [], [.text("no fix")])])
    }
    let fixes = track.compactMap { fix -> Markup? in
      guard let place = fix.place else { return nil }
      let point = project(place)
      return .node(
        "circle",
        [
          .init("class", "fix \(HTMLPage.className(fix.quality))"), .init("cx", number(point.x)),
          .init("cy", number(point.y)), .init("r", "1.5"),
        ])
    }
    let pinMarks = pins.map { pin in
      let point = project(pin.place)
      return Markup.node(
        "g", [.init("class", "pin \(HTMLPage.className(pin.kind))")],
        [.node("circle", [.init("cx", number(point.x)), .init("cy", number(point.y)), .init("r", "5")])])
    }
    let labels = layout()
    return .node(
      "svg",
      [
        .init("class", "map"), .init("width", "\(width)"), .init("height", "\(height)"),
        .init("viewBox", "0 0 \(width) \(height)"), .init("role", "img"),
      ],
      [.node("title", [], [.text("The network and the ride")])] + lineMarks + trackLines + lostStretches + stationMarks
        + fixes + pinMarks + labels.texts)
  }

  static let nameFontSize = 10.0
  static let pinFontSize = 11.0

  struct Layout {
    var texts: [Markup]
    /// The pins whose label found no room.
    var unlabelledPins: [Pin]
  }

  /// The pins whose label found no room on the map, for the page to list.
  public var unlabelledPins: [Pin] { layout().unlabelledPins }

  /// The map's texts, placed so that none covers another or leaves the map: the scale bar and
  /// "north up" first, then the pins' labels (what happened), then the names of the stations
  /// inside the frame; a station name with no room is left out (its dot keeps its tooltip).
  func layout() -> Layout {
    let number = ChartScale.number
    let projection = self.projection
    var placement = LabelPlacement(bounds: .init(x: 0, y: 0, width: Double(width), height: Double(height)))
    var texts: [Markup] = []
    func text(_ value: String, _ x: Double, _ baseline: Double, _ anchor: LabelPlacement.Anchor, _ classes: String) {
      texts.append(.svgText(value, x: x, y: baseline, anchor: anchor, classes: classes))
    }
    // North up, said at the top right.
    let north = "↑ N (north up)"
    placement.reserve(
      .text(north, fontSize: Self.nameFontSize, x: Double(width) - 6, baseline: 16, anchor: .end, padding: 4))
    text(north, Double(width) - 6, 16, .end, "north")
    // The scale bar at the bottom left: a round length, at most a quarter of the width.
    let metresPerPixel = 111_320 / projection.scale
    if metresPerPixel.isFinite, metresPerPixel > 0 {
      let lengths: [Double] = [
        10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000,
      ]
      let longest = Double(width) / 4 * metresPerPixel
      let length = lengths.last { $0 <= longest } ?? lengths[0]
      let pixels = length / metresPerPixel
      let (left, baseline) = (12.0, Double(height) - 10)
      let label = length >= 1000 ? "\(number(length / 1000)) km" : "\(number(length)) m"
      texts.append(
        .node(
          "g", [.init("class", "scale")],
          [
            .node(
              "polyline",
              [
                .init(
                  "points",
                  "\(number(left)),\(number(baseline - 14)) \(number(left)),\(number(baseline - 10)) "
                    + "\(number(left + pixels)),\(number(baseline - 10)) \(number(left + pixels)),\(number(baseline - 14))"
                )
              ])
          ]))
      placement.reserve(.init(x: left - 2, y: baseline - 16, width: pixels + 4, height: 8))
      placement.reserve(.text(label, fontSize: Self.nameFontSize, x: left, baseline: baseline + 2))
      text(label, left, baseline + 2, .start, "scale")
    }
    /// Around a point: right, left, above, below, then the corners, `distance` away.
    func around(_ point: (x: Double, y: Double), fontSize: Double, distance: Double)
      -> [(x: Double, baseline: Double, anchor: LabelPlacement.Anchor)]
    {
      let middle = point.y + fontSize * 0.35
      return [
        (point.x + distance, middle, .start), (point.x - distance, middle, .end),
        (point.x, point.y - distance, .middle), (point.x, point.y + distance + fontSize * 0.8, .middle),
        (point.x + distance * 0.7, point.y - distance * 0.7, .start),
        (point.x - distance * 0.7, point.y - distance * 0.7, .end),
        (point.x + distance * 0.7, point.y + distance * 0.7 + fontSize * 0.7, .start),
        (point.x - distance * 0.7, point.y + distance * 0.7 + fontSize * 0.7, .end),
      ]
    }
    @discardableResult func place(
      _ value: String, at point: (x: Double, y: Double), fontSize: Double, distances: [Double], classes: String
    )
      -> Bool
    {
      let candidates = distances.flatMap { around(point, fontSize: fontSize, distance: $0) }
      guard
        let chosen = placement.place(
          candidates.map { .text(value, fontSize: fontSize, x: $0.x, baseline: $0.baseline, anchor: $0.anchor) })
      else { return false }
      text(value, candidates[chosen].x, candidates[chosen].baseline, candidates[chosen].anchor, classes)
      return true
    }
    let frame = LabelPlacement.Box(x: 0, y: 0, width: Double(width), height: Double(height))
    func isInFrame(_ point: (x: Double, y: Double)) -> Bool {
      point.x >= frame.x && point.x <= frame.maxX && point.y >= frame.y && point.y <= frame.maxY
    }
    // The dots are not covered by labels.
    for pin in pins {
      let point = projection.point(pin.place)
      placement.reserve(.init(x: point.x - 5, y: point.y - 5, width: 10, height: 10))
    }
    for station in stations {
      let point = projection.point(station.place)
      guard isInFrame(point) else { continue }
      placement.reserve(.init(x: point.x - 3, y: point.y - 3, width: 6, height: 6))
    }
    var unlabelled: [Pin] = []
    for pin in pins {
      let point = projection.point(pin.place)
      let label = TextMetrics.shortened(pin.label, toFit: Double(width) / 2, fontSize: Self.pinFontSize)
      let placed =
        isInFrame(point)
        && place(
          label, at: point, fontSize: Self.pinFontSize, distances: [8, 20, 32],
          classes: "pin-label \(HTMLPage.className(pin.kind))")
      if !placed { unlabelled.append(pin) }
    }
    for station in stations {
      let point = projection.point(station.place)
      guard isInFrame(point) else { continue }
      let name = TextMetrics.shortened(station.name, toFit: Double(width) / 3, fontSize: Self.nameFontSize)
      place(name, at: point, fontSize: Self.nameFontSize, distances: [6, 14], classes: "name")
    }
    return Layout(texts: texts, unlabelledPins: unlabelled)
  }
}
