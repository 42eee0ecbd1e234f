import BluetoothTypes
import MRTNavigation
import ProgramOutput
import TransitNetworks

/// `beacon-ride --gtfs FEED --to B`: what the feed's timetable adds to each station found — `eta`,
/// `delay` once a trip is matched, and at the journey's first station `nextDeparture`
/// (``TransitNetworks/RideTimetable``) — as JSON fields and as the text line's detail.
struct RideTimetableFields {
  private var ride: RideTimetable
  private let network: LoadedNetwork
  private let times: AgencyTimeText

  /// `nil` when the destination is not a station of the timetable.
  init?(timetable: Timetable, network: LoadedNetwork, origin: Station?, destination: Station) {
    guard let destinationStop = network.stop(of: destination),
      let ride = RideTimetable(
        timetable: timetable, origin: origin.flatMap(network.stop(of:)), destination: destinationStop)
    else { return nil }
    self.ride = ride
    self.network = network
    times = AgencyTimeText(zone: timetable.timeZone)
  }

  /// The detail and fields for `station` found at `time`; none when the timetable has no trip
  /// there towards the destination.
  mutating func found(_ station: Station, at time: CaptureTime) -> (detail: String, fields: (inout JSONLine) -> Void)? {
    let seconds = time.microsecondsSinceUnixEpoch / 1_000_000
    guard let stop = network.stop(of: station), let estimate = ride.found(station: stop, at: seconds) else {
      return nil
    }
    var detail = ""
    if let next = estimate.nextDepartures.first {
      let minutes = Int(((Double(next - seconds)) / 60).rounded())
      detail = "next train \(times.clock(next)) (in \(minutes) min)"
      let later = estimate.nextDepartures.dropFirst().map { times.clock($0) }
      if !later.isEmpty { detail += ", then \(later.joined(separator: ", "))" }
      detail += "; "
    }
    detail += "ETA \(times.clock(estimate.eta))"
    if let delay = estimate.delay {
      let minutes = Int((Double(abs(delay)) / 60).rounded())
      detail += minutes == 0 ? ", on time" : ", \(minutes) min \(delay > 0 ? "late" : "early")"
    }
    let eta = times.iso8601(estimate.eta)
    let departures = estimate.nextDepartures.map { times.iso8601($0) }
    let delay = estimate.delay
    return (
      detail,
      { object in
        object.add("eta", eta)
        if let delay { object.add("delay", delay) }
        if !departures.isEmpty { object.add("nextDeparture", strings: departures) }
      }
    )
  }
}
