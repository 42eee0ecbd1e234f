import BeaconDomain
import HCICodec

/// The measured work, each returning a checksum so that nothing is optimised away.
public enum BenchWorkloads {
  /// Raw HCI event bytes to beacon identities: decode every event, find the beacon frame in
  /// each report and take its identity. No scanner bookkeeping, no station lookup.
  public static func hciToIdentity(_ packets: [TimedHCIPacket]) -> Int {
    var checksum = 0
    for timed in packets where timed.packet.type == .event {
      guard let event = try? HCIEvent(decoding: timed.packet.bytes) else { continue }
      switch event {
      case .leMeta(.advertisingReport(let list)):
        for report in list.reports { checksum &+= identityHash(report.data) }
      case .leMeta(.extendedAdvertisingReport(let list)):
        for report in list.reports { checksum &+= identityHash(report.data) }
      default: break
      }
    }
    return checksum
  }

  /// AD payloads to beacon identities: what the Python AD-level decoders are given.
  public static func payloadToIdentity(_ payloads: [ArraySlice<UInt8>]) -> Int {
    var checksum = 0
    for payload in payloads { checksum &+= identityHash(payload) }
    return checksum
  }

  /// The scanning pipeline as `beacon-scan` runs it: ``BeaconScanner`` (decode, frame,
  /// station, filter), every sighting counted.
  public static func scanner(_ packets: [TimedHCIPacket]) -> Int {
    var scanner = BeaconScanner()
    var sightings = 0
    for packet in packets { scanner.process(packet, sighting: { _ in sightings += 1 }) }
    return sightings
  }

  /// The scanner, then ``StationDetector`` (BeaconFinder smoothing and station presence) on
  /// every sighting, as `beacon-ride` runs it.
  public static func scannerAndStations(_ packets: [TimedHCIPacket]) -> Int {
    var scanner = BeaconScanner()
    var detector = StationDetector()
    var events = 0
    for packet in packets {
      scanner.process(packet, sighting: { events += detector.ingest($0).count })
    }
    return events
  }

  /// The summary behind `beacon-scan --summary`.
  public static func summary(_ packets: [TimedHCIPacket]) -> Int {
    var scanner = BeaconScanner()
    var summary = ScanSummary()
    for packet in packets { scanner.process(packet, sighting: { summary.record($0) }) }
    return summary.reports
  }

  private static func identityHash(_ data: ArraySlice<UInt8>) -> Int {
    guard let frame = BeaconFrame(advertisingData: AdvertisingData(data)) else { return 0 }
    return frame.identity.hashValue
  }
}
