#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A time of a service day as GTFS writes it (`HH:MM:SS`, hours past 24 for trips that run past
/// midnight): seconds since "noon minus 12 h" of the service day, which is midnight except on the
/// days clocks change.
public struct ServiceTime: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var seconds: Int32

  public init(seconds: Int32) { self.seconds = seconds }

  public init(hours: Int32, minutes: Int32, seconds: Int32) {
    self.seconds = hours * 3600 + minutes * 60 + seconds
  }

  public static func < (lhs: ServiceTime, rhs: ServiceTime) -> Bool { lhs.seconds < rhs.seconds }

  /// `HH:MM:SS`, as the feed writes it (25:05:00 for five past one the next morning).
  public var description: String {
    let hours = seconds / 3600
    let minutes = seconds / 60 % 60
    let rest = seconds % 60
    func twoDigits(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(twoDigits(hours)):\(twoDigits(minutes)):\(twoDigits(rest))"
  }
}

/// A calendar date as GTFS writes it (`YYYYMMDD`).
public struct ServiceDate: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var year: Int
  public var month: Int
  public var day: Int

  public init(year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  public static func < (lhs: ServiceDate, rhs: ServiceDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  /// The day of the week in the proleptic Gregorian calendar.
  public var weekday: Weekday {
    // 1970-01-01 was a Thursday.
    let monday0 = ((daysSinceUnixEpoch + 3) % 7 + 7) % 7
    return Weekday.allCases[monday0]
  }

  /// Days from 1970-01-01 to this date in the proleptic Gregorian calendar (negative before),
  /// by H. Hinnant's days-from-civil.
  public var daysSinceUnixEpoch: Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The date `days` after 1970-01-01 (before, when negative), by the C library's `gmtime_r`
  /// (UTC: no time zone, no environment read).
  public init(daysSinceUnixEpoch days: Int) {
    var time = time_t(clamping: Int64(days) * 86_400)
    var parts = tm()
    // Only a year beyond a 32-bit tm_year fails; such a day is none a feed or a clock gives.
    guard gmtime_r(&time, &parts) != nil else {
      (year, month, day) = (1970, 1, 1)
      return
    }
    year = Int(parts.tm_year) + 1900
    month = Int(parts.tm_mon) + 1
    day = Int(parts.tm_mday)
  }

  /// `YYYY-MM-DD`.
  public var iso8601: String { "\(Self.padded(year, 4))-\(Self.padded(month, 2))-\(Self.padded(day, 2))" }

  /// `YYYYMMDD`, as GTFS writes it.
  public var description: String { Self.padded(year * 10_000 + month * 100 + day, 8) }

  private static func padded(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}

/// The days of the week, in `calendar.txt`'s column order.
public enum Weekday: Int, CaseIterable, Hashable, Sendable {
  case monday, tuesday, wednesday, thursday, friday, saturday, sunday

  /// The column naming this day in `calendar.txt`.
  public var calendarColumn: String {
    switch self {
    case .monday: "monday"
    case .tuesday: "tuesday"
    case .wednesday: "wednesday"
    case .thursday: "thursday"
    case .friday: "friday"
    case .saturday: "saturday"
    case .sunday: "sunday"
    }
  }
}
