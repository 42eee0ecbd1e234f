import Beacons
import BluetoothTypes
import HCICodec
import HCITransportCore

/// The scanning pipeline: HCI packets in, beacon sightings out.
///
/// It reads LE Advertising Report and LE Extended Advertising Report events, finds the beacon
/// frame in each report's AD payload and applies the filter. The same pipeline serves every
/// transport, capture replay included. It knows no stations: naming a beacon is the catalog's
/// job. Other packets are ignored; malformed events are reported as ``ScanProblem``s while their
/// good reports are still used.
public struct BeaconScanner: Sendable {
  public var filter: BeaconFilter
  public private(set) var statistics = ScanStatistics()

  /// The recovery stages done on a deaf controller, counted by whoever does them (the finder,
  /// the run's last stage) into ``statistics``.
  public var deafScanRecoveries: DeafScanRecoveries {
    get { statistics.deafScanRecoveries }
    set { statistics.deafScanRecoveries = newValue }
  }
  private var reassembler = ExtendedDataReassembler()

  public init(filter: BeaconFilter = BeaconFilter()) {
    self.filter = filter
  }

  /// Processes one packet, calling `sighting` for each matching beacon report and `problem`
  /// for each decoding problem.
  ///
  /// Reports are read in place from the packet's bytes (``AdvertisingReportEvent``): nothing is
  /// allocated for a report that carries no beacon, and a beacon's report costs only its sighting.
  public mutating func process(
    _ timed: TimedHCIPacket,
    sighting: (BeaconSighting) -> Void,
    problem: (ScanProblem) -> Void = { _ in }
  ) {
    statistics.packets += 1
    let packet = timed.packet
    guard packet.type == .event, packet.direction == .controllerToHost else { return }
    let outcome: AdvertisingReportOutcome?
    let bytes = packet.bytes.span
    do {
      if let (format, range) = try AdvertisingReportEvent.reports(inPacket: bytes) {
        let parameters = bytes.extracting(range)
        outcome = try AdvertisingReportDecoder.forEachReport(format, inParameters: parameters) { report, data in
          consider(report, data: parameters.extracting(data), timed, sighting)
        }
      } else {
        outcome = nil
      }
    } catch {
      statistics.malformedEvents += 1
      problem(ScanProblem(origin: timed.origin, error: error))
      return
    }
    guard let outcome else { return }
    statistics.advertisingEvents += 1
    if let error = outcome.problem {
      statistics.malformedEvents += 1
      problem(ScanProblem(origin: timed.origin, error: error, lostReportCount: outcome.missingReportCount))
    }
  }

  /// One report: extended fragments are held until their advertisement is whole, then the
  /// data is searched for a beacon frame, named and filtered.
  private mutating func consider(
    _ report: AdvertisingReportHeader, data: Span<UInt8>, _ timed: TimedHCIPacket,
    _ sighting: (BeaconSighting) -> Void
  ) {
    let frame: BeaconFrame?
    let completion =
      report.format == .extended ? reassembler.add(report, data: data) : .whole(isTruncated: false)
    switch completion {
    case .held:
      statistics.heldFragments += 1
      return
    case .whole:
      frame = BeaconFrame(advertisingData: data)
    case .joined(let joined, _):
      frame = BeaconFrame(advertisingData: joined.span)
    }
    statistics.advertisingReports += 1
    guard let frame else { return }
    statistics.beaconReports += 1
    guard filter.matches(frame) else { return }
    statistics.emittedSightings += 1
    if let rssi = report.rssi, !BeaconRanging.isPossible(rssi: Int(rssi)) { statistics.impossibleRSSIReports += 1 }
    sighting(
      BeaconSighting(
        time: timed.time, address: report.address, addressType: report.addressType, rssi: report.rssi,
        frame: frame))
  }
}
