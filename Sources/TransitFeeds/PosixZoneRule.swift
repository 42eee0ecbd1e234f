/// A POSIX `TZ` rule as a TZif file's footer gives it (RFC 8536 3.3; POSIX.1 8.3, with the
/// extension of hours from -167 to 167 in a rule's time): `WIB-7`, `<+07>-7`,
/// `CET-1CEST,M3.5.0,M10.5.0/3`. Offsets in the string count west of UTC; here east, in seconds.
struct PosixZoneRule: Sendable {
  /// When in a year a change happens: a date rule and the local time of day (seconds).
  struct Change: Hashable, Sendable {
    enum Day: Hashable, Sendable {
      /// `Jn`: day 1…365 of the year, 29 February never counted.
      case julianWithoutLeapDay(Int)
      /// `n`: day 0…365 of the year, 29 February counted.
      case zeroBased(Int)
      /// `Mm.w.d`: day `d` (0 Sunday) of week `w` (5: the last) of month `m`.
      case monthWeekDay(month: Int, week: Int, weekday: Int)
    }
    var day: Day
    var seconds: Int
  }

  var standardOffset: Int
  /// Summer time: its offset and when it starts and ends; `nil` when the zone has none.
  var daylight: (offset: Int, start: Change, end: Change)?

  /// `text` read as a rule; `nil` when it is not one.
  init?(_ text: String) {
    var scanner = Scanner(Array(text.utf8))
    guard scanner.name(), let standardWest = scanner.offset() else { return nil }
    standardOffset = -standardWest
    if scanner.atEnd { return }
    guard scanner.name() else { return nil }
    var daylightOffset = standardOffset + 3600
    if let west = scanner.offset() { daylightOffset = -west }
    var start = Change(day: .monthWeekDay(month: 3, week: 2, weekday: 0), seconds: 7200)
    var end = Change(day: .monthWeekDay(month: 11, week: 1, weekday: 0), seconds: 7200)
    if scanner.take(UInt8(ascii: ",")) {
      guard let first = scanner.change(), scanner.take(UInt8(ascii: ",")), let second = scanner.change() else {
        return nil
      }
      (start, end) = (first, second)
    }
    guard scanner.atEnd else { return nil }
    daylight = (daylightOffset, start, end)
  }

  /// The offset (seconds east of UTC) at `unixSeconds`.
  func utcOffset(at unixSeconds: Int64) -> Int {
    guard let daylight else { return standardOffset }
    let localDays = Int((unixSeconds + Int64(standardOffset)).quotientFloor(86_400))
    let year = ServiceDate(daysSinceUnixEpoch: localDays).year
    // Starts at its time in standard time, ends at its time in summer time.
    let start = Self.localSeconds(daylight.start, year: year) - Int64(standardOffset)
    let end = Self.localSeconds(daylight.end, year: year) - Int64(daylight.offset)
    let inSummer =
      start < end ? (start <= unixSeconds && unixSeconds < end) : (unixSeconds < end || unixSeconds >= start)
    return inSummer ? daylight.offset : standardOffset
  }

  /// Seconds since 1970-01-01 00:00 local time of `change` in `year`.
  private static func localSeconds(_ change: Change, year: Int) -> Int64 {
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let january1 = ServiceDate(year: year, month: 1, day: 1).daysSinceUnixEpoch
    let days: Int
    switch change.day {
    case .julianWithoutLeapDay(let day): days = january1 + day - 1 + (leap && day >= 60 ? 1 : 0)
    case .zeroBased(let day): days = january1 + day
    case .monthWeekDay(let month, let week, let weekday):
      let first = ServiceDate(year: year, month: month, day: 1).daysSinceUnixEpoch
      // 1970-01-01 was a Thursday (4, counting Sunday as 0).
      let firstWeekday = ((first + 4) % 7 + 7) % 7
      var day = first + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
      let next = ServiceDate(year: month == 12 ? year + 1 : year, month: month == 12 ? 1 : month + 1, day: 1)
      while day >= next.daysSinceUnixEpoch { day -= 7 }
      days = day
    }
    return Int64(days) * 86_400 + Int64(change.seconds)
  }

  /// Reads the parts of a `TZ` string from the front.
  private struct Scanner {
    let bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { position == bytes.count }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func take(_ byte: UInt8) -> Bool {
      guard current == byte else { return false }
      position += 1
      return true
    }

    /// A zone abbreviation: three letters or more, or `<…>` (letters, digits, `+`, `-`).
    mutating func name() -> Bool {
      let start = position
      if take(UInt8(ascii: "<")) {
        while let byte = current, byte != UInt8(ascii: ">") { position += 1 }
        return take(UInt8(ascii: ">")) && position - start >= 5
      }
      while let byte = current,
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      {
        position += 1
      }
      return position - start >= 3
    }

    /// `[+-]hh[:mm[:ss]]` in seconds; hours up to 167.
    mutating func offset() -> Int? {
      let negative = take(UInt8(ascii: "-"))
      if !negative { _ = take(UInt8(ascii: "+")) }
      guard let hours = number(maximum: 167) else { return nil }
      var seconds = hours * 3600
      if take(UInt8(ascii: ":")) {
        guard let minutes = number(maximum: 59) else { return nil }
        seconds += minutes * 60
        if take(UInt8(ascii: ":")) {
          guard let rest = number(maximum: 59) else { return nil }
          seconds += rest
        }
      }
      return negative ? -seconds : seconds
    }

    /// A change: `Jn`, `n` or `Mm.w.d`, then `/time` (default 02:00).
    mutating func change() -> Change? {
      let day: Change.Day
      if take(UInt8(ascii: "J")) {
        guard let number = number(maximum: 365), number >= 1 else { return nil }
        day = .julianWithoutLeapDay(number)
      } else if take(UInt8(ascii: "M")) {
        guard let month = number(maximum: 12), month >= 1, take(UInt8(ascii: ".")),
          let week = number(maximum: 5), week >= 1, take(UInt8(ascii: ".")), let weekday = number(maximum: 6)
        else { return nil }
        day = .monthWeekDay(month: month, week: week, weekday: weekday)
      } else {
        guard let number = number(maximum: 365) else { return nil }
        day = .zeroBased(number)
      }
      var seconds = 7200
      if take(UInt8(ascii: "/")) {
        guard let time = offset() else { return nil }
        seconds = time
      }
      return Change(day: day, seconds: seconds)
    }

    private mutating func number(maximum: Int) -> Int? {
      var value = 0
      var digits = 0
      while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), digits < 3 {
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
        digits += 1
        position += 1
      }
      return digits > 0 && value <= maximum ? value : nil
    }
  }
}

extension Int64 {
  /// The quotient rounded towards negative infinity.
  fileprivate func quotientFloor(_ divisor: Int64) -> Int64 {
    let quotient = self / divisor
    return self % divisor < 0 ? quotient - 1 : quotient
  }
}
