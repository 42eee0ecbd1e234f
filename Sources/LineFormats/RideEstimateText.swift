import BluetoothTypes
import MRTNavigation
import ProgramOutput
import TransitNetworks

/// `beacon-ride` with a timetable: a station's ``MRTNavigation/RideEstimate`` — `eta`, `delay` once
/// a trip is matched, and at the journey's first station `nextDeparture` — as JSON fields and as
/// the text line's detail, in the timetable's local time; with where they come from
/// (`estimateSource`: `schedule` or `realtime`, "live" in text; `source` is the event's, Bluetooth or GPS) and a realtime feed's `uncertainty` (seconds, "±").
package struct RideEstimateText: Sendable {
  package let times: AgencyTimeText

  package init(timetable: Timetable) {
    times = AgencyTimeText(zone: timetable.timeZone)
  }

  /// The detail and fields for `estimate`, at a station found at `time`.
  package func text(_ estimate: RideEstimate, foundAt time: Timestamp) -> (
    detail: String, fields: (inout JSONLine) -> Void
  ) {
    let seconds = time.microsecondsSinceUnixEpoch / 1_000_000
    var detail = ""
    if let next = estimate.nextDepartures.first {
      let minutes = Int(((Double(next - seconds)) / 60).rounded())
      detail = "next train \(times.clock(next)) (in \(minutes) min)"
      let later = estimate.nextDepartures.dropFirst().map { times.clock($0) }
      if !later.isEmpty { detail += ", then \(later.joined(separator: ", "))" }
      detail += "; "
    }
    detail += "ETA \(times.clock(estimate.eta))"
    if let uncertainty = estimate.uncertainty, uncertainty > 0 {
      detail += " ±\(uncertainty) s"
    }
    if let delay = estimate.delay {
      let minutes = Int((Double(abs(delay)) / 60).rounded())
      detail += minutes == 0 ? ", on time" : ", \(minutes) min \(delay > 0 ? "late" : "early")"
    }
    if estimate.source == .realtime { detail += " (live)" }
    let eta = times.iso8601(estimate.eta)
    let departures = estimate.nextDepartures.map { times.iso8601($0) }
    let delay = estimate.delay
    let source = estimate.source.rawValue
    let uncertainty = estimate.uncertainty
    return (
      detail,
      { object in
        object.add("eta", eta)
        if let delay { object.add("delay", delay) }
        if !departures.isEmpty { object.add("nextDeparture", strings: departures) }
        object.add("estimateSource", source)
        if let uncertainty { object.add("uncertainty", uncertainty) }
      }
    )
  }
}
