import MRTNavigation
import TransitNetworks

/// What a ride's page draws of the timetable (`beacon-ride` with the built-in MRT's or a
/// `--gtfs` feed's): the trips at the overview's stations while the ride went on.
struct RideSchedule {
  /// A trip at the stations asked about: each call's station (key name) and times (Unix seconds).
  struct Trip {
    var name: String
    var calls: [(station: String, arrival: Int64, departure: Int64)]
  }

  let timetable: Timetable
  let network: LoadedNetwork

  /// The trips calling at two or more of `stations` (key names), one of those calls between
  /// `start` and `end` (Unix seconds).
  func trips(at stations: [String], from start: Int64, to end: Int64) -> [Trip] {
    var names: [Int: String] = [:]
    for name in stations {
      if let station = network.catalog.station(named: name), let stop = network.stop(of: station) { names[stop] = name }
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
