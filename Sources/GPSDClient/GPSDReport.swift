import BluetoothTypes
import Positioning

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One object of gpsd's JSON protocol (a line of its output after `?WATCH`), as this client
/// uses it. The protocol is documented in gpsd's `gpsd_json(5)`; fields gpsd does not have are
/// left out of its objects, never `null`.
public enum GPSDReport: Hashable, Sendable {
  /// `VERSION`: the first line on every connection.
  case version(release: String, protocolMajor: Int, protocolMinor: Int)
  /// `DEVICES`: the receivers gpsd knows of (none: nothing plugged in).
  case devices([GPSDDevice])
  /// `DEVICE`: a receiver appeared, changed or went away.
  case device(GPSDDevice)
  /// `TPV`: time, position, velocity.
  case fix(LocationFix)
  /// `ERROR`: gpsd's complaint about a request.
  case error(message: String)
  /// Any other class (`WATCH`, `SKY`, `PPS`, …): not used here.
  case other(className: String)
}

/// A receiver as gpsd describes it.
public struct GPSDDevice: Hashable, Sendable {
  /// Its path, such as `/dev/ttyACM0`.
  public var path: String?
  /// Whether gpsd is reading it: `activated` is a time while it is, 0 or missing once it is not.
  public var isActive: Bool
  /// Seconds between reports (`cycle`), when gpsd knows.
  public var cycle: Double?

  public init(path: String?, isActive: Bool, cycle: Double?) {
    self.path = path
    self.isActive = isActive
    self.cycle = cycle
  }
}

/// Decodes gpsd's JSON objects with Foundation's `JSONDecoder`: the class first, then the
/// object as that class.
public struct GPSDReportDecoder {
  private let decoder = JSONDecoder()

  public init() {}

  /// The object on `line` (without its newline).
  ///
  /// - Throws: ``GPSDLineError`` when the line is not a JSON object with a `class`, or a
  ///   known class whose fields do not decode (a truncated line, noise on the socket).
  public func decode(_ line: some Collection<UInt8>) throws(GPSDLineError) -> GPSDReport {
    let data = Data(line)
    let excerpt = Array(line.prefix(GPSDLineError.excerptLength))
    guard let kind = try? decoder.decode(ClassField.self, from: data).class else {
      throw GPSDLineError(line: excerpt, reason: .notAnObject)
    }
    do {
      switch kind {
      case "VERSION":
        let version = try decoder.decode(Version.self, from: data)
        return .version(
          release: version.release, protocolMajor: version.proto_major, protocolMinor: version.proto_minor)
      case "DEVICES":
        return .devices(try decoder.decode(Devices.self, from: data).devices.map(\.device))
      case "DEVICE":
        return .device(try decoder.decode(Device.self, from: data).device)
      case "TPV":
        return .fix(try decoder.decode(TPV.self, from: data).fix)
      case "ERROR":
        return .error(message: try decoder.decode(ErrorObject.self, from: data).message)
      default:
        return .other(className: kind)
      }
    } catch {
      throw GPSDLineError(line: excerpt, reason: .fieldsDoNotDecode(className: kind))
    }
  }

  private struct ClassField: Decodable { var `class`: String }

  // The field names are gpsd's.
  // swift-format-ignore: AlwaysUseLowerCamelCase
  private struct Version: Decodable {
    var release: String
    var proto_major: Int
    var proto_minor: Int
  }

  private struct Devices: Decodable { var devices: [Device] }

  private struct Device: Decodable {
    var path: String?
    var cycle: Double?
    /// A time (text) while gpsd reads the device; the number 0 once it does not.
    var activated: Activation?

    var device: GPSDDevice { GPSDDevice(path: path, isActive: activated?.isActive ?? false, cycle: cycle) }
  }

  private enum Activation: Decodable {
    case time(String)
    case number(Double)

    init(from decoder: any Decoder) throws {
      let value = try decoder.singleValueContainer()
      if let text = try? value.decode(String.self) {
        self = .time(text)
      } else {
        self = .number(try value.decode(Double.self))
      }
    }

    var isActive: Bool {
      switch self {
      case .time(let text): return !text.isEmpty
      case .number(let number): return number != 0
      }
    }
  }

  private struct TPV: Decodable {
    var mode: Int
    var time: String?
    var lat: Double?
    var lon: Double?
    var speed: Double?
    var track: Double?
    var eph: Double?

    /// The fix; a TPV without a time (gpsd sends those while it has no fix) has none to give.
    var fix: LocationFix {
      guard let time, let captureTime = GPSDTime.parse(time) else {
        // Without a time there is nothing to order the report by: it says only "no fix".
        return LocationFix(time: Timestamp(microsecondsSinceUnixEpoch: 0), mode: .noFix)
      }
      let mode = LocationFix.Mode(rawValue: mode) ?? .unknown
      var coordinate: GeoCoordinate?
      if let lat, let lon { coordinate = GeoCoordinate(latitude: lat, longitude: lon) }
      return LocationFix(
        time: captureTime, mode: mode, coordinate: coordinate, speed: speed.flatMap(Self.finite),
        track: track.flatMap(Self.finite), horizontalError: eph.flatMap(Self.finite))
    }

    private static func finite(_ value: Double) -> Double? { value.isFinite ? value : nil }
  }

  private struct ErrorObject: Decodable { var message: String }
}

/// A line from gpsd that is not an object this client can read.
public struct GPSDLineError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong with the line.
  public enum Reason: Hashable, Sendable {
    /// Not a JSON object with a `class` (noise, a line cut short before its class).
    case notAnObject
    /// An object of a class this client reads whose fields do not decode (cut short, or a
    /// field of another type than gpsd's documentation gives).
    case fieldsDoNotDecode(className: String)
    /// Longer than the client keeps (``GPSDLineSplitter``'s limit); dropped unread.
    case tooLong(limit: Int)
  }

  /// The first bytes of the line, at most ``excerptLength`` (none for a line too long to keep).
  public var line: [UInt8]
  public var reason: Reason

  public static let excerptLength = 80

  public init(line: [UInt8], reason: Reason) {
    self.line = line
    self.reason = reason
  }

  public var description: String {
    let what: String
    switch reason {
    case .notAnObject: what = "not a JSON object with a class"
    case .fieldsDoNotDecode(let className): what = "a \(className) object whose fields do not decode"
    case .tooLong(let limit): return "a line from gpsd longer than \(limit) bytes, dropped"
    }
    let text = String(decoding: line, as: UTF8.self).map { $0.isASCII && !$0.isNewline && $0 != "\u{0}" ? $0 : "?" }
    return "unreadable line from gpsd (\(String(text))…): \(what)"
  }
}
