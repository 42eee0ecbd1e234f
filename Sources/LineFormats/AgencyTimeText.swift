import BluetoothTypes
import TransitFeeds

/// A timetable's times as a rider reads them: in the agency's time zone, with its UTC offset.
package struct AgencyTimeText: Sendable {
  package let zone: AgencyTimeZone

  package init(zone: AgencyTimeZone) { self.zone = zone }

  /// ISO 8601 to the second with the offset, e.g. `2026-11-27T07:34:50+07:00`.
  package func iso8601(_ unixSeconds: Int64) -> String {
    Timestamp(microsecondsSinceUnixEpoch: unixSeconds * 1_000_000)
      .iso8601(utcOffsetSeconds: zone.utcOffset(atUnixSeconds: unixSeconds))
  }

  /// `YYYY-MM-DD`.
  package func date(_ unixSeconds: Int64) -> String { String(iso8601(unixSeconds).prefix(10)) }

  /// `+07:00`.
  package func offset(_ unixSeconds: Int64) -> String { String(iso8601(unixSeconds).suffix(6)) }

  /// `HH:MM`, with the date before it when it is not `day` (`YYYY-MM-DD`).
  package func clock(_ unixSeconds: Int64, on day: String? = nil) -> String {
    let text = iso8601(unixSeconds)
    let time = String(text.dropFirst(11).prefix(5))
    guard let day, !text.hasPrefix(day) else { return time }
    return "\(text.prefix(10)) \(time)"
  }
}
