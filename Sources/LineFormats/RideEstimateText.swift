import BluetoothTypes
import MRTNavigation
import ProgramOutput
import TransitNetworks

/// `beacon-ride` with a timetable: a station's ``MRTNavigation/RideEstimate`` — `eta`, `delay` once
/// a trip is matched, and at the journey's first station `nextDeparture` — as JSON fields and as
/// the text line's detail, in the timetable's local time.
///
/// Each value says where it comes from, `source`: `schedule` or `realtime` (the event's own
/// `source` says what found the station, Bluetooth or GPS), and a realtime feed's `uncertainty`
/// (seconds) when it gives one: `"eta": {"time": …, "source": …, "uncertainty": …}`,
/// `"delay": {"seconds": …, "source": …}`, `"nextDeparture": [{"time": …, "source": …}, …]`. In
/// text a live value is followed by `(live)`, with its uncertainty as `±30 s`:
/// `next train 07:36 (live, in 5 min), then 07:39, 07:45; ETA 08:06 (live ±30 s), 2 min late (live)`.
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
      let minutes = Int(((Double(next.value - seconds)) / 60).rounded())
      detail = "next train " + Self.noted(times.clock(next.value), Self.origin(of: next), "in \(minutes) min")
      let later = estimate.nextDepartures.dropFirst().map { Self.noted(times.clock($0.value), Self.origin(of: $0)) }
      if !later.isEmpty { detail += ", then \(later.joined(separator: ", "))" }
      detail += "; "
    }
    detail += "ETA " + Self.noted(times.clock(estimate.eta.value), Self.origin(of: estimate.eta))
    if let delay = estimate.delay {
      let minutes = Int((Double(abs(delay.value)) / 60).rounded())
      let lateness = minutes == 0 ? "on time" : "\(minutes) min \(delay.value > 0 ? "late" : "early")"
      detail += ", " + Self.noted(lateness, Self.origin(of: delay))
    }
    let eta = timeObject(estimate.eta)
    let departures = estimate.nextDepartures.map(timeObject)
    let delay = estimate.delay.map { delay in
      var object = JSONLine()
      object.add("seconds", delay.value)
      Self.addOrigin(of: delay, to: &object)
      return object
    }
    return (
      detail,
      { object in
        object.add("eta", object: eta)
        if let delay { object.add("delay", object: delay) }
        if !departures.isEmpty { object.add("nextDeparture", objects: departures) }
      }
    )
  }

  /// `{"time": ISO 8601, "source": …, "uncertainty": …}`.
  private func timeObject(_ time: RideEstimate.Estimated<Int64>) -> JSONLine {
    var object = JSONLine()
    object.add("time", times.iso8601(time.value))
    Self.addOrigin(of: time, to: &object)
    return object
  }

  /// `source`, and `uncertainty` when the feed gives it.
  private static func addOrigin<Value>(of value: RideEstimate.Estimated<Value>, to object: inout JSONLine) {
    object.add("source", value.source.rawValue)
    if let uncertainty = value.uncertainty { object.add("uncertainty", uncertainty) }
  }

  /// How a value's origin reads after it: `live`, `±30 s`, `live ±30 s`, or nothing (scheduled).
  private static func origin<Value>(of value: RideEstimate.Estimated<Value>) -> String? {
    var words: [String] = []
    if value.source == .realtime { words.append("live") }
    if let uncertainty = value.uncertainty, uncertainty > 0 { words.append("±\(uncertainty) s") }
    return words.isEmpty ? nil : words.joined(separator: " ")
  }

  /// `text (note, note)`, or `text` without notes.
  private static func noted(_ text: String, _ notes: String?...) -> String {
    let notes = notes.compactMap { $0 }
    return notes.isEmpty ? text : "\(text) (\(notes.joined(separator: ", ")))"
  }
}
