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

  /// Where a place goes on the map, in pixels (y down), fitting every station, fix and pin.
  func project(_ place: Place) -> (x: Double, y: Double) {
    let bounds = self.bounds
    let scale = self.scale(bounds)
    let east = (place.longitude - bounds.west) * cosine(bounds)
    let south = bounds.north - place.latitude
    return (margin + east * scale, margin + south * scale)
  }

  private var bounds: (north: Double, south: Double, west: Double, east: Double) {
    let places = stations.map(\.place) + track.compactMap(\.place) + pins.map(\.place) + lines.flatMap(\.places)
    guard let first = places.first else { return (0, 0, 0, 0) }
    return places.reduce((first.latitude, first.latitude, first.longitude, first.longitude)) { bounds, place in
      (
        max(bounds.0, place.latitude), min(bounds.1, place.latitude), min(bounds.2, place.longitude),
        max(bounds.3, place.longitude)
      )
    }
  }

  private func cosine(_ bounds: (north: Double, south: Double, west: Double, east: Double)) -> Double {
    Double.cos((bounds.north + bounds.south) / 2 * Double.pi / 180)
  }

  private func scale(_ bounds: (north: Double, south: Double, west: Double, east: Double)) -> Double {
    let spanX = (bounds.east - bounds.west) * cosine(bounds)
    let spanY = bounds.north - bounds.south
    let usableX = Double(width) - 2 * margin
    let usableY = Double(height) - 2 * margin
    let scales = [spanX > 0 ? usableX / spanX : nil, spanY > 0 ? usableY / spanY : nil].compactMap { $0 }
    return scales.min() ?? 1
  }

  /// The map as an `<svg>` element.
  public var markup: Markup {
    let number = TimelineChart.number
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
    let fixes = track.compactMap { fix -> Markup? in
      guard let place = fix.place else { return nil }
      let point = project(place)
      return .node(
        "circle",
        [
          .init("class", "fix \(RideReportPage.className(fix.quality))"), .init("cx", number(point.x)),
          .init("cy", number(point.y)), .init("r", "1.5"),
        ])
    }
    let pinMarks = pins.map { pin in
      let point = project(pin.place)
      return Markup.node(
        "g", [.init("class", "pin \(RideReportPage.className(pin.kind))")],
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
      [.node("title", [], [.text("The network and the ride")])] + lineMarks + trackLines + stationMarks + fixes
        + pinMarks)
  }
}
