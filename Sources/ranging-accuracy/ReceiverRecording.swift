import BeaconScanning
import Beacons
import BluetoothTypes
import Foundation
import HCITransportCore
import LinuxHCITransports

/// What went wrong reading the captures: the file and what to do about it.
struct AccuracyInputError: Error, CustomStringConvertible {
  var description: String
}

/// One report a receiver heard, decoded from its capture, with the true distance from its truth file.
struct TruthfulSighting {
  var sighting: BeaconSighting
  /// Metres between the beacon and the receiver when the report was heard.
  var trueDistance: Double
}

/// A receiver as `receivers.csv` lists it.
struct Receiver: Hashable {
  var alias: String
  /// `pi` (a Raspberry Pi's own radio) or `dongle` (a USB dongle).
  var kind: String
}

/// What one receiver heard on one track: the capture decoded by the scanner, each report paired
/// with the truth file's row of the same order and time.
struct ReceiverRecording {
  var track: String
  var receiver: Receiver
  var reports: [TruthfulSighting]

  /// The receivers of `receivers.csv` in `directory` (`alias,mac,kind,x,y,z`).
  static func receivers(in directory: String) throws(AccuracyInputError) -> [Receiver] {
    let path = directory + "/receivers.csv"
    let lines = try lines(of: path)
    guard lines.first == "alias,mac,kind,x,y,z" else {
      throw AccuracyInputError(
        description: "\(path):1: not the header alias,mac,kind,x,y,z; write it with tools/rssi-captures.py")
    }
    var receivers: [Receiver] = []
    for (index, line) in lines.enumerated().dropFirst() where !line.isEmpty {
      let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      guard fields.count == 6, !fields[0].isEmpty else {
        throw AccuracyInputError(description: "\(path):\(index + 1): expected 6 fields (alias,mac,kind,x,y,z)")
      }
      receivers.append(Receiver(alias: fields[0], kind: fields[2]))
    }
    return receivers
  }

  /// Reads `directory/track/alias.btsnoop` through an ``HCIBeaconFinder`` and pairs each sighting
  /// with `alias.truth.csv`'s row in the same place; the two must agree on the count and on each time.
  static func load(directory: String, track: String, receiver: Receiver) throws(AccuracyInputError) -> ReceiverRecording
  {
    let base = "\(directory)/\(track)/\(receiver.alias)"
    let truth = try truthRows(path: base + ".truth.csv")
    let sightings = try decode(capturePath: base + ".btsnoop")
    guard sightings.count == truth.count else {
      throw AccuracyInputError(
        description:
          "\(base).btsnoop: \(sightings.count) reports but \(truth.count) rows in its truth file; convert again")
    }
    var reports: [TruthfulSighting] = []
    reports.reserveCapacity(truth.count)
    for (index, (sighting, row)) in zip(sightings, truth).enumerated() {
      guard sighting.time.microsecondsSinceUnixEpoch == row.microseconds else {
        throw AccuracyInputError(
          description:
            "\(base).truth.csv:\(index + 2): time \(row.microseconds) µs, but the capture's report \(index + 1) "
            + "is at \(sighting.time.microsecondsSinceUnixEpoch) µs; convert again")
      }
      reports.append(TruthfulSighting(sighting: sighting, trueDistance: row.distance))
    }
    return ReceiverRecording(track: track, receiver: receiver, reports: reports)
  }

  private static func decode(capturePath: String) throws(AccuracyInputError) -> [BeaconSighting] {
    let finder = HCIBeaconFinder(openConnection: { () throws(HCIConnectionError) in
      try TransportSpec.replay(path: capturePath).open()
    })
    let collector = SightingCollector()
    finder.delegate = collector
    let started = finder.start()
    let end = finder.run()
    finder.stop()
    guard started == .started, case .endOfStream = end else {
      throw AccuracyInputError(description: "\(capturePath): \(finder.failure?.description ?? "could not be read")")
    }
    return collector.sightings
  }

  private static func truthRows(path: String) throws(AccuracyInputError) -> [(microseconds: Int64, distance: Double)] {
    let lines = try lines(of: path)
    guard lines.first == "time,rssi,distance_m,x,y,z" else {
      throw AccuracyInputError(description: "\(path):1: not the header time,rssi,distance_m,x,y,z")
    }
    var rows: [(microseconds: Int64, distance: Double)] = []
    for (index, line) in lines.enumerated().dropFirst() where !line.isEmpty {
      let fields = line.split(separator: ",", omittingEmptySubsequences: false)
      let time = fields.first?.split(separator: ".", omittingEmptySubsequences: false) ?? []
      let seconds = time.count == 2 && time[1].count == 6 ? Int64(time[0]) : nil
      let whole = seconds.map { $0.multipliedReportingOverflow(by: 1_000_000) }
      guard fields.count == 6, let whole, !whole.overflow, let micros = Int64(time[1]), micros >= 0,
        let distance = Double(fields[2]), distance.isFinite, distance >= 0
      else {
        throw AccuracyInputError(
          description: "\(path):\(index + 1): expected time (seconds with 6 decimals),rssi,distance_m,x,y,z")
      }
      rows.append((whole.partialValue &+ micros, distance))
    }
    return rows
  }

  private static func lines(of path: String) throws(AccuracyInputError) -> [String] {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw AccuracyInputError(description: "\(path): cannot be read; run tools/rssi-captures.py DIR first")
    }
    return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
  }
}

/// Keeps every sighting, in order.
final class SightingCollector: BeaconFinderDelegate {
  private(set) var sightings: [BeaconSighting] = []

  func beaconFinder(_ finder: any BeaconFinder, didSee sighting: BeaconSighting) { sightings.append(sighting) }

  func beaconFinder(_ finder: any BeaconFinder, didReach time: Timestamp) {}
}
