import HCICodec

/// The scanning pipeline: HCI packets in, beacon sightings out.
///
/// It reads LE Advertising Report and LE Extended Advertising Report events, finds the beacon
/// frame in each report's AD payload, names the station from the catalog and applies the
/// filter. The same pipeline serves captures and live controllers. Other packets are ignored;
/// malformed events are reported as ``ScanProblem``s while their good reports are still used.
public struct BeaconScanner: Sendable {
  public var catalog: StationCatalog
  public var filter: BeaconFilter
  public private(set) var statistics = ScanStatistics()
  private var reassembler = ExtendedDataReassembler()

  public init(catalog: StationCatalog = JakartaMRT.catalog, filter: BeaconFilter = BeaconFilter()) {
    self.catalog = catalog
    self.filter = filter
  }

  /// Processes one packet, calling `sighting` for each matching beacon report and `problem`
  /// for each decoding problem.
  public mutating func process(
    _ timed: TimedHCIPacket,
    sighting: (BeaconSighting) -> Void,
    problem: (ScanProblem) -> Void = { _ in }
  ) {
    statistics.packets += 1
    let packet = timed.packet
    guard packet.type == .event, packet.direction == .controllerToHost else { return }
    guard Self.isLEMetaAdvertisingReport(packet.bytes) else { return }
    let event: HCIEvent
    do {
      event = try HCIEvent(decoding: packet.bytes)
    } catch {
      statistics.malformedEvents += 1
      problem(ScanProblem(origin: timed.origin, error: error))
      return
    }
    guard case .leMeta(let meta) = event else { return }
    switch meta {
    case .advertisingReport(let event):
      consider(event.reports, problem: event.problem, lost: event.missingReportCount, timed, sighting, problem)
    case .extendedAdvertisingReport(let event):
      // Fragments of chained data are held until their advertisement is whole.
      let whole = event.reports.compactMap { reassembler.add($0) }
      statistics.heldFragments += event.reports.count - whole.count
      consider(whole, problem: event.problem, lost: event.missingReportCount, timed, sighting, problem)
    case .other:
      break
    }
  }

  /// Runs a whole source through the pipeline.
  public mutating func run<Source: HCIPacketSource>(
    _ source: inout Source,
    sighting: (BeaconSighting) -> Void,
    problem: (ScanProblem) -> Void = { _ in }
  ) throws {
    while let packet = try source.nextPacket() {
      process(packet, sighting: sighting, problem: problem)
    }
  }

  private mutating func consider(
    _ reports: [some AdvertisingReportFields], problem error: HCIDecodingError?, lost: Int, _ timed: TimedHCIPacket,
    _ sighting: (BeaconSighting) -> Void, _ problem: (ScanProblem) -> Void
  ) {
    statistics.advertisingEvents += 1
    for report in reports {
      statistics.advertisingReports += 1
      guard let frame = BeaconFrame(advertisingData: AdvertisingData(report.data)) else { continue }
      statistics.beaconReports += 1
      let station = catalog.station(for: frame.identity)
      guard filter.matches(frame, station: station) else { continue }
      statistics.emittedSightings += 1
      sighting(
        BeaconSighting(
          time: timed.time, address: report.address, addressType: report.addressType, rssi: report.rssi,
          frame: frame, station: station, origin: timed.origin))
    }
    if let error {
      statistics.malformedEvents += 1
      problem(ScanProblem(origin: timed.origin, error: error, lostReportCount: lost))
    }
  }

  /// A cheap look at the header so that other events are skipped without decoding.
  private static func isLEMetaAdvertisingReport(_ bytes: ArraySlice<UInt8>) -> Bool {
    guard bytes.count >= 3, bytes[bytes.startIndex] == HCIEventCode.leMeta.rawValue else { return false }
    let subevent = bytes[bytes.startIndex + 2]
    return subevent == LEMetaSubeventCode.advertisingReport.rawValue
      || subevent == LEMetaSubeventCode.extendedAdvertisingReport.rawValue
  }
}
