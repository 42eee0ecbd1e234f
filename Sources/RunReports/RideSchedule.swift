import MRTNavigation
import TransitNetworks

/// What a ride's page draws of the timetable (`beacon-ride` with the built-in MRT's or a
/// `--gtfs` feed's): the trips at the overview's stations while the ride went on.
package struct RideSchedule {
  /// A trip at the stations asked about: each call's station (key name) and times (Unix seconds).
  struct Trip {
    var name: String
    var calls: [(station: String, arrival: Int64, departure: Int64)]
  }

  let timetable: Timetable
  /// The stations the overview names.
  let catalog: StationCatalog
  /// The feed's stop (its index) of each station the feed has, by the station's key name.
  let stopsByStation: [String: Int]

  package init(timetable: Timetable, catalog: StationCatalog, stopsByStation: [String: Int]) {
    self.timetable = timetable
    self.catalog = catalog
    self.stopsByStation = stopsByStation
  }

  /// The trips calling at two or more of `stations` (key names), one of those calls between
  /// `start` and `end` (Unix seconds).
  func trips(at stations: [String], from start: Int64, to end: Int64) -> [Trip] {
    var names: [Int: String] = [:]
    for name in stations {
      if let station = catalog.station(named: name), let stop = stopsByStation[station.name] { names[stop] = name }
    }
    return timetable.runs(callingAt: Array(names.keys), from: start, to: end).map { run in
      let trip = timetable.feed.trips[run.trip]
      let headsign = trip.headsign.isEmpty ? "" : " towards \(trip.headsign)"
      return Trip(
        name: "trip \(trip.id)\(headsign)",
        calls: run.calls.compactMap { call in
          names[call.station].map { ($0, call.arrival, call.departure) }
        })
    }
  }
}
