import MRTNavigation
import ProgramOutput
import StationCatalogs

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a fleet node lets its operator change while it runs (`PREFIX/NODE/config/set`, or
/// `PREFIX/all/config/set` for every node), keeps across restarts (``NodeSettingsStore``) and
/// echoes, retained, on `PREFIX/NODE/config`:
///
/// ```json
/// {"deadband":2,"heartbeat":60,"expectedStations":["CipeteRaya"],"silentAfter":30,
///  "weakDrop":10,"scanInterval":100,"scanWindow":100,"rssiOffset":-7}
/// ```
///
/// A message sets any of these keys and leaves the others as they are. A message with a key this
/// node does not know, a value of the wrong type or out of its range, or a station its catalog
/// does not have changes nothing: ``applying(_:catalog:scans:)`` throws a ``NodeSettingsError``
/// that names the key. The saved file is read key by key instead
/// (``applyingEach(_:catalog:scans:)``): what cannot apply is left out, and the rest is kept.
package struct NodeSettings: Equatable {
  /// `--mqtt-deadband`, dB.
  package var deadband: Double
  /// `--mqtt-heartbeat`, seconds.
  package var heartbeat: Double
  /// The stations whose beacons `--expect` watches, by name; empty: none.
  package var expectedStations: [String]
  /// `--silent-after`, seconds.
  package var silentAfter: Double
  /// `--weak-drop`, dB.
  package var weakDrop: Double
  /// `--scan-interval` and the window, milliseconds; `nil` where this program does not scan.
  package var scanInterval: Double?
  package var scanWindow: Double?
  /// `--rssi-offset`, dB: this receiver's offset, which every ranging of the node adds from the
  /// moment it is set; `nil` when none was given (the receiver is taken as not calibrated).
  package var rssiOffset: Double?

  package init(
    deadband: Double, heartbeat: Double, expectedStations: [String], silentAfter: Double, weakDrop: Double,
    scanInterval: Double?, scanWindow: Double?, rssiOffset: Double? = nil
  ) {
    self.deadband = deadband
    self.heartbeat = heartbeat
    self.expectedStations = expectedStations
    self.silentAfter = silentAfter
    self.weakDrop = weakDrop
    self.scanInterval = scanInterval
    self.scanWindow = scanWindow
    self.rssiOffset = rssiOffset
  }

  /// The keys a message may set.
  package static let keys = [
    "deadband", "heartbeat", "expectedStations", "silentAfter", "weakDrop", "scanInterval", "scanWindow",
    "rssiOffset",
  ]

  /// What a message carries, before its values are checked. Each value is decoded on its own:
  /// one of the wrong type is noted by its key (``wrongType``) and the others are kept.
  private struct Values: Decodable {
    package var deadband: Double?
    package var heartbeat: Double?
    package var expectedStations: [String]?
    package var silentAfter: Double?
    package var weakDrop: Double?
    package var scanInterval: Double?
    package var scanWindow: Double?
    package var rssiOffset: Double?
    /// The keys whose value is not of the type the key takes, in ``NodeSettings/keys``' order.
    package var wrongType: [String]

    private enum CodingKeys: String, CodingKey {
      case deadband, heartbeat, expectedStations, silentAfter, weakDrop, scanInterval, scanWindow, rssiOffset
    }

    package init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      var wrongType: [String] = []
      func value<Value: Decodable>(_ key: CodingKeys) -> Value? {
        do {
          return try container.decodeIfPresent(Value.self, forKey: key)
        } catch {
          wrongType.append(key.rawValue)
          return nil
        }
      }
      deadband = value(.deadband)
      heartbeat = value(.heartbeat)
      expectedStations = value(.expectedStations)
      silentAfter = value(.silentAfter)
      weakDrop = value(.weakDrop)
      scanInterval = value(.scanInterval)
      scanWindow = value(.scanWindow)
      rssiOffset = value(.rssiOffset)
      self.wrongType = wrongType
    }
  }

  /// These settings with what `message` (a JSON object) sets, all or nothing: the first key that
  /// cannot apply is thrown, and nothing changes. `scans` says whether this node runs a scan of
  /// its own whose timing can change.
  package func applying(_ message: [UInt8], catalog: StationCatalog, scans: Bool) throws(NodeSettingsError)
    -> NodeSettings
  {
    let (next, refused) = try merging(message, catalog: catalog, scans: scans)
    if let first = refused.first { throw first }
    return next
  }

  /// These settings with each key of `message` that can apply, and a refusal for each that
  /// cannot (a message that is no JSON object at all is one refusal, without a key): how a
  /// saved file is read, so that one setting the node can no longer take does not cost the
  /// others.
  package func applyingEach(
    _ message: [UInt8], catalog: StationCatalog, scans: Bool
  ) -> (settings: NodeSettings, refused: [NodeSettingsError]) {
    do {
      return try merging(message, catalog: catalog, scans: scans)
    } catch {
      return (self, [error])
    }
  }

  /// The one reading of a message: every key that can apply applied, the others refused, in
  /// the order they are checked (unknown keys, types, ranges, scan timing, stations). Throws
  /// only when the message is no JSON object.
  private func merging(
    _ message: [UInt8], catalog: StationCatalog, scans: Bool
  ) throws(NodeSettingsError) -> (NodeSettings, [NodeSettingsError]) {
    let data = Data(message)
    let decoder = JSONDecoder()
    guard let object = try? decoder.decode(JSONObjectKeys.self, from: data),
      let values = try? decoder.decode(Values.self, from: data)
    else {
      throw NodeSettingsError(key: nil, reason: "expected a JSON object such as {\"deadband\": 3}")
    }
    var refused = object.keys.sorted().filter { !Self.keys.contains($0) }.map {
      NodeSettingsError(key: $0, reason: "unknown setting; known: \(Self.keys.joined(separator: ", "))")
    }
    refused += values.wrongType.map {
      NodeSettingsError(key: $0, reason: "wrong type (a number, or for expectedStations a list of station names)")
    }
    func checked(_ value: Double?, _ range: ValueRange, key: String) -> Double? {
      guard let value else { return nil }
      do throws(KeyOutOfRange) {
        return try range.check(value, key: key)
      } catch {
        refused.append(
          NodeSettingsError(key: key, reason: "must be \(error.range) (not \(ValueRange.format(error.value)))"))
        return nil
      }
    }
    var next = self
    next.deadband = checked(values.deadband, .mqttDeadbandDecibels, key: "deadband") ?? deadband
    next.heartbeat = checked(values.heartbeat, .mqttHeartbeatSeconds, key: "heartbeat") ?? heartbeat
    next.silentAfter = checked(values.silentAfter, .silentAfterSeconds, key: "silentAfter") ?? silentAfter
    next.weakDrop = checked(values.weakDrop, .weakDrop, key: "weakDrop") ?? weakDrop
    next.rssiOffset = checked(values.rssiOffset, .rssiOffset, key: "rssiOffset") ?? rssiOffset
    let interval = checked(values.scanInterval, .scanMilliseconds, key: "scanInterval")
    let window = checked(values.scanWindow, .scanMilliseconds, key: "scanWindow")
    if interval != nil || window != nil {
      if scans, let currentInterval = scanInterval, let currentWindow = scanWindow {
        let (newInterval, newWindow) = (interval ?? currentInterval, window ?? currentWindow)
        if newWindow <= newInterval {
          (next.scanInterval, next.scanWindow) = (newInterval, newWindow)
        } else {
          refused.append(
            NodeSettingsError(
              key: "scanWindow",
              reason: "must be at most the scan interval (\(ValueRange.format(newInterval)) ms); the scan timing "
                + "stays \(ValueRange.format(currentInterval))/\(ValueRange.format(currentWindow)) ms"))
        }
      } else {
        for (key, value) in [("scanInterval", interval), ("scanWindow", window)] where value != nil {
          refused.append(
            NodeSettingsError(
              key: key,
              reason: "this node does not scan by itself (a capture, the monitor channel or bluetoothd's discovery)"))
        }
      }
    }
    if let names = values.expectedStations {
      let known = names.filter { catalog.station(named: $0) != nil }
      if let unknown = names.first(where: { catalog.station(named: $0) == nil }) {
        refused.append(
          NodeSettingsError(key: "expectedStations", reason: "no station \"\(unknown)\" in this node's catalog"))
      }
      next.expectedStations = known
    }
    return (next, refused)
  }

  /// The settings as the `config` topic and the settings file carry them.
  package func json() -> String {
    var object = JSONLine()
    object.add("deadband", deadband)
    object.add("heartbeat", heartbeat)
    object.add("expectedStations", strings: expectedStations)
    object.add("silentAfter", silentAfter)
    object.add("weakDrop", weakDrop)
    object.add("scanInterval", scanInterval)
    object.add("scanWindow", scanWindow)
    object.add("rssiOffset", rssiOffset)
    return object.line
  }
}

/// Why a settings message changed nothing: the key it is about (`nil` when the message is no
/// JSON object at all) and what is wrong with it. Answered on `PREFIX/NODE/config/error`.
package struct NodeSettingsError: Error, Equatable, CustomStringConvertible {
  package var key: String?
  package var reason: String

  package init(key: String?, reason: String) {
    self.key = key
    self.reason = reason
  }

  package var description: String { key.map { "\"\($0)\": \(reason)" } ?? reason }

  /// The answer's JSON: the key, the reason, and the message as received (cut to 1,000 bytes).
  package func json(received: [UInt8]) -> String {
    var object = JSONLine()
    object.add("key", key)
    object.add("error", reason)
    object.add("received", String(decoding: received.prefix(1000), as: UTF8.self))
    return object.line
  }
}
