import POSIXSupport
import ProgramOutput
import StationCatalogs
import SystemPackage

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A station-detection policy file (`--policy-file FILE`): JSON with any of
/// `enterRSSI`, `enterReports`, `exitRSSI`, `lostAfterSeconds`, `maximumPlausibleSkip`,
/// `minimumSecondsPerStop`; what is left out keeps its default. Options given on the command
/// line win over the file. Each value is checked against its ``ValueRange`` as it is read.
struct StationPolicyFile {
  var enterRSSI: Double?
  var enterReports: Int?
  var exitRSSI: Double?
  var lostAfter: Duration?
  var maximumPlausibleSkip: Int?
  var minimumTimePerStop: Duration?

  /// The file's numbers as JSON has them, before their ranges are checked.
  private struct Numbers: Decodable {
    var enterRSSI: Double?
    var enterReports: Double?
    var exitRSSI: Double?
    var lostAfterSeconds: Double?
    var maximumPlausibleSkip: Double?
    var minimumSecondsPerStop: Double?
  }

  private enum CodingKeys: String, CodingKey, CaseIterable {
    case enterRSSI, enterReports, exitRSSI, lostAfterSeconds, maximumPlausibleSkip, minimumSecondsPerStop
  }

  /// Reads `path`, rejecting unknown keys (a misspelt constant must not be silently ignored).
  static func load(path: String) throws(StationPolicyFileError) -> StationPolicyFile {
    guard let bytes = try? FileDescriptor.readSmallFile(path) else { throw .unreadable(path) }
    return try parse(Data(bytes), path: path)
  }

  static func parse(_ data: Data, path: String) throws(StationPolicyFileError) -> StationPolicyFile {
    let decoder = JSONDecoder()
    guard let object = try? decoder.decode(JSONObjectKeys.self, from: data) else {
      throw .invalid(path, "expected a JSON object such as {\"enterRSSI\": -88, \"lostAfterSeconds\": 20}")
    }
    let known = Set(CodingKeys.allCases.map(\.rawValue))
    if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
      throw .invalid(path, "unknown key \"\(unknown)\"; known: \(known.sorted().joined(separator: ", "))")
    }
    let numbers: Numbers
    do {
      numbers = try decoder.decode(Numbers.self, from: data)
    } catch {
      throw .invalid(path, "a value has the wrong type (numbers expected)")
    }
    do {
      return try StationPolicyFile(checking: numbers)
    } catch {
      throw .invalid(path, error.description)
    }
  }

  private init(checking numbers: Numbers) throws(KeyOutOfRange) {
    enterRSSI = try numbers.enterRSSI.map { value throws(KeyOutOfRange) in
      try ValueRange.rssi.check(value, key: "enterRSSI")
    }
    exitRSSI = try numbers.exitRSSI.map { value throws(KeyOutOfRange) in
      try ValueRange.rssi.check(value, key: "exitRSSI")
    }
    enterReports = try numbers.enterReports.map { value throws(KeyOutOfRange) in
      try ValueRange.reportCount.checkInteger(value, key: "enterReports")
    }
    lostAfter = try numbers.lostAfterSeconds.map { value throws(KeyOutOfRange) in
      .milliseconds(ofSeconds: try ValueRange.lostAfterSeconds.check(value, key: "lostAfterSeconds"))
    }
    maximumPlausibleSkip = try numbers.maximumPlausibleSkip.map { value throws(KeyOutOfRange) in
      try ValueRange.plausibleSkip.checkInteger(value, key: "maximumPlausibleSkip")
    }
    minimumTimePerStop = try numbers.minimumSecondsPerStop.map { value throws(KeyOutOfRange) in
      .milliseconds(ofSeconds: try ValueRange.secondsPerStop.check(value, key: "minimumSecondsPerStop"))
    }
  }
}

/// Why a policy file cannot be used; `.invalid` names the key and its range when a value is out of it.
enum StationPolicyFileError: Error, CustomStringConvertible {
  case unreadable(String)
  case invalid(String, String)

  var description: String {
    switch self {
    case .unreadable(let path): return "\(path): cannot read the policy file"
    case .invalid(let path, let reason): return "\(path): not a station policy: \(reason)"
    }
  }
}
