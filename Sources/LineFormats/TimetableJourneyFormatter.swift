import BluetoothTypes
import MRTNavigation
import ProgramOutput
import TransitFeeds
import TransitNetworks

/// Prints a journey planned by the timetable (`beacon-ride --gtfs FEED --plan`): a line a leg as
/// text, or one JSON object; times in the feed's time zone, with its offset.
package struct TimetableJourneyFormatter: Sendable {
  package var format: OutputFormat
  package let timetable: Timetable
  /// The network's stations and lines: the names the journey is told with.
  package let catalog: StationCatalog
  /// The catalog's station of each feed stop index, where the network has one.
  private let stationOfStop: [Int: Station]
  private let times: AgencyTimeText

  /// `stopsByStation`: the feed's stop (its index) of each station the feed has, by the
  /// station's key name.
  package init(format: OutputFormat, timetable: Timetable, catalog: StationCatalog, stopsByStation: [String: Int]) {
    self.format = format
    self.timetable = timetable
    self.catalog = catalog
    times = AgencyTimeText(zone: timetable.timeZone)
    var stationOfStop: [Int: Station] = [:]
    for station in catalog.stations {
      if let stop = stopsByStation[station.name] { stationOfStop[stop] = station }
    }
    self.stationOfStop = stationOfStop
  }

  /// The journey from `origin` to `destination` asked for at `start`.
  package func lines(for journey: TimetableJourney, from origin: Station, to destination: Station, at start: Int64)
    -> [String]
  {
    switch format {
    case .json:
      var object = header(from: origin, to: destination, at: start)
      object.add("departure", times.iso8601(journey.departure))
      object.add("arrival", times.iso8601(journey.arrival))
      object.add("minutes", Int((journey.arrival - journey.departure + 59) / 60))
      object.add("legs", objects: journey.legs.map(json))
      return [object.line]
    case .text:
      let rides = journey.legs.filter { if case .ride = $0 { true } else { false } }.count
      let minutes = (journey.arrival - journey.departure + 59) / 60
      let day = times.date(journey.departure)
      var lines = [
        "\(origin.displayName) → \(destination.displayName) on \(day): leave \(times.clock(journey.departure, on: day)), "
          + "arrive \(times.clock(journey.arrival, on: day)) (\(minutes) min, \(max(0, rides - 1)) change"
          + "\(rides == 2 ? "" : "s")); times in \(timetable.timeZone.identifier) (\(times.offset(journey.departure)))"
      ]
      for leg in journey.legs {
        switch leg {
        case .ride(let ride):
          let line = lineNames(ride.route).display
          lines.append(
            "  \(times.clock(ride.departure, on: day))–\(times.clock(ride.arrival, on: day))  \(line) towards "
              + "\(towards(ride.trip)): \(names(ride.from).display) → \(names(ride.to).display), "
              + "\(ride.stops) stop\(ride.stops == 1 ? "" : "s")\(ride.source == .realtime ? " (live)" : "")")
        case .walk(let walk):
          lines.append(
            "  \(times.clock(walk.departure, on: day))–\(times.clock(walk.arrival, on: day))  walk from "
              + "\(names(walk.from).display) to \(names(walk.to).display), \(walkingMinutes(walk)) min")
        }
      }
      // The names come from the feed: shown escaped (TerminalText).
      return lines.map(TerminalText.escaped)
    }
  }

  /// No journey from `start` to the end of the next service day: one JSON object saying so, with
  /// the next day that has one (`null` when none in a year).
  package func noJourney(from origin: Station, to destination: Station, at start: Int64, nextDay: ServiceDate?)
    -> [String]
  {
    guard format == .json else { return [] }
    var object = header(from: origin, to: destination, at: start)
    object.add("departure", nil as String?)
    object.add("arrival", nil as String?)
    object.add("nextServiceDay", nextDay.map(\.iso8601))
    return [object.line]
  }

  /// No journey, in a sentence: the days searched, and the next day with one or where the
  /// calendar ends.
  package func noJourneyMessage(from origin: Station, to destination: Station, at start: Int64, nextDay: ServiceDate?)
    -> String
  {
    let zone = timetable.timeZone
    let tomorrow = zone.date(zone.date(atUnixSeconds: start), plusDays: 1)
    var message =
      "no trip in the timetable takes you from \(origin.displayName) to \(destination.displayName) "
      + "between \(times.iso8601(start)) and the end of \(tomorrow.iso8601); "
    if let nextDay {
      let weekday = nextDay.weekday.calendarColumn
      message +=
        "the next day with one is \(nextDay.iso8601) (\(weekday.prefix(1).uppercased() + weekday.dropFirst()))"
    } else if let range = timetable.calendarRange {
      message +=
        "none in the year after (the feed's calendar runs \(range.lowerBound.iso8601) "
        + "to \(range.upperBound.iso8601))"
    } else {
      message += "none in the year after (no service of the feed runs on any day)"
    }
    return TerminalText.escaped(message)
  }

  private func header(from origin: Station, to destination: Station, at start: Int64) -> JSONLine {
    var object = JSONLine()
    object.add("from", origin.name)
    object.add("to", destination.name)
    object.add("at", times.iso8601(start))
    object.add("timeZone", timetable.timeZone.identifier)
    return object
  }

  private func json(_ leg: TimetableJourney.Leg) -> JSONLine {
    var object = JSONLine()
    switch leg {
    case .ride(let ride):
      let line = lineNames(ride.route)
      object.add("line", line.name)
      object.add("lineName", line.display)
      object.add("trip", timetable.feed.trips[ride.trip].id)
      object.add("towards", towards(ride.trip))
      object.add("from", names(ride.from).name)
      object.add("to", names(ride.to).name)
      object.add("departure", times.iso8601(ride.departure))
      object.add("arrival", times.iso8601(ride.arrival))
      object.add("stops", ride.stops)
      object.add("source", ride.source.rawValue)
    case .walk(let walk):
      object.add("walkTo", names(walk.to).name)
      object.add("from", names(walk.from).name)
      object.add("walkingMinutes", walkingMinutes(walk))
      object.add("departure", times.iso8601(walk.departure))
      object.add("arrival", times.iso8601(walk.arrival))
    }
    return object
  }

  /// A feed station's key name and display name: the catalog's, else its `stop_id` and `stop_name`.
  private func names(_ stop: Int) -> (name: String, display: String) {
    if let station = stationOfStop[stop] { return (station.name, station.displayName) }
    let feedStop = timetable.feed.stops[stop]
    return (feedStop.id, feedStop.name.isEmpty ? feedStop.id : feedStop.name)
  }

  /// A route's line in the catalog (its code is the route's position), else the feed's names.
  private func lineNames(_ route: Int) -> (name: String, display: String) {
    if let line = catalog.lines.first(where: { $0.code.map(Int.init) == route + 1 }) {
      return (line.name, line.displayName)
    }
    let feedRoute = timetable.feed.routes[route]
    let shown = [feedRoute.shortName, feedRoute.longName, feedRoute.id].first { !$0.isEmpty } ?? feedRoute.id
    return (shown, [feedRoute.longName, shown].first { !$0.isEmpty } ?? shown)
  }

  /// Where a trip goes: its headsign, else its last station's name.
  private func towards(_ trip: Int) -> String {
    let feed = timetable.feed
    if !feed.trips[trip].headsign.isEmpty { return feed.trips[trip].headsign }
    guard let last = feed.stopTimes(ofTrip: trip).last, let station = feed.station(of: Int(last.stop)) else {
      return feed.trips[trip].id
    }
    return names(station).display
  }

  private func walkingMinutes(_ walk: TimetableJourney.Walk) -> Int {
    JourneyFormatter.minutes(.seconds(walk.seconds))
  }

}
