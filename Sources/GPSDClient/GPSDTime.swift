import BluetoothTypes

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// gpsd's times: ISO 8601 in UTC, with or without fractional seconds
/// (`2026-11-25T08:00:20.000Z`).
enum GPSDTime {
  static func parse(_ text: String) -> Timestamp? {
    let date =
      (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
      ?? (try? Date(text, strategy: Date.ISO8601FormatStyle()))
    guard let date else { return nil }
    let microseconds = (date.timeIntervalSince1970 * 1_000_000).rounded()
    guard microseconds.isFinite, abs(microseconds) < 9e18 else { return nil }
    return Timestamp(microsecondsSinceUnixEpoch: Int64(microseconds))
  }
}
