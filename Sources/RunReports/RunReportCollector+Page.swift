import BeaconScanning
import Beacons
import BluetoothTypes
import LineFormats
import MRTNavigation
import Positioning
import RideReports

extension RunReportCollector {
  /// How many of the other beacons get a strip: the busiest.
  package static let othersShown = 5

  /// The least time a strip spans (seconds), so a beacon heard for a moment still reads.
  static let stripMinimumSpan = 40.0

  /// A GPS fix this close before a Bluetooth event places its pin; otherwise the pin goes on the
  /// station.
  static let pinFixAge = Duration.seconds(30)

  /// The page: `run` says what was run; `statistics` are the scanner's counts, when there was a
  /// Bluetooth source.
  package func page(title: String, run: [(label: String, value: String)], statistics: ScanStatistics?) -> RideReportPage
  {
    let end = max(1, lastTime.map(seconds) ?? 1)
    // A little room after the last moment, so that an event there (the arrival) shows.
    let axisEnd = end * 1.02
    /// A strip zoomed to when `series` was heard and its `marks` happened, with room on each side.
    func chart(_ title: String, _ series: Series, marks: [TimelineChart.Mark], thresholds: TimelineChart.Thresholds?)
      -> TimelineChart
    {
      let times = [series.reports.timeSpan?.first, series.reports.timeSpan?.last].compactMap { $0 } + marks.map(\.time)
      let (first, last) = (times.min() ?? 0, times.max() ?? axisEnd)
      let pad = max(Self.stripMinimumSpan / 4, (last - first) * 0.08)
      var (start, stop) = (max(0, first - pad), min(axisEnd, last + pad))
      if stop - start < Self.stripMinimumSpan {
        (start, stop) = (max(0, start - Self.stripMinimumSpan / 2), min(axisEnd, stop + Self.stripMinimumSpan / 2))
      }
      return TimelineChart(
        title: title, reports: series.reports.points, smoothed: series.smoothed.points, marks: marks, start: start,
        end: max(stop, start + 1), thresholds: thresholds)
    }
    let thresholds = TimelineChart.Thresholds(enter: policy.enterThreshold, exit: policy.exitThreshold)
    // A strip for each station whose beacon was heard; a station found by GPS alone is on the
    // overview and in the events.
    let stationStrips = catalog.stations.compactMap { station -> TimelineChart? in
      guard let series = stations[station.beacon], series.reports.count > 0 else { return nil }
      let marks = events.filter { $0.station.name == station.name }.compactMap { event -> TimelineChart.Mark? in
        let time = seconds(event.time)
        guard origin != nil, (0...end).contains(time) else { return nil }
        return TimelineChart.Mark(time: time, label: Self.label(event), kind: event.kind.rawValue)
      }
      return chart(
        "\(station.displayName) (\(station.name)): \(station.beacon), \(series.reportCount) reports", series,
        marks: marks,
        thresholds: thresholds)
    }
    let busiest = others.values.sorted { $0.reportCount > $1.reportCount }.prefix(Self.othersShown)
    let otherStrips = busiest.filter { $0.reports.count > 0 }.map { series in
      let name = catalog.train(for: series.identity).map { "Train: \($0.line.displayName) towards \($0.headsign)" }
      return chart(
        "\(name ?? "\(series.identity.kind.displayName)"): \(series.identity), \(series.reportCount) reports", series,
        marks: [], thresholds: nil)
    }
    var notes: [String] = []
    if others.count > busiest.count {
      notes.append(
        "Other beacons: the \(busiest.count) busiest are drawn, of the \(others.count) kept at the end "
          + "(at most \(Self.othersTracked): any beacon in more than 1/\(Self.othersTracked) of their reports is kept)."
      )
    }
    if eventsDropped > 0 {
      notes.append("\(eventsDropped) event(s) after the first \(Self.eventCapacity) are not listed.")
    }
    if fixes.count < fixesRecorded {
      notes.append("GPS: \(fixes.count) of \(fixesRecorded) fixes kept (evenly thinned; every lost fix kept).")
    }
    return RideReportPage(
      title: title, run: run, totals: totals(statistics: statistics, end: end), overview: overview(end: axisEnd),
      timelines: stationStrips + otherStrips,
      events: events.map { event in
        RideReportPage.Event(
          time: event.time.iso8601, kind: event.kind.rawValue,
          subject: "\(event.station.displayName) (\(event.station.name))", source: event.source?.rawValue ?? "",
          detail: event.detail ?? "")
      }, map: map(), notes: notes)
  }

  private func totals(statistics: ScanStatistics?, end: Double) -> [(label: String, value: String)] {
    var totals: [(label: String, value: String)] = []
    if let origin, let lastTime {
      totals.append(("time", "\(origin.iso8601) – \(lastTime.iso8601) (\(Int(end.rounded())) s)"))
    }
    if let statistics {
      totals.append(("advertising reports", "\(statistics.advertisingReports)"))
      totals.append(("beacon reports", "\(sightings)"))
      if !statistics.deafScanRecoveries.isEmpty {
        totals.append(("deaf controller", statistics.deafScanRecoveries.description))
      }
    }
    let heard = stations.count
    totals.append(
      ("station beacons heard", "\(heard) of \(catalog.stations.count), \(stationSightings) reports"))
    totals.append(("events", "\(events.count + eventsDropped)"))
    if fixesRecorded > 0 {
      let lost = fixes.filter { $0.position == nil }.count
      totals.append(("GPS fixes", "\(fixesRecorded) (\(lost) without a position)"))
    }
    return totals
  }

  /// The map, for a run with GPS fixes: the catalog's lines and stations, the track, the pins.
  private func map() -> NetworkMap? {
    guard !fixes.isEmpty else { return nil }
    let lines = catalog.lines.map { line in
      NetworkMap.Line(
        name: line.displayName,
        places: line.stationNames.compactMap { catalog.station(named: $0)?.coordinate })
    }
    let stationMarks = catalog.stations.compactMap { station in
      station.coordinate.map {
        NetworkMap.Station(name: station.displayName, place: $0, isApproximate: station.coordinateIsApproximate)
      }
    }
    let track = fixes.map { fix in NetworkMap.Fix(place: fix.position, quality: Self.quality(of: fix)) }
    let pins = events.compactMap { event -> NetworkMap.Pin? in
      guard let place = event.place ?? fixPlace(before: event.time) ?? event.station.coordinate else { return nil }
      return NetworkMap.Pin(
        place: place, label: "\(event.kind.rawValue) \(event.station.displayName)", kind: event.kind.rawValue)
    }
    return NetworkMap(lines: lines, stations: stationMarks, track: track, pins: pins)
  }

  /// The position of the last fix at most ``pinFixAge`` before `time`.
  private func fixPlace(before time: Timestamp) -> GeoCoordinate? {
    let oldest = time.adding(.zero - Self.pinFixAge)
    return fixes.last { fix in fix.position != nil && fix.time <= time && fix.time >= oldest }?.position
  }

  /// A fix's colour class: `fix3d`, `fix2d`, or `doubtful` when the receiver puts its error
  /// above 50 m.
  static func quality(of fix: LocationFix) -> String {
    if let error = fix.horizontalError, error > 50 { return "doubtful" }
    return fix.mode == .threeDimensional ? "fix3d" : "fix2d"
  }

  /// A mark's label: the event and its source, e.g. `found (bluetooth)`.
  static func label(_ event: Event) -> String {
    event.kind.rawValue + (event.source.map { " (\($0.rawValue))" } ?? "")
  }
}
