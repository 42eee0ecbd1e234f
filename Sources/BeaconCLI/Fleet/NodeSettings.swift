import MRTNavigation
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
///  "weakDrop":10,"scanInterval":100,"scanWindow":100}
/// ```
///
/// A message sets any of these keys and leaves the others as they are. A message with a key this
/// node does not know, a value of the wrong type or out of its range, or a station its catalog
/// does not have changes nothing: ``applying(_:catalog:scans:)`` throws a ``NodeSettingsError``
/// that names the key.
struct NodeSettings: Equatable {
  /// `--mqtt-deadband`, dB.
  var deadband: Double
  /// `--mqtt-heartbeat`, seconds.
  var heartbeat: Double
  /// The stations whose beacons `--expect` watches, by name; empty: none.
  var expectedStations: [String]
  /// `--silent-after`, seconds.
  var silentAfter: Double
  /// `--weak-drop`, dB.
  var weakDrop: Double
  /// `--scan-interval` and the window, milliseconds; `nil` where this program does not scan.
  var scanInterval: Double?
  var scanWindow: Double?

  /// The keys a message may set.
  static let keys = [
    "deadband", "heartbeat", "expectedStations", "silentAfter", "weakDrop", "scanInterval", "scanWindow",
  ]

  /// What a message carries, before its values are checked.
  private struct Values: Decodable {
    var deadband: Double?
    var heartbeat: Double?
    var expectedStations: [String]?
    var silentAfter: Double?
    var weakDrop: Double?
    var scanInterval: Double?
    var scanWindow: Double?
  }

  /// These settings with what `message` (a JSON object) sets; `scans` says whether this node
  /// runs a scan of its own whose timing can change.
  func applying(_ message: [UInt8], catalog: StationCatalog, scans: Bool) throws(NodeSettingsError) -> NodeSettings {
    let data = Data(message)
    let decoder = JSONDecoder()
    guard let object = try? decoder.decode(JSONObjectKeys.self, from: data) else {
      throw NodeSettingsError(key: nil, reason: "expected a JSON object such as {\"deadband\": 3}")
    }
    if let unknown = object.keys.sorted().first(where: { !Self.keys.contains($0) }) {
      throw NodeSettingsError(key: unknown, reason: "unknown setting; known: \(Self.keys.joined(separator: ", "))")
    }
    let values: Values
    do {
      values = try decoder.decode(Values.self, from: data)
    } catch {
      throw NodeSettingsError(
        key: Self.keyOf(error), reason: "wrong type (a number, or for expectedStations a list of station names)")
    }
    var next = self
    do throws(KeyOutOfRange) {
      if let value = values.deadband {
        next.deadband = try ValueRange.mqttDeadbandDecibels.check(value, key: "deadband")
      }
      if let value = values.heartbeat {
        next.heartbeat = try ValueRange.mqttHeartbeatSeconds.check(value, key: "heartbeat")
      }
      if let value = values.silentAfter {
        next.silentAfter = try ValueRange.silentAfterSeconds.check(value, key: "silentAfter")
      }
      if let value = values.weakDrop { next.weakDrop = try ValueRange.weakDrop.check(value, key: "weakDrop") }
      if let value = values.scanInterval {
        next.scanInterval = try ValueRange.scanMilliseconds.check(value, key: "scanInterval")
      }
      if let value = values.scanWindow {
        next.scanWindow = try ValueRange.scanMilliseconds.check(value, key: "scanWindow")
      }
    } catch {
      throw NodeSettingsError(key: error.key, reason: "must be \(error.range) (not \(ValueRange.format(error.value)))")
    }
    if values.scanInterval != nil || values.scanWindow != nil {
      guard scans, let interval = next.scanInterval, let window = next.scanWindow else {
        throw NodeSettingsError(
          key: values.scanInterval != nil ? "scanInterval" : "scanWindow",
          reason: "this node does not scan by itself (a capture, the monitor channel or bluetoothd's discovery)")
      }
      guard window <= interval else {
        throw NodeSettingsError(
          key: "scanWindow", reason: "must be at most the scan interval (\(ValueRange.format(interval)) ms)")
      }
    }
    if let names = values.expectedStations {
      if let unknown = names.first(where: { catalog.station(named: $0) == nil }) {
        throw NodeSettingsError(key: "expectedStations", reason: "no station \"\(unknown)\" in this node's catalog")
      }
      next.expectedStations = names
    }
    return next
  }

  /// The key a decoding error is about, when it says.
  private static func keyOf(_ error: any Error) -> String? {
    guard let error = error as? DecodingError else { return nil }
    switch error {
    case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
      return context.codingPath.first?.stringValue
    case .keyNotFound(let key, _):
      return key.stringValue
    @unknown default:
      return nil
    }
  }

  /// The settings as the `config` topic and the settings file carry them.
  func json() -> String {
    var object = JSONLine()
    object.add("deadband", deadband)
    object.add("heartbeat", heartbeat)
    object.add("expectedStations", strings: expectedStations)
    object.add("silentAfter", silentAfter)
    object.add("weakDrop", weakDrop)
    object.add("scanInterval", scanInterval)
    object.add("scanWindow", scanWindow)
    return object.line
  }
}

/// Why a settings message changed nothing: the key it is about (`nil` when the message is no
/// JSON object at all) and what is wrong with it. Answered on `PREFIX/NODE/config/error`.
struct NodeSettingsError: Error, Equatable, CustomStringConvertible {
  var key: String?
  var reason: String

  var description: String { key.map { "\"\($0)\": \(reason)" } ?? reason }

  /// The answer's JSON: the key, the reason, and the message as received (cut to 1,000 bytes).
  func json(received: [UInt8]) -> String {
    var object = JSONLine()
    object.add("key", key)
    object.add("error", reason)
    object.add("received", String(decoding: received.prefix(1000), as: UTF8.self))
    return object.line
  }
}
