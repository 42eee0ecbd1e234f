/// A point in time, in microseconds since the Unix epoch (UTC): when a capture recorded a packet,
/// when a live controller's report was read, when a GPS fix was taken.
public struct Timestamp: Hashable, Sendable, Comparable {
  public var microsecondsSinceUnixEpoch: Int64

  public init(microsecondsSinceUnixEpoch: Int64) {
    self.microsecondsSinceUnixEpoch = microsecondsSinceUnixEpoch
  }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.microsecondsSinceUnixEpoch < rhs.microsecondsSinceUnixEpoch
  }
}

extension Timestamp {
  /// ISO-8601 UTC with milliseconds, e.g. `2026-11-22T03:04:05.678Z`.
  public var iso8601: String { iso8601Text(utcOffsetSeconds: nil) }

  /// ISO-8601 local time to the second with its offset from UTC, e.g.
  /// `2026-11-22T10:04:05+07:00` for `utcOffsetSeconds` 25200 (the fraction of a second is
  /// dropped).
  public func iso8601(utcOffsetSeconds: Int) -> String { iso8601Text(utcOffsetSeconds: utcOffsetSeconds) }

  /// `nil` offset: UTC with milliseconds and `Z`; else local time to the second and `±HH:MM`.
  private func iso8601Text(utcOffsetSeconds offset: Int?) -> String {
    let micros = microsecondsSinceUnixEpoch
    // Floor division from quotient and remainder: nothing here can overflow, even at Int64.min.
    let remainder = micros % 1_000_000
    let utcSeconds = micros / 1_000_000 - (remainder < 0 ? 1 : 0)
    let millis = Int((remainder < 0 ? remainder + 1_000_000 : remainder) / 1000)
    // An offset is at most a day either way (clamped); the seconds are at most Int64.max / 10⁶, so
    // adding it cannot overflow.
    let offset = offset.map { min(max($0, -86_400), 86_400) }
    let seconds = utcSeconds + Int64(offset ?? 0)
    let days = seconds / 86_400 - (seconds % 86_400 < 0 ? 1 : 0)
    let secondOfDay = Int(seconds - days * 86_400)
    let (year, month, day) = Self.civilDate(daysSinceEpoch: days)
    var text: [UInt8] = []
    text.reserveCapacity(25)
    func append(_ value: Int, width: Int) {
      if value < 0 { text.append(UInt8(ascii: "-")) }
      var digits: [UInt8] = []
      var rest = value.magnitude
      repeat {
        digits.append(UInt8(ascii: "0") + UInt8(rest % 10))
        rest /= 10
      } while rest > 0
      for _ in digits.count..<max(width, digits.count) { text.append(UInt8(ascii: "0")) }
      text.append(contentsOf: digits.reversed())
    }
    func appendTwoDigits(_ value: Int) {
      text.append(UInt8(ascii: "0") + UInt8(value / 10))
      text.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
    if (0...9999).contains(year) {
      appendTwoDigits(Int(year) / 100)
      appendTwoDigits(Int(year) % 100)
    } else {
      append(Int(year), width: 4)
    }
    text.append(UInt8(ascii: "-"))
    appendTwoDigits(month)
    text.append(UInt8(ascii: "-"))
    appendTwoDigits(day)
    text.append(UInt8(ascii: "T"))
    appendTwoDigits(secondOfDay / 3600)
    text.append(UInt8(ascii: ":"))
    appendTwoDigits(secondOfDay / 60 % 60)
    text.append(UInt8(ascii: ":"))
    appendTwoDigits(secondOfDay % 60)
    guard let offset else {
      text.append(UInt8(ascii: "."))
      text.append(UInt8(ascii: "0") + UInt8(millis / 100))
      appendTwoDigits(millis % 100)
      text.append(UInt8(ascii: "Z"))
      return String(decoding: text, as: UTF8.self)
    }
    text.append(UInt8(ascii: offset < 0 ? "-" : "+"))
    let minutes = (offset.magnitude + 30) / 60
    appendTwoDigits(Int(minutes / 60))
    text.append(UInt8(ascii: ":"))
    appendTwoDigits(Int(minutes % 60))
    return String(decoding: text, as: UTF8.self)
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
