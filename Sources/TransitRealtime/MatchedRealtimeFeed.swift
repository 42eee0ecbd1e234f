import TransitFeeds

/// A realtime feed matched to the static feed it updates: its trip updates by trip, its vehicles
/// and alerts with the static feed's indices, and what the static feed does not know (counted,
/// left out, never fatal: ``warnings``).
///
/// - A trip update is placed by its `trip_id`; one without (a route-level selector) or for a trip
///   the feed adds is left out. The first update of a trip counts.
/// - A stop time update is placed on the trip by `stop_sequence` when given, else by `stop_id`
///   (the stop or its station), the first stop after the one placed before it.
public struct MatchedRealtimeFeed: Sendable {
  /// An id set of the realtime feed, split by whether the static feed has each.
  public struct IDs: Hashable, Sendable {
    public var known: Set<String> = []
    public var unknown: Set<String> = []
  }

  /// A vehicle position with the static feed's trip and stop.
  public struct Vehicle: Hashable, Sendable {
    public var position: RealtimeVehiclePosition
    /// An index into the static feed's trips.
    public var trip: Int?
    /// An index into the static feed's stops.
    public var stop: Int?
  }

  /// An alert with the static feed's routes, stops and trips it names.
  public struct Alert: Hashable, Sendable {
    public var alert: RealtimeAlert
    /// Indices into the static feed's routes, stops and trips.
    public var routes: Set<Int>
    public var stops: Set<Int>
    public var trips: Set<Int>
  }

  public let realtime: RealtimeFeed
  /// By trip (an index into the static feed's trips).
  public let trips: [Int: LiveTrip]
  public let vehicles: [Vehicle]
  public let alerts: [Alert]
  public let tripIDs: IDs
  public let stopIDs: IDs
  public let routeIDs: IDs
  /// Stop time updates of known trips that name none of their trip's stops.
  public let stopUpdatesOffTrip: Int

  public init(_ realtime: RealtimeFeed, feed: Feed) {
    self.realtime = realtime
    var tripIDs = IDs()
    var stopIDs = IDs()
    var routeIDs = IDs()
    @discardableResult func trip(_ id: String?) -> Int? {
      guard let id else { return nil }
      let index = feed.trip(id: id)
      if index == nil { tripIDs.unknown.insert(id) } else { tripIDs.known.insert(id) }
      return index
    }
    @discardableResult func stop(_ id: String?) -> Int? {
      guard let id else { return nil }
      let index = feed.stop(id: id)
      if index == nil { stopIDs.unknown.insert(id) } else { stopIDs.known.insert(id) }
      return index
    }
    @discardableResult func route(_ id: String?) -> Int? {
      guard let id else { return nil }
      let index = feed.route(id: id)
      if index == nil { routeIDs.unknown.insert(id) } else { routeIDs.known.insert(id) }
      return index
    }

    var trips: [Int: LiveTrip] = [:]
    var offTrip = 0
    for update in realtime.tripUpdates where update.trip.scheduleRelationship != .added {
      guard let index = trip(update.trip.tripID) else {
        for stopUpdate in update.stopTimeUpdates { stop(stopUpdate.stopID) }
        continue
      }
      let times = feed.stopTimes(ofTrip: index)
      var calls: [LiveTrip.Call] = []
      var after = 0
      for stopUpdate in update.stopTimeUpdates {
        let stopIndex = stop(stopUpdate.stopID)
        var position: Int?
        if let sequence = stopUpdate.stopSequence {
          position = times.firstIndex { Int($0.sequence) == sequence }.map { $0 - times.startIndex }
        } else if let stopIndex {
          position = times.indices.dropFirst(after).first { time in
            let stop = Int(times[time].stop)
            return stop == stopIndex || feed.stops[stop].parentStation == stopIndex
          }.map { $0 - times.startIndex }
        }
        guard let position else {
          // An unknown stop_id is counted as such, not again as off the trip.
          if stopUpdate.stopSequence != nil || stopIndex != nil || stopUpdate.stopID == nil { offTrip += 1 }
          continue
        }
        after = position + 1
        calls.append(
          LiveTrip.Call(
            position: position, arrival: stopUpdate.arrival, departure: stopUpdate.departure,
            scheduleRelationship: stopUpdate.scheduleRelationship))
      }
      calls.sort { $0.position < $1.position }
      guard trips[index] == nil else { continue }
      trips[index] = LiveTrip(
        trip: index, isCanceled: update.isCanceled, startDate: update.trip.startDate, delay: update.delay, calls: calls)
    }
    self.trips = trips
    vehicles = realtime.vehiclePositions.map { position in
      route(position.trip?.routeID)
      return Vehicle(position: position, trip: trip(position.trip?.tripID), stop: stop(position.stopID))
    }
    alerts = realtime.alerts.map { alert in
      var routes: Set<Int> = []
      var stops: Set<Int> = []
      var alertTrips: Set<Int> = []
      for entity in alert.informedEntities {
        if let index = route(entity.routeID) { routes.insert(index) }
        if let index = stop(entity.stopID) { stops.insert(index) }
        if let index = trip(entity.tripID) { alertTrips.insert(index) }
      }
      return Alert(alert: alert, routes: routes, stops: stops, trips: alertTrips)
    }
    self.tripIDs = tripIDs
    self.stopIDs = stopIDs
    self.routeIDs = routeIDs
    stopUpdatesOffTrip = offTrip
  }

  /// What the static feed does not know, one warning a kind.
  public var warnings: [RealtimeMatchWarning] {
    func examples(_ ids: Set<String>) -> [String] { Array(ids.sorted().prefix(RealtimeMatchWarning.exampleLimit)) }
    var warnings: [RealtimeMatchWarning] = []
    if !tripIDs.unknown.isEmpty {
      warnings.append(.unknownTripIDs(count: tripIDs.unknown.count, examples: examples(tripIDs.unknown)))
    }
    if !stopIDs.unknown.isEmpty {
      warnings.append(.unknownStopIDs(count: stopIDs.unknown.count, examples: examples(stopIDs.unknown)))
    }
    if !routeIDs.unknown.isEmpty {
      warnings.append(.unknownRouteIDs(count: routeIDs.unknown.count, examples: examples(routeIDs.unknown)))
    }
    if stopUpdatesOffTrip > 0 { warnings.append(.stopUpdatesOffTrip(count: stopUpdatesOffTrip)) }
    return warnings
  }
}
