import BeaconScanning
import BeaconStatistics
import Beacons
import BluetoothTypes
import HCICodec
import HCITransportCore
import MRTNavigation
import StationCatalogs

/// The measured work, each returning a checksum so that nothing is optimised away.
public enum BenchWorkloads {
  /// The built-in network, the commands' default, read once before any measurement.
  static let network: StationCatalog = {
    do {
      return try BuiltInNetwork.load().catalog
    } catch {
      preconditionFailure("the built-in network does not load: \(error)")
    }
  }()

  /// The North–South line's stations alone, the scan workloads' catalog.
  static let northSouthLine: StationCatalog = {
    let line = network.lines.first { $0.name == "NorthSouth" }
    let stations = (line?.stationNames ?? []).compactMap { network.station(named: $0) }
    do {
      return try StationCatalog(stations: stations, lines: line.map { [$0] } ?? [])
    } catch {
      preconditionFailure("the North–South line alone is no catalog: \(error)")
    }
  }()

  /// Raw HCI event bytes to beacon identities: read every event's reports in place, find the
  /// beacon frame in each report and take its identity. No scanner bookkeeping, no station lookup.
  public static func hciToIdentity(_ packets: [TimedHCIPacket]) -> Int {
    var checksum = 0
    for timed in packets where timed.packet.type == .event {
      _ = try? AdvertisingReportEvent.forEachReport(inPacket: timed.packet.bytes.span) { _, data in
        checksum &+= identityChecksum(data)
      }
    }
    return checksum
  }

  /// AD payloads to beacon identities: what the Python AD-level decoders are given.
  public static func payloadToIdentity(_ payloads: [ArraySlice<UInt8>]) -> Int {
    var checksum = 0
    for payload in payloads { checksum &+= identityChecksum(payload.span) }
    return checksum
  }

  /// The scanning pipeline as `beacon-scan` runs it: ``BeaconScanner`` (decode, frame,
  /// filter), then the catalog names each sighting's station, as the line printer does.
  public static func scanner(_ packets: [TimedHCIPacket]) -> Int {
    var scanner = BeaconScanner()
    let catalog = northSouthLine
    var stations = 0
    for packet in packets {
      scanner.process(packet, sighting: { if catalog.station(for: $0.frame.identity) != nil { stations += 1 } })
    }
    return stations
  }

  /// The scanner, then ``StationDetector`` (BeaconRanging smoothing and station presence) on
  /// every sighting, as `beacon-ride` runs it.
  public static func scannerAndStations(_ packets: [TimedHCIPacket]) -> Int {
    var scanner = BeaconScanner()
    var detector = StationDetector(catalog: network)
    var events = 0
    for packet in packets {
      scanner.process(packet, sighting: { events += detector.ingest($0).count })
    }
    return events
  }

  /// The summary behind `beacon-scan --summary`.
  public static func summary(_ packets: [TimedHCIPacket]) -> Int {
    var scanner = BeaconScanner()
    var summary = ScanSummary(catalog: northSouthLine)
    for packet in packets { scanner.process(packet, sighting: { summary.record($0) }) }
    return summary.reports
  }

  /// A cheap fold of the identity's fields, so that the identity must be computed but no
  /// hashing is timed with the decoding.
  private static func identityChecksum(_ data: Span<UInt8>) -> Int {
    guard let frame = BeaconFrame(advertisingData: data) else { return 0 }
    switch frame.identity {
    case .iBeacon(let uuid, let major, let minor), .altBeacon(let uuid, let major, let minor):
      return Int(truncatingIfNeeded: uuid.high ^ uuid.low) &+ Int(major) << 16 &+ Int(minor)
    case .eddystoneUID(let namespace, let instance):
      return Int(namespace.high) &+ Int(truncatingIfNeeded: namespace.low ^ instance)
    }
  }
}
