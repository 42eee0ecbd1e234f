import LineFormats
import MRTNavigation
import RideReports

extension RunReportCollector {
  /// Silence longer than this (seconds) splits the overview's bar of when a beacon was heard.
  static let heardGap = 30.0

  /// A group of the overview's axis: a line (and direction), its stations in ride order.
  struct OverviewGroup {
    var name: String
    var stations: [String]
  }

  /// The ride at a glance: the journey's lines (or, without a journey, the lines of the stations
  /// detected), each event at its station, and when each station's beacon was heard. `nil` when
  /// nothing happened at any station.
  func overview(end: Double) -> RideOverviewChart? {
    let stretches = catalog.stations.flatMap { station -> [(station: Station, start: Double, end: Double)] in
      guard let series = stations[station.beacon] else { return [] }
      return TimelineChart.runs(of: series.reports.points, breakingAfter: Self.heardGap).compactMap { run in
        guard let first = run.first, let last = run.last else { return nil }
        return (station, first.time, last.time)
      }
    }
    guard !events.isEmpty || !stretches.isEmpty else { return nil }
    // Where something happened, earliest first: each station once.
    var detected: [String] = []
    for name in (events.map { ($0.station.name, seconds($0.time)) } + stretches.map { ($0.station.name, $0.start) })
      .sorted(by: { $0.1 < $1.1 }).map(\.0) where !detected.contains(name)
    {
      detected.append(name)
    }
    var groups = journey.map { journeyGroups($0, detected: detected) } ?? lineGroups(detected: detected)
    let placed = Set(groups.flatMap(\.stations))
    let elsewhere = detected.filter { !placed.contains($0) }
    if !elsewhere.isEmpty { groups.append(OverviewGroup(name: "Other stations", stations: elsewhere)) }
    let rowStations = groups.flatMap(\.stations)
    let rowGroups = groups.enumerated().flatMap { index, group in group.stations.map { _ in index } }
    let rows = groups.flatMap { group in
      group.stations.map {
        RideOverviewChart.Row(name: catalog.station(named: $0)?.displayName ?? $0, group: group.name)
      }
    }
    // A station on two groups' rows (where lines change) is put on the row of the group the ride
    // is in at the time: the earliest group from the current one on that has it.
    var currentGroup = 0
    func row(of station: String) -> Int? {
      let candidates = rowStations.indices.filter { rowStations[$0] == station }
      let chosen = candidates.first { rowGroups[$0] >= currentGroup } ?? candidates.last
      if let chosen { currentGroup = rowGroups[chosen] }
      return chosen
    }
    enum Happening {
      case event(Event)
      case heard(start: Double, end: Double, station: String)
    }
    let happenings =
      (events.map { (seconds($0.time), Happening.event($0)) }
      + stretches.map { ($0.start, Happening.heard(start: $0.start, end: $0.end, station: $0.station.name)) })
      .sorted { $0.0 < $1.0 }
    var marks: [RideOverviewChart.Mark] = []
    var heard: [RideOverviewChart.Heard] = []
    for (time, happening) in happenings {
      switch happening {
      case .event(let event):
        guard let row = row(of: event.station.name) else { continue }
        // Without a source: beacon-scan's events, which only Bluetooth finds, or a journey's
        // announcement ahead of a station, which no source found there.
        let source: RideOverviewChart.Source =
          switch event.source {
          case .bluetooth: .bluetooth
          case .gps: .gps
          case nil: event.kind == .approaching ? .unknown : .bluetooth
          }
        marks.append(
          RideOverviewChart.Mark(
            time: time, row: row, kind: event.kind.rawValue, source: source,
            label: event.kind == .found ? nil : Self.overviewLabel(event.kind),
            isOnPath: Self.pathKinds.contains(event.kind)))
      case .heard(let start, let end, let station):
        guard let row = row(of: station) else { continue }
        heard.append(RideOverviewChart.Heard(row: row, start: start, end: end))
      }
    }
    return RideOverviewChart(
      rows: rows, marks: marks, heard: heard, trips: scheduledTrips(groups: groups, end: end), start: 0, end: end)
  }

  /// The timetable's trips over the ride, in each group the way the rider went: a trip running
  /// the other way, or calling at fewer than two of a group's stations, is not drawn there.
  func scheduledTrips(groups: [OverviewGroup], end: Double) -> [RideOverviewChart.Trip] {
    guard let schedule, let origin else { return [] }
    let start = Double(origin.microsecondsSinceUnixEpoch) / 1_000_000
    // One pass over the timetable for every group's stations; each trip is then drawn in the
    // groups where it calls at two stations or more, in the rider's direction.
    let stations = groups.flatMap(\.stations)
    let found = schedule.trips(
      at: Array(Set(stations)), from: Int64(start.rounded(.down)), to: Int64((start + end).rounded(.up)))
    let firstRows = groups.reduce(into: [0]) { firsts, group in
      firsts.append(firsts[firsts.count - 1] + group.stations.count)
    }
    return found.flatMap { trip in
      zip(groups, firstRows).compactMap { group, firstRow -> RideOverviewChart.Trip? in
        let calls = trip.calls.compactMap { call -> [RideOverviewChart.Trip.Call]? in
          guard let index = group.stations.firstIndex(of: call.station) else { return nil }
          // Arrival and departure: the dwell is a stretch along the station's row.
          return [Double(call.arrival), Double(call.departure)].map { .init(time: $0 - start, row: firstRow + index) }
        }
        let rows = calls.map { $0[0].row }
        guard rows.count >= 2, zip(rows, rows.dropFirst()).allSatisfy({ $0 < $1 }) else { return nil }
        return RideOverviewChart.Trip(name: trip.name, calls: calls.flatMap { $0 })
      }
    }
  }

  /// The events the rider's way on the overview goes through.
  static let pathKinds: Set<StationEventKind> = [.found, .arrived, .transfer]

  /// An event's label on the overview: its kind in words.
  static func overviewLabel(_ kind: StationEventKind) -> String {
    kind == .wrongDirection ? "wrong direction" : kind.rawValue
  }

  /// The journey's legs, each its line's stations from where the rider boards to where they get
  /// off, widened to the stations of that line detected beyond them (a ride the wrong way).
  func journeyGroups(_ journey: Journey, detected: [String]) -> [OverviewGroup] {
    let onLegs = Set(journey.legs.flatMap { $0.stations.map(\.name) })
    return journey.legs.map { leg in
      let line = leg.direction == .towardsLast ? leg.line.stationNames : leg.line.stationNames.reversed()
      let ends = [leg.first.name, leg.last.name] + detected.filter { !onLegs.contains($0) }
      let indices = ends.compactMap { name in line.firstIndex(of: name) }
      var stations = leg.stations.map(\.name)
      if let lowest = indices.min(), let highest = indices.max() { stations = Array(line[lowest...highest]) }
      return OverviewGroup(name: "\(leg.line.displayName) towards \(leg.headsign)", stations: stations)
    }
  }

  /// Without a journey: a group per line of the stations detected, in the order first reached,
  /// each from the first station detected on it to the farthest, in the way the rider went.
  func lineGroups(detected: [String]) -> [OverviewGroup] {
    var groups: [OverviewGroup] = []
    var usedLines: Set<String> = []
    for name in detected where !groups.contains(where: { $0.stations.contains(name) }) {
      guard let station = catalog.station(named: name),
        let line = catalog.lines(at: station).first(where: { !usedLines.contains($0.name) })
      else { continue }
      usedLines.insert(line.name)
      let onLine = detected.compactMap { line.stationNames.firstIndex(of: $0) }
      guard let first = onLine.first, let lowest = onLine.min(), let highest = onLine.max() else { continue }
      let forward = (onLine.last ?? first) >= first
      let stations = Array(line.stationNames[lowest...highest])
      groups.append(OverviewGroup(name: line.displayName, stations: forward ? stations : stations.reversed()))
    }
    return groups
  }
}
