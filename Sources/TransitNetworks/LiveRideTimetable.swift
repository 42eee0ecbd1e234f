import BluetoothTypes
import MRTNavigation
import TransitFeeds
import TransitRealtime

/// A ride's timetable with live data (``MRTNavigation/RideTimetableMatching``): the
/// ``RideTimetable``'s estimate, with a fresh realtime feed's predictions for its trips in place of
/// the schedule and the inferred delay.
///
/// - On the platform at the journey's first station: the next departures are the timetable's
///   runs towards the destination, each moved by its trip's live departure delay there; a cancelled
///   trip is never offered. The ETA is the first's live arrival at the destination. An update is
///   for one service day's run of its trip: its `start_date`, else the day whose run leaves
///   nearest now; the trip's runs on other days stay as scheduled.
/// - On the train, once ``RideTimetable`` has matched the trip: the trip's live delay at the
///   station found is the `delay`, and its live arrival at the destination the ETA, when the
///   update is for the run ridden (its `start_date` that run's service day, or none given).
///
/// Each value is ``MRTNavigation/RideEstimate/Source/realtime`` exactly when a fresh feed's trip
/// update gave it, with that update's `uncertainty`: a departure of a trip no fresh feed has, or
/// whose update says nothing of the stop, is the timetable's
/// (``MRTNavigation/RideEstimate/Source/schedule``), and so is the delay inferred from the stations
/// found where the feed has none for the station.
/// A trip is followed by its `trip_id` on the service day found (a frequency-based trip's runs
/// share one `trip_id`, so its live data moves each of them).
public struct LiveRideTimetable: RideTimetableMatching {
  private var ride: RideTimetable
  private let stops: [String: Int]
  private let origin: Int?
  private let destination: Int
  private let live: any RealtimeUpdatesSource

  /// How many departures the platform's estimate lists.
  static let departuresListed = 3
  /// How late a train scheduled before now may be and still be waited for (seconds).
  static let latestLateness: Int64 = 2 * 3600

  /// `origin` and `destination` are the stations (indices into the feed's stops) `ride` was made for.
  public init(
    ride: RideTimetable, stops: [String: Int], origin: Int?, destination: Int, live: any RealtimeUpdatesSource
  ) {
    self.ride = ride
    self.stops = stops
    self.origin = origin
    self.destination = destination
    self.live = live
  }

  public mutating func estimate(at station: Station, time: Timestamp) -> RideEstimate? {
    let seconds = time.microsecondsSinceUnixEpoch / 1_000_000
    guard let stop = stops[station.name], let scheduled = ride.found(station: stop, at: seconds) else { return nil }
    let feeds = live.feeds(freshAt: seconds)
    let timetable = ride.timetable
    func liveTrip(_ trip: Int) -> LiveTrip? { feeds.lazy.compactMap { $0.trips[trip] }.first }

    if !scheduled.nextDepartures.isEmpty, let origin, stop == origin {
      return platformEstimate(scheduled: scheduled, at: seconds, liveTrip: liveTrip)
    }
    guard scheduled.delay != nil, let trip = liveTrip(scheduled.trip), !trip.isCanceled,
      let here = timetable.position(ofStation: stop, inTrip: scheduled.trip),
      let there = timetable.position(ofStation: destination, inTrip: scheduled.trip, after: here),
      let base = serviceDayBase(trip: scheduled.trip, position: here, near: seconds),
      trip.isFor(day: base, in: timetable),
      let atDestination = prediction(trip, at: there, departure: false, base: base),
      let arrival = timetable.scheduledTime(trip: scheduled.trip, position: there, departure: false, base: base)
    else {
      return .scheduled(eta: scheduled.eta, delay: scheduled.delay, nextDepartures: scheduled.nextDepartures)
    }
    let delayHere = prediction(trip, at: here, departure: false, base: base).map {
      RideEstimate.Estimated($0.delay, source: .realtime, uncertainty: $0.uncertainty)
    }
    return RideEstimate(
      eta: RideEstimate.Estimated(
        arrival + Int64(atDestination.delay), source: .realtime, uncertainty: atDestination.uncertainty),
      delay: delayHere ?? scheduled.delay.map { RideEstimate.Estimated($0) }, nextDepartures: [])
  }

  private func platformEstimate(
    scheduled: RideTimetable.Estimate, at seconds: Int64, liveTrip: (Int) -> LiveTrip?
  ) -> RideEstimate? {
    guard let origin else { return nil }
    let timetable = ride.timetable
    let runs = timetable.departures(
      from: origin, to: destination, around: seconds, from: seconds - Self.latestLateness)
    // The service day each live trip's update is for.
    var updatedDays: [Int: Int64] = [:]
    for run in runs where updatedDays[run.trip] == nil {
      guard let trip = liveTrip(run.trip) else { continue }
      if trip.startDate != nil {
        guard let day = trip.serviceDay(in: timetable) else { continue }
        updatedDays[run.trip] = day
      } else {
        updatedDays[run.trip] =
          runs.filter { $0.trip == run.trip }.min { abs($0.departure - seconds) < abs($1.departure - seconds) }?
          .serviceDay
      }
    }
    var departures: [(departure: RideEstimate.Estimated<Int64>, arrival: RideEstimate.Estimated<Int64>)] = []
    for run in runs {
      guard let trip = liveTrip(run.trip), updatedDays[run.trip] == run.serviceDay else {
        if run.departure >= seconds {
          departures.append((RideEstimate.Estimated(run.departure), RideEstimate.Estimated(run.arrival)))
        }
        continue
      }
      guard !trip.isCanceled else { continue }
      let from = timetable.position(ofStation: origin, inTrip: run.trip)
      let to = from.flatMap { timetable.position(ofStation: destination, inTrip: run.trip, after: $0 + 1) }
      let leaving = from.flatMap { prediction(trip, at: $0, departure: true, base: run.base) }
      let arriving = to.flatMap { prediction(trip, at: $0, departure: false, base: run.base) } ?? leaving
      let departure = Self.moved(run.departure, by: leaving)
      guard departure.value >= seconds else { continue }
      departures.append((departure, Self.moved(run.arrival, by: arriving)))
    }
    departures.sort { $0.departure.value < $1.departure.value }
    guard let first = departures.first else { return nil }
    return RideEstimate(
      eta: first.arrival, delay: nil, nextDepartures: departures.prefix(Self.departuresListed).map(\.departure))
  }

  /// A scheduled time as a trip's live prediction moves it: realtime, with the prediction's
  /// uncertainty; without one, the schedule's.
  private static func moved(_ time: Int64, by prediction: LiveTrip.Prediction?) -> RideEstimate.Estimated<Int64> {
    guard let prediction else { return RideEstimate.Estimated(time) }
    return RideEstimate.Estimated(
      time + Int64(prediction.delay), source: .realtime, uncertainty: prediction.uncertainty)
  }

  private func prediction(_ trip: LiveTrip, at position: Int, departure: Bool, base: Int64) -> LiveTrip.Prediction? {
    let timetable = ride.timetable
    return trip.prediction(atPosition: position, departure: departure) { position, departure in
      timetable.scheduledTime(trip: trip.trip, position: position, departure: departure, base: base)
    }
  }

  /// The start of the service day on which `trip` runs nearest `time` at its stop `position`.
  private func serviceDayBase(trip: Int, position: Int, near time: Int64) -> Int64? {
    let timetable = ride.timetable
    let service = timetable.feed.trips[trip].service
    return timetable.serviceDays(around: time).filter { $0.running[service] }.compactMap { day in
      timetable.scheduledTime(trip: trip, position: position, departure: false, base: day.base).map {
        (base: day.base, off: abs($0 - time))
      }
    }.min { $0.off < $1.off }?.base
  }
}

extension LiveTrip {
  /// The start of the service day its `start_date` names, in `timetable`'s zone; `nil` without
  /// one, or when it is no date.
  fileprivate func serviceDay(in timetable: Timetable) -> Int64? {
    startDate.flatMap { ServiceDate(gtfs: $0) }.map { timetable.timeZone.serviceDayStart($0) }
  }

  /// Whether the update can be for the run on the service day starting at `day`: it names that
  /// day, or no day (then it is for the run nearest now, which the caller chose).
  fileprivate func isFor(day: Int64, in timetable: Timetable) -> Bool {
    startDate == nil || serviceDay(in: timetable) == day
  }
}
