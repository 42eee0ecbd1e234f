/// A GTFS Schedule feed as read by ``Feed/load(from:)``: its tables, with every id interned to
/// the position of its row, so references between tables are array indices.
public struct Feed: Sendable {
  public internal(set) var agencies: [Agency] = []
  public internal(set) var stops: [Stop] = []
  public internal(set) var routes: [Route] = []
  public internal(set) var trips: [Trip] = []
  /// Every stop time, grouped by trip (in `trips` order) and ordered by `stop_sequence` within a
  /// trip; ``Trip/stopTimes`` is each trip's range.
  public internal(set) var stopTimes: [StopTime] = []
  /// The service ids of `calendar.txt` and `calendar_dates.txt`, merged.
  public internal(set) var services: [Service] = []
  public internal(set) var frequencies: [Frequency] = []
  public internal(set) var transfers: [Transfer] = []
  public internal(set) var pathways: [Pathway] = []
  /// `beacons.txt`, this project's extension: the beacon each listed station broadcasts.
  public internal(set) var beacons: [StopBeacon] = []
  /// `beacons.txt`'s rows for trains: the beacon of each listed route and direction.
  public internal(set) var trainBeacons: [TrainBeacon] = []
  /// The stations: the stops with `location_type` 1, and the stops (`location_type` 0) that
  /// stand alone, under no station; in `stops.txt` order.
  public internal(set) var stations: [Int] = []
  /// For each stop, the stops whose `parent_station` it is.
  public internal(set) var children: [[Int]] = []
  /// The defects the load read past, by file and line (``Feed/load(from:)``): the first 1,000 of
  /// each kind in each file (``warningCounts`` counts them all).
  public var warnings: [FeedWarning] { warningLog.kept }
  /// How many defects of each kind the load read past, kept in ``warnings`` or not.
  public var warningCounts: [FeedWarning.Kind: Int] { warningLog.counts }
  var warningLog = FeedWarningLog()

  var agencyIndex: [String: Int] = [:]
  var stopIndex: [String: Int] = [:]
  var routeIndex: [String: Int] = [:]
  var tripIndex: [String: Int] = [:]
  var serviceIndex: [String: Int] = [:]

  /// The agency's time zone (IANA name, such as `Asia/Jakarta`), in which every time is given.
  public var timeZone: String { agencies.first?.timeZone ?? "" }

  /// The agencies' time zone from the machine's time zone database: a name it does not have is a
  /// defect of `agency.txt`, with its line and column.
  public func agencyTimeZone() throws(AgencyTimeZoneProblem) -> AgencyTimeZone {
    if let zone = AgencyTimeZone(identifier: timeZone) { return zone }
    guard AgencyTimeZone.databaseIsInstalled else { throw .noDatabase(directory: AgencyTimeZone.databaseDirectory) }
    throw .feed(
      .malformedValue(
        file: "agency.txt", line: agencies.first?.line ?? 2, column: "agency_timezone", value: timeZone,
        expected: "a time zone of the database in \(AgencyTimeZone.databaseDirectory), such as Asia/Jakarta"))
  }

  public func stop(id: String) -> Int? { stopIndex[id] }
  public func route(id: String) -> Int? { routeIndex[id] }
  public func trip(id: String) -> Int? { tripIndex[id] }
  public func service(id: String) -> Int? { serviceIndex[id] }

  /// A station's platforms (its child stops with `location_type` 0); a stop that is no station
  /// is its own platform, with the namesakes joined to it (``joinNamesakes(isNear:)``).
  public func platforms(ofStation station: Int) -> [Int] {
    let platforms = children[station].filter { stops[$0].locationType == .stopOrPlatform }
    return stops[station].locationType == .station ? platforms : [station] + platforms
  }

  /// The station a stop belongs to: itself when it is a station or a stop that stands alone
  /// (`location_type` 0 without `parent_station`), else its nearest ancestor that is a station;
  /// `nil` for an entrance, node or boarding area under none.
  public func station(of stop: Int) -> Int? {
    var current = stop
    for _ in 0..<4 {
      switch stops[current].locationType {
      case .station: return current
      case .stopOrPlatform where stops[current].parentStation == nil: return current
      default:
        guard let parent = stops[current].parentStation else { return nil }
        current = parent
      }
    }
    return nil
  }

  /// The stop times of a trip, in `stop_sequence` order.
  public func stopTimes(ofTrip trip: Int) -> ArraySlice<StopTime> { stopTimes[trips[trip].stopTimes] }
}

public struct Agency: Hashable, Sendable {
  public var id: String
  public var name: String
  public var timeZone: String
  /// The line of `agency.txt` that defines it.
  public var line: Int
}

/// `stops.txt`'s `location_type`.
public enum LocationType: Int, Hashable, Sendable {
  case stopOrPlatform = 0
  case station, entranceOrExit, genericNode, boardingArea
}

public struct Stop: Hashable, Sendable {
  public var id: String
  public var name: String
  public var latitude: Double?
  public var longitude: Double?
  public var locationType: LocationType
  /// The index of the `parent_station`; for a stop joined to a namesake standing alone
  /// (``Feed/joinNamesakes(isNear:)``), that stop.
  public var parentStation: Int?
  public var platformCode: String
}

public struct Route: Hashable, Sendable {
  public var id: String
  public var agency: Int?
  public var shortName: String
  public var longName: String
  /// `route_type`: 0 tram, 1 metro, 2 rail, 3 bus, …
  public var type: Int
}

public struct Trip: Hashable, Sendable {
  public var id: String
  public var route: Int
  public var service: Int
  public var headsign: String
  public var directionID: Int?
  /// This trip's range in ``Feed/stopTimes``.
  public var stopTimes: Range<Int>
}

/// A row of `stop_times.txt`; `trip` and `stop` index ``Feed/trips`` and ``Feed/stops``.
public struct StopTime: Hashable, Sendable {
  public var trip: Int32
  public var stop: Int32
  public var sequence: Int32
  /// Nil where the feed leaves the time to be interpolated.
  public var arrival: ServiceTime?
  public var departure: ServiceTime?
}

/// When a `service_id` runs: `calendar.txt`'s weekly pattern and `calendar_dates.txt`'s exceptions.
public struct Service: Hashable, Sendable {
  public var id: String
  /// The days of the week it runs on between `start` and `end` (empty without a calendar row).
  public var weekdays: Set<Weekday> = []
  public var start: ServiceDate?
  public var end: ServiceDate?
  /// `exception_type` 1.
  public var addedDates: Set<ServiceDate> = []
  /// `exception_type` 2.
  public var removedDates: Set<ServiceDate> = []

  /// Whether the service runs on the service day `date`.
  public func runs(on date: ServiceDate) -> Bool {
    if addedDates.contains(date) { return true }
    if removedDates.contains(date) { return false }
    guard let start, let end, start <= date, date <= end else { return false }
    return weekdays.contains(date.weekday)
  }
}

/// A row of `frequencies.txt`: the trip's pattern repeated every `headway` seconds.
public struct Frequency: Hashable, Sendable {
  public var trip: Int
  public var start: ServiceTime
  public var end: ServiceTime
  public var headwaySeconds: Int
  public var exactTimes: Bool
}

/// A row of `transfers.txt`.
public struct Transfer: Hashable, Sendable {
  public var fromStop: Int?
  public var toStop: Int?
  /// 0 recommended, 1 timed, 2 needs `minTransferTime`, 3 impossible, 4–5 in-seat.
  public var type: Int
  public var minTransferTime: Int?
}

/// A row of `beacons.txt` (`stop_id,uuid,major,minor`), this project's extension to GTFS: the
/// iBeacon identity a stop's beacons broadcast, in place of the default scheme's.
public struct StopBeacon: Hashable, Sendable {
  public var stop: Int
  /// The proximity UUID as 8-4-4-4-12 hex digits, upper case.
  public var uuid: String
  public var major: UInt16
  public var minor: UInt16
}

/// A row of `beacons.txt` with `route_id` and `direction_id` instead of `stop_id`: the iBeacon
/// UUID and major the trains of a route running one way broadcast, their minor being the train set.
public struct TrainBeacon: Hashable, Sendable {
  public var route: Int
  public var directionID: Int
  /// The proximity UUID as 8-4-4-4-12 hex digits, upper case.
  public var uuid: String
  public var major: UInt16
}

/// A row of `pathways.txt`: a walk inside a station.
public struct Pathway: Hashable, Sendable {
  public var id: String
  public var fromStop: Int
  public var toStop: Int
  public var mode: Int
  public var isBidirectional: Bool
  public var traversalTime: Int?
}
