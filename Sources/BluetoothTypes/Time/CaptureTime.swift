/// A point in time as captures record it, in microseconds since the Unix epoch (UTC).
public struct CaptureTime: Hashable, Sendable, Comparable {
  public var microsecondsSinceUnixEpoch: Int64

  public init(microsecondsSinceUnixEpoch: Int64) {
    self.microsecondsSinceUnixEpoch = microsecondsSinceUnixEpoch
  }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.microsecondsSinceUnixEpoch < rhs.microsecondsSinceUnixEpoch
  }
}

extension CaptureTime {
  /// ISO-8601 UTC with milliseconds, e.g. `2026-11-22T03:04:05.678Z`.
  public var iso8601: String {
    let micros = microsecondsSinceUnixEpoch
    // Floor division from quotient and remainder: nothing here can overflow, even at Int64.min.
    let remainder = micros % 1_000_000
    let seconds = micros / 1_000_000 - (remainder < 0 ? 1 : 0)
    let millis = Int((remainder < 0 ? remainder + 1_000_000 : remainder) / 1000)
    let days = seconds / 86_400 - (seconds % 86_400 < 0 ? 1 : 0)
    let secondOfDay = Int(seconds - days * 86_400)
    let (year, month, day) = Self.civilDate(daysSinceEpoch: days)
    func pad(_ value: Int, _ width: Int) -> String {
      let text = String(value.magnitude)
      let digits = text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
      return value < 0 ? "-" + digits : digits
    }
    return "\(pad(Int(year), 4))-\(pad(month, 2))-\(pad(day, 2))T"
      + "\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))"
      + ".\(pad(millis, 3))Z"
  }

  /// Proleptic Gregorian date for a day count from 1970-01-01 (Howard Hinnant's algorithm).
  static func civilDate(daysSinceEpoch: Int64) -> (year: Int64, month: Int, day: Int) {
    let z = daysSinceEpoch + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = Int(dayOfYear - (153 * monthIndex + 2) / 5 + 1)
    let month = Int(monthIndex < 10 ? monthIndex + 3 : monthIndex - 9)
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day)
  }
}
