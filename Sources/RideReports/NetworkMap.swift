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
    let number = TimelineChart.number
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
    let stationNames = stations.map { station in
      let point = project(station.place)
      return Markup.node(
        "text", [.init("class", "name"), .init("x", number(point.x + 5)), .init("y", number(point.y - 5))],
        [.text(station.name)])
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
        [
          .node("circle", [.init("cx", number(point.x)), .init("cy", number(point.y)), .init("r", "5")]),
          .node("text", [.init("x", number(point.x + 7)), .init("y", number(point.y + 4))], [.text(pin.label)]),
        ])
    }
    return .node(
      "svg",
      [
        .init("class", "map"), .init("width", "\(width)"), .init("height", "\(height)"),
        .init("viewBox", "0 0 \(width) \(height)"), .init("role", "img"),
      ],
      [.node("title", [], [.text("The network and the ride")])] + lineMarks + trackLines + lostStretches + stationMarks
        + stationNames
        + fixes + pinMarks)
  }
}
