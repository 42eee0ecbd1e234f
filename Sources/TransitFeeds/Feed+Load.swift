extension Feed {
  /// Reads the GTFS Schedule feed at `path`: a directory of `.txt` files or a `.zip` of them.
  ///
  /// Reads `agency`, `stops`, `routes`, `trips`, `stop_times`, `calendar` and `calendar_dates`
  /// (at least one of the two), and `frequencies`, `transfers` and `pathways` when present, and
  /// this project's `beacons.txt` (inside the feed, or beside the `.zip` in its folder). Columns
  /// are found by their header name; unknown files and columns are ignored.
  ///
  /// The reading is lenient and the reporting strict: a row with a defect (a missing required
  /// value, an id defined twice, a reference to an id that is not defined, a malformed time,
  /// number or date) is left out, a trip whose stop times cannot be put in order too, and a
  /// `parent_station` that is not defined leaves its stop standing alone; each is a
  /// ``FeedWarning`` in ``Feed/warnings`` naming its file, line and column. Only a feed with
  /// nothing usable is refused with a ``FeedError``: one that is no directory or zip, lacks a
  /// required file or one of its required columns, or has no stop, route or trip left
  /// (``FeedError/nothingUsable(file:)``). This project's `beacons.txt` is read strictly.
  public static func load(from path: String) throws(FeedError) -> Feed {
    try load(files: try FeedFiles(path: path))
  }

  /// Reads a GTFS Schedule feed from the bytes of its `.zip` archive, as ``load(from:)`` reads
  /// one from a file (but for a `beacons.txt` beside it: there is no folder). `name` stands for
  /// the archive in errors.
  public static func load(name: String, zipArchive bytes: [UInt8]) throws(FeedError) -> Feed {
    try load(files: try FeedFiles(name: name, zipArchive: bytes))
  }

  /// The stops of the feed in the `.zip` archive `bytes`, and nothing the stops do not need:
  /// `agency.txt` and `stops.txt` read as ``load(name:zipArchive:)`` reads them, and the
  /// stations found; no route, trip, stop time or calendar. For a catalog that takes its
  /// stations and coordinates from a feed and has no use for its timetable (the built-in
  /// network when a command only scans): the stop times are most of a feed's bytes.
  package static func loadStops(name: String, zipArchive bytes: [UInt8]) throws(FeedError) -> Feed {
    var feed = try loadStops(files: try FeedFiles(name: name, zipArchive: bytes))
    feed.warningLog.sortByFileAndLine()
    return feed
  }

  private static func required(_ name: String, in files: FeedFiles) throws(FeedError) -> CSVTable {
    guard let bytes = try files.contents(of: name) else { throw .missingFile(name) }
    return CSVTable(file: name, bytes: bytes)
  }

  private static func optional(_ name: String, in files: FeedFiles) throws(FeedError) -> CSVTable? {
    guard let bytes = try files.contents(of: name) else { return nil }
    return CSVTable(file: name, bytes: bytes)
  }

  /// `agency.txt` and `stops.txt`, and the stations among the stops.
  private static func loadStops(files: FeedFiles) throws(FeedError) -> Feed {
    var feed = Feed()
    var agencies = try required("agency.txt", in: files)
    try feed.readAgencies(&agencies)
    feed.warningLog.append(contentsOf: agencies.warnings)
    var stops = try required("stops.txt", in: files)
    try feed.readStops(&stops)
    feed.warningLog.append(contentsOf: stops.warnings)
    guard !feed.stops.isEmpty else { throw .nothingUsable(file: "stops.txt") }
    feed.findStations()
    return feed
  }

  private static func load(files: FeedFiles) throws(FeedError) -> Feed {
    func required(_ name: String) throws(FeedError) -> CSVTable { try Self.required(name, in: files) }
    func optional(_ name: String) throws(FeedError) -> CSVTable? { try Self.optional(name, in: files) }
    var feed = try loadStops(files: files)
    /// An optional file without a column it needs is left out.
    func readOptional(_ name: String, _ read: (inout Feed, inout CSVTable) throws(FeedError) -> Void)
      throws(FeedError)
    {
      guard var table = try optional(name) else { return }
      do throws(FeedError) {
        try read(&feed, &table)
      } catch {
        feed.warningLog.append(FeedWarning(kind: .missingRequiredColumn, defect: error, outcome: .fileSkipped))
      }
      feed.warningLog.append(contentsOf: table.warnings)
    }
    var routes = try required("routes.txt")
    try feed.readRoutes(&routes)
    feed.warningLog.append(contentsOf: routes.warnings)
    guard !feed.routes.isEmpty else { throw .nothingUsable(file: "routes.txt") }
    var calendar = try optional("calendar.txt")
    var calendarDates = try optional("calendar_dates.txt")
    guard calendar != nil || calendarDates != nil else { throw .missingFile("calendar.txt") }
    if var table = calendar.take() {
      try feed.readCalendar(&table)
      feed.warningLog.append(contentsOf: table.warnings)
    }
    if var table = calendarDates.take() {
      try feed.readCalendarDates(&table)
      feed.warningLog.append(contentsOf: table.warnings)
    }
    var trips = try required("trips.txt")
    try feed.readTrips(&trips)
    feed.warningLog.append(contentsOf: trips.warnings)
    guard !feed.trips.isEmpty else { throw .nothingUsable(file: "trips.txt") }
    var stopTimes = try required("stop_times.txt")
    try feed.readStopTimes(&stopTimes)
    feed.warningLog.append(contentsOf: stopTimes.warnings)
    guard !feed.stopTimes.isEmpty else { throw .nothingUsable(file: "stop_times.txt") }
    try readOptional("frequencies.txt") { (feed, table) throws(FeedError) in try feed.readFrequencies(&table) }
    try readOptional("transfers.txt") { (feed, table) throws(FeedError) in try feed.readTransfers(&table) }
    try readOptional("pathways.txt") { (feed, table) throws(FeedError) in try feed.readPathways(&table) }
    if var table = try optional("beacons.txt") {
      try feed.readBeacons(&table)
      feed.warningLog.append(contentsOf: table.warnings)
    } else if let (path, bytes) = try files.contentsBeside("beacons.txt") {
      var table = CSVTable(file: path, bytes: bytes)
      try feed.readBeacons(&table)
      feed.warningLog.append(contentsOf: table.warnings)
    }
    feed.warningLog.sortByFileAndLine()
    return feed
  }

  private mutating func readAgencies(_ table: inout CSVTable) throws(FeedError) {
    let id = table.columns["agency_id"]
    let name = try table.requiredColumn("agency_name")
    let timeZone = try table.requiredColumn("agency_timezone")
    table.forEachRecord { (record) throws(FeedError) in
      let agencyID = record.string(id)
      guard agencyIndex[agencyID] == nil else {
        throw .duplicateID(file: record.file, line: record.line, column: "agency_id", value: agencyID)
      }
      let zone = try record.requiredString(timeZone, "agency_timezone")
      let agencyName = try record.requiredString(name, "agency_name")
      if let first = agencies.first, first.timeZone != zone {
        // Times are read in the first agency's zone.
        warningLog.append(
          FeedWarning(
            kind: .inconsistentAgencyTimezone,
            defect: .malformedValue(
              file: record.file, line: record.line, column: "agency_timezone", value: zone,
              expected: "\(first.timeZone), the first agency's: a feed's agencies share one time zone"),
            outcome: .valueIgnored))
      }
      agencyIndex[agencyID] = agencies.count
      agencies.append(Agency(id: agencyID, name: agencyName, timeZone: zone, line: record.line))
    }
    // A file of a header alone; rows with defects are warnings, and the feed's times then have no
    // time zone (``Feed/agencyTimeZone()`` says so).
    guard !agencies.isEmpty || !table.warnings.kept.isEmpty else {
      throw .missingValue(file: table.file, line: 2, column: "agency_name")
    }
  }

  private mutating func readStops(_ table: inout CSVTable) throws(FeedError) {
    let id = try table.requiredColumn("stop_id")
    let name = table.columns["stop_name"]
    let latitude = table.columns["stop_lat"]
    let longitude = table.columns["stop_lon"]
    let locationType = table.columns["location_type"]
    let parent = table.columns["parent_station"]
    let platformCode = table.columns["platform_code"]
    var parents: [(stop: Int, parent: String, line: Int)] = []
    table.forEachRecord { (record) throws(FeedError) in
      let stopID = try record.newID(id, "stop_id", notIn: stopIndex)
      let type = try record.enumeration(locationType, "location_type", allowed: 0...4, empty: 0) ?? 0
      let stop = Stop(
        id: stopID, name: record.string(name),
        latitude: try record.decimal(latitude, "stop_lat", within: -90...90),
        longitude: try record.decimal(longitude, "stop_lon", within: -180...180),
        locationType: LocationType(rawValue: type) ?? .stopOrPlatform, parentStation: nil,
        platformCode: record.string(platformCode))
      stopIndex[stopID] = stops.count
      if let parentID = record.optionalString(parent) { parents.append((stops.count, parentID, record.line)) }
      stops.append(stop)
    }
    children = Array(repeating: [], count: stops.count)
    for (stop, parentID, line) in parents {
      guard let parentStop = stopIndex[parentID] else {
        warningLog.append(
          FeedWarning(
            kind: .foreignKeyViolation,
            defect: .unknownReference(
              file: table.file, line: line, column: "parent_station", value: parentID, definedIn: "stops.txt"),
            outcome: .stopStandsAlone))
        continue
      }
      stops[stop].parentStation = parentStop
      children[parentStop].append(stop)
    }
  }

  private mutating func readRoutes(_ table: inout CSVTable) throws(FeedError) {
    let id = try table.requiredColumn("route_id")
    let type = try table.requiredColumn("route_type")
    let agency = table.columns["agency_id"]
    let shortName = table.columns["route_short_name"]
    let longName = table.columns["route_long_name"]
    table.forEachRecord { (record) throws(FeedError) in
      let routeID = try record.newID(id, "route_id", notIn: routeIndex)
      let routeType = try record.requiredInteger(type, "route_type")
      var routeAgency: Int?
      do throws(FeedError) {
        routeAgency = try record.reference(agency, "agency_id", in: agencyIndex, definedIn: "agency.txt")
      } catch {
        warningLog.append(FeedWarning(kind: .foreignKeyViolation, defect: error, outcome: .valueIgnored))
      }
      routeIndex[routeID] = routes.count
      routes.append(
        Route(
          id: routeID, agency: routeAgency ?? (agencies.count == 1 ? 0 : nil), shortName: record.string(shortName),
          longName: record.string(longName), type: routeType))
    }
  }

  private mutating func service(named id: String) -> Int {
    if let index = serviceIndex[id] { return index }
    serviceIndex[id] = services.count
    services.append(Service(id: id))
    return services.count - 1
  }

  private mutating func readCalendar(_ table: inout CSVTable) throws(FeedError) {
    let id = try table.requiredColumn("service_id")
    var days: [(Weekday, Int)] = []
    for day in Weekday.allCases { days.append((day, try table.requiredColumn(day.calendarColumn))) }
    let start = try table.requiredColumn("start_date")
    let end = try table.requiredColumn("end_date")
    table.forEachRecord { (record) throws(FeedError) in
      let serviceID = try record.newID(id, "service_id", notIn: serviceIndex)
      var weekdays: Set<Weekday> = []
      for (day, column) in days {
        guard let runs = try record.enumeration(column, day.calendarColumn, allowed: 0...1, empty: nil) else {
          throw .missingValue(file: record.file, line: record.line, column: day.calendarColumn)
        }
        if runs == 1 { weekdays.insert(day) }
      }
      let startDate = try record.requiredDate(start, "start_date")
      let endDate = try record.requiredDate(end, "end_date")
      let index = service(named: serviceID)
      services[index].weekdays = weekdays
      services[index].start = startDate
      services[index].end = endDate
    }
  }

  private mutating func readCalendarDates(_ table: inout CSVTable) throws(FeedError) {
    let id = try table.requiredColumn("service_id")
    let date = try table.requiredColumn("date")
    let exception = try table.requiredColumn("exception_type")
    table.forEachRecord { (record) throws(FeedError) in
      let serviceID = try record.requiredString(id, "service_id")
      let day = try record.requiredDate(date, "date")
      let type = try record.enumeration(exception, "exception_type", allowed: 1...2, empty: nil)
      guard let type else { throw .missingValue(file: record.file, line: record.line, column: "exception_type") }
      let index = service(named: serviceID)
      if type == 1 { services[index].addedDates.insert(day) } else { services[index].removedDates.insert(day) }
    }
  }

  private mutating func readTrips(_ table: inout CSVTable) throws(FeedError) {
    let id = try table.requiredColumn("trip_id")
    let route = try table.requiredColumn("route_id")
    let service = try table.requiredColumn("service_id")
    let headsign = table.columns["trip_headsign"]
    let direction = table.columns["direction_id"]
    table.forEachRecord { (record) throws(FeedError) in
      let tripID = try record.newID(id, "trip_id", notIn: tripIndex)
      let routeIndex = try record.requiredReference(route, "route_id", in: routeIndex, definedIn: "routes.txt")
      let serviceIndex = try record.requiredReference(
        service, "service_id", in: serviceIndex, definedIn: "calendar.txt or calendar_dates.txt")
      let directionID = try record.enumeration(direction, "direction_id", allowed: 0...1, empty: nil)
      tripIndex[tripID] = trips.count
      trips.append(
        Trip(
          id: tripID, route: routeIndex, service: serviceIndex, headsign: record.string(headsign),
          directionID: directionID, stopTimes: 0..<0))
    }
  }

  private mutating func readStopTimes(_ table: inout CSVTable) throws(FeedError) {
    let trip = try table.requiredColumn("trip_id")
    let sequence = try table.requiredColumn("stop_sequence")
    let stop = try table.requiredColumn("stop_id")
    let arrival = table.columns["arrival_time"]
    let departure = table.columns["departure_time"]
    // Files list a trip's rows together: the previous row's trip is looked up once.
    var previousTripBytes: [UInt8] = []
    var previousTrip: Int32 = -1
    var rows: [StopTime] = []
    // Each row's line in the file, to name it once the rows are grouped by trip.
    var lines: [Int32] = []
    table.forEachRecord { (record) throws(FeedError) in
      let tripField = record.field(trip)
      if previousTrip < 0 || !tripField.elementsEqual(previousTripBytes) {
        previousTrip = Int32(try record.requiredReference(trip, "trip_id", in: tripIndex, definedIn: "trips.txt"))
        previousTripBytes = Array(tripField)
      }
      let stopIndex = try record.requiredReference(stop, "stop_id", in: stopIndex, definedIn: "stops.txt")
      let row = StopTime(
        trip: previousTrip, stop: Int32(stopIndex),
        sequence: Int32(try record.requiredInteger(sequence, "stop_sequence")),
        arrival: try record.time(arrival, "arrival_time"), departure: try record.time(departure, "departure_time"))
      rows.append(row)
      lines.append(Int32(clamping: record.line))
    }
    func inOrder(_ a: StopTime, _ b: StopTime) -> Bool { (a.trip, a.sequence) < (b.trip, b.sequence) }
    if !zip(rows, rows.dropFirst()).allSatisfy({ !inOrder($1, $0) }) {
      // Stable: of two rows with the same stop_sequence, the later line stays second.
      let order = rows.indices.sorted { inOrder(rows[$0], rows[$1]) || (!inOrder(rows[$1], rows[$0]) && $0 < $1) }
      rows = order.map { rows[$0] }
      lines = order.map { lines[$0] }
    }
    // A trip whose times cannot be read in order is left out: its rows are moved over.
    var kept = 0
    var start = 0
    while start < rows.count {
      let trip = Int(rows[start].trip)
      var end = start + 1
      while end < rows.count && rows[end].trip == rows[start].trip { end += 1 }
      do throws(FeedError) {
        try Self.checkTimes(of: rows[start..<end], lines: lines[start..<end], file: table.file)
        if kept != start {
          for offset in 0..<(end - start) { rows[kept + offset] = rows[start + offset] }
        }
        trips[trip].stopTimes = kept..<(kept + end - start)
        kept += end - start
      } catch {
        let kind: FeedWarning.Kind =
          switch error {
          case .missingValue: .missingTripEdge
          case .duplicateID: .duplicateKey
          default: .stopTimeWithArrivalBeforePreviousDepartureTime
          }
        var outcome = FeedWarning.Outcome.tripSkipped(trips[trip].id)
        if case .malformedValue = error,
          let (repaired, repair) = Self.timesPutInOrder(rows[start..<end], lines: lines[start..<end], file: table.file)
        {
          rows.replaceSubrange(kept..<(kept + end - start), with: repaired)
          trips[trip].stopTimes = kept..<(kept + end - start)
          kept += end - start
          outcome = repair == .pastMidnight ? .timesPastMidnight(trips[trip].id) : .tripReordered(trips[trip].id)
        }
        warningLog.append(FeedWarning(kind: kind, defect: error, outcome: outcome))
      }
      start = end
    }
    rows.removeLast(rows.count - kept)
    stopTimes = rows
  }

  private enum TimeRepair { case pastMidnight, byFileOrder }

  /// A trip's rows whose times go back, put in order where the order is clear: times that
  /// fall back by more than 12 hours are past midnight (`00:05:00` after `23:50:00` is
  /// `24:05:00`); else, when the times agree with the order the file lists the rows in, the rows
  /// in that order (the stop_sequence values given out again in it). `nil` when neither is clear:
  /// the trip is left out.
  private static func timesPutInOrder(_ rows: ArraySlice<StopTime>, lines: ArraySlice<Int32>, file: String)
    -> ([StopTime], TimeRepair)?
  {
    func isInOrder(_ rows: [StopTime]) -> Bool {
      do throws(FeedError) {
        try checkTimes(of: rows[...], lines: ArraySlice(repeating: 0, count: rows.count), file: file)
        return true
      } catch {
        return false
      }
    }
    let day: Int32 = 24 * 3600
    var pastMidnight = Array(rows)
    var offset: Int32 = 0
    var latest: Int32 = 0
    for index in pastMidnight.indices {
      for time in [\StopTime.arrival, \StopTime.departure] {
        guard let seconds = pastMidnight[index][keyPath: time]?.seconds else { continue }
        if seconds + offset < latest - day / 2 { offset += day }
        latest = max(latest, seconds + offset)
        pastMidnight[index][keyPath: time] = ServiceTime(seconds: seconds + offset)
      }
    }
    if offset > 0 && isInOrder(pastMidnight) { return (pastMidnight, .pastMidnight) }
    // The rows as the file lists them: when their times agree with that order, stop_sequence
    // is what is wrong.
    let sequences = rows.map(\.sequence)
    var byLine = zip(rows, lines).sorted { $0.1 < $1.1 }.map(\.0)
    guard isInOrder(byLine) else { return nil }
    for index in byLine.indices { byLine[index].sequence = sequences[index] }
    return (byLine, .byFileOrder)
  }

  /// A trip's rows as the reference requires them: both times at its first and last stop, each
  /// stop_sequence once, and no time before the one at the stop before.
  private static func checkTimes(of rows: ArraySlice<StopTime>, lines: ArraySlice<Int32>, file: String)
    throws(FeedError)
  {
    guard let first = rows.indices.first, let last = rows.indices.last else { return }
    for index in [first, last] {
      if rows[index].arrival == nil { throw .missingValue(file: file, line: Int(lines[index]), column: "arrival_time") }
      if rows[index].departure == nil {
        throw .missingValue(file: file, line: Int(lines[index]), column: "departure_time")
      }
    }
    var previous: ServiceTime?
    func check(_ time: ServiceTime?, _ column: String, _ index: Int) throws(FeedError) {
      guard let time else { return }
      if let previous, time < previous {
        throw .malformedValue(
          file: file, line: Int(lines[index]), column: column, value: time.description,
          expected: "at or after \(previous), the trip's time before it")
      }
      previous = time
    }
    for index in rows.indices {
      if index > first && rows[index].sequence == rows[index - 1].sequence {
        throw .duplicateID(
          file: file, line: Int(lines[index]), column: "stop_sequence", value: String(rows[index].sequence))
      }
      try check(rows[index].arrival, "arrival_time", index)
      try check(rows[index].departure, "departure_time", index)
    }
  }

  private mutating func readFrequencies(_ table: inout CSVTable) throws(FeedError) {
    let trip = try table.requiredColumn("trip_id")
    let start = try table.requiredColumn("start_time")
    let end = try table.requiredColumn("end_time")
    let headway = try table.requiredColumn("headway_secs")
    let exactTimes = table.columns["exact_times"]
    table.forEachRecord { (record) throws(FeedError) in
      frequencies.append(
        Frequency(
          trip: try record.requiredReference(trip, "trip_id", in: tripIndex, definedIn: "trips.txt"),
          start: try record.requiredTime(start, "start_time"),
          end: try record.requiredTime(end, "end_time"),
          headwaySeconds: try headwaySeconds(record, headway),
          exactTimes: try record.enumeration(exactTimes, "exact_times", allowed: 0...1, empty: 0) == 1))
    }
  }

  private func headwaySeconds(_ record: CSVRecord, _ column: Int) throws(FeedError) -> Int {
    guard let seconds = try record.integer(column, "headway_secs", atLeast: 1) else {
      throw .missingValue(file: record.file, line: record.line, column: "headway_secs")
    }
    return seconds
  }

  private mutating func readTransfers(_ table: inout CSVTable) throws(FeedError) {
    let from = table.columns["from_stop_id"]
    let to = table.columns["to_stop_id"]
    let type = try table.requiredColumn("transfer_type")
    let minimum = table.columns["min_transfer_time"]
    table.forEachRecord { (record) throws(FeedError) in
      transfers.append(
        Transfer(
          fromStop: try record.reference(from, "from_stop_id", in: stopIndex, definedIn: "stops.txt"),
          toStop: try record.reference(to, "to_stop_id", in: stopIndex, definedIn: "stops.txt"),
          type: try record.enumeration(type, "transfer_type", allowed: 0...5, empty: 0) ?? 0,
          minTransferTime: try record.integer(minimum, "min_transfer_time", atLeast: 0)))
    }
  }

  /// `beacons.txt`, this project's extension: `stop_id,uuid,major,minor`, each stop once; or, for
  /// the trains of a route running one way, `route_id,direction_id,uuid,major` with `minor` empty
  /// (a train's minor is its train set), each route and direction once.
  private mutating func readBeacons(_ table: inout CSVTable) throws(FeedError) {
    let stop = table.columns["stop_id"]
    let route = table.columns["route_id"]
    let direction = table.columns["direction_id"]
    guard stop != nil || route != nil else { throw .missingColumn(file: table.file, column: "stop_id") }
    let uuid = try table.requiredColumn("uuid")
    let major = try table.requiredColumn("major")
    let minor = table.columns["minor"]
    var seen: Set<Int> = []
    var seenTrains: Set<[Int]> = []
    try table.forEachRecordStrictly { (record) throws(FeedError) in
      let text = try record.requiredString(uuid, "uuid")
      guard Self.isUUID(text) else {
        throw .malformedValue(
          file: record.file, line: record.line, column: "uuid", value: text, expected: "a UUID (8-4-4-4-12 hex digits)")
      }
      func identifier(_ column: Int?, _ name: String) throws(FeedError) -> UInt16 {
        guard let value = try record.enumeration(column, name, allowed: 0...65535, empty: nil) else {
          throw .missingValue(file: record.file, line: record.line, column: name)
        }
        return UInt16(truncatingIfNeeded: value)
      }
      guard let stopIndex = try record.reference(stop, "stop_id", in: stopIndex, definedIn: "stops.txt") else {
        // A train row.
        guard let routeIndex = try record.reference(route, "route_id", in: routeIndex, definedIn: "routes.txt") else {
          throw .missingValue(file: record.file, line: record.line, column: stop != nil ? "stop_id" : "route_id")
        }
        guard let directionID = try record.enumeration(direction, "direction_id", allowed: 0...1, empty: nil) else {
          throw .missingValue(file: record.file, line: record.line, column: "direction_id")
        }
        if let given = record.optionalString(minor) {
          throw .malformedValue(
            file: record.file, line: record.line, column: "minor", value: given,
            expected: "empty on a train's row (its minor is the train set)")
        }
        guard seenTrains.insert([routeIndex, directionID]).inserted else {
          throw .duplicateID(file: record.file, line: record.line, column: "route_id", value: routes[routeIndex].id)
        }
        trainBeacons.append(
          TrainBeacon(
            route: routeIndex, directionID: directionID, uuid: text.uppercased(), major: try identifier(major, "major"))
        )
        return
      }
      guard seen.insert(stopIndex).inserted else {
        throw .duplicateID(file: record.file, line: record.line, column: "stop_id", value: stops[stopIndex].id)
      }
      beacons.append(
        StopBeacon(
          stop: stopIndex, uuid: text.uppercased(), major: try identifier(major, "major"),
          minor: try identifier(minor, "minor")))
    }
  }

  /// Whether `text` is 8-4-4-4-12 hex digits.
  private static func isUUID(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count == 36 else { return false }
    return bytes.enumerated().allSatisfy { index, byte in
      [8, 13, 18, 23].contains(index)
        ? byte == 0x2D : (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x66)
    }
  }

  private mutating func readPathways(_ table: inout CSVTable) throws(FeedError) {
    let id = try table.requiredColumn("pathway_id")
    let from = try table.requiredColumn("from_stop_id")
    let to = try table.requiredColumn("to_stop_id")
    let mode = try table.requiredColumn("pathway_mode")
    let bidirectional = try table.requiredColumn("is_bidirectional")
    let traversal = table.columns["traversal_time"]
    table.forEachRecord { (record) throws(FeedError) in
      let fromStop = try record.requiredReference(from, "from_stop_id", in: stopIndex, definedIn: "stops.txt")
      let toStop = try record.requiredReference(to, "to_stop_id", in: stopIndex, definedIn: "stops.txt")
      pathways.append(
        Pathway(
          id: try record.requiredString(id, "pathway_id"), fromStop: fromStop, toStop: toStop,
          mode: try pathwayMode(record, mode),
          isBidirectional: try record.enumeration(bidirectional, "is_bidirectional", allowed: 0...1, empty: nil) == 1,
          traversalTime: optionalTraversalTime(record, traversal)))
    }
  }

  /// An optional time a pathway's walk takes; a malformed one is ignored, the pathway kept.
  private mutating func optionalTraversalTime(_ record: CSVRecord, _ column: Int?) -> Int? {
    do throws(FeedError) {
      return try record.integer(column, "traversal_time", atLeast: 1)
    } catch {
      warningLog.append(FeedWarning(kind: FeedWarning.Kind(classifying: error), defect: error, outcome: .valueIgnored))
      return nil
    }
  }

  private func pathwayMode(_ record: CSVRecord, _ column: Int) throws(FeedError) -> Int {
    guard let mode = try record.enumeration(column, "pathway_mode", allowed: 1...7, empty: nil) else {
      throw .missingValue(file: record.file, line: record.line, column: "pathway_mode")
    }
    return mode
  }

  mutating func findStations() {
    stations = stops.indices.filter { station(of: $0) == $0 }
  }
}
