import TransitFeeds

/// `--at`: when a planned journey may leave, ISO 8601 to the minute or second: with an offset
/// (`Z`, `+07:00`, `+0700`, `+07`) a moment anywhere; without one a wall-clock time in the feed's
/// time zone; a time alone (`07:30`) is today's there.
public struct PlanTime: Hashable, Sendable {
  /// `nil`: today, in the feed's zone.
  public var date: ServiceDate?
  public var secondsPastMidnight: Int
  public var utcOffsetSeconds: Int?

  /// `text` as ISO 8601 (`2026-11-27T07:30`, `2026-11-27 07:30:15+07:00`, `07:30`).
  @Sendable public init(parsing text: String) throws(PlanTimeProblem) {
    let pattern =
      /^(?:([0-9]{4})-([0-9]{2})-([0-9]{2})[T ])?([0-9]{2}):([0-9]{2})(?::([0-9]{2}))?(Z|([+-])([0-9]{2})(?::?([0-9]{2}))?)?$/
    guard let match = text.wholeMatch(of: pattern) else { throw PlanTimeProblem(text: text) }
    let (_, year, month, day, hour, minute, second, zone, sign, offsetHours, offsetMinutes) = match.output
    func number(_ digits: Substring?) -> Int { digits.flatMap { Int($0) } ?? 0 }
    guard number(hour) < 24, number(minute) < 60, number(second) < 60 else { throw PlanTimeProblem(text: text) }
    secondsPastMidnight = number(hour) * 3600 + number(minute) * 60 + number(second)
    if year != nil {
      let date = ServiceDate(year: number(year), month: number(month), day: number(day))
      guard Self.isCalendarDate(date) else { throw PlanTimeProblem(text: text) }
      self.date = date
    }
    if zone == "Z" {
      utcOffsetSeconds = 0
    } else if zone != nil {
      guard number(offsetHours) <= 18, number(offsetMinutes) < 60 else { throw PlanTimeProblem(text: text) }
      let magnitude = number(offsetHours) * 3600 + number(offsetMinutes) * 60
      utcOffsetSeconds = sign == "-" ? -magnitude : magnitude
    }
  }

  /// The moment, in seconds since 1970-01-01 UTC; `now` (the same) gives today's date in `zone`.
  public func unixSeconds(in zone: AgencyTimeZone, now: Int64) -> Int64 {
    let date = date ?? zone.date(atUnixSeconds: now)
    guard let utcOffsetSeconds else { return zone.unixSeconds(of: date, secondsPastMidnight: secondsPastMidnight) }
    return Self.utcSeconds(of: date) + Int64(secondsPastMidnight - utcOffsetSeconds)
  }

  /// Midnight UTC of `date`.
  private static func utcSeconds(of date: ServiceDate) -> Int64 { Int64(date.daysSinceUnixEpoch) * 86_400 }

  /// A day that exists (no 30 February): the same date back from its day count.
  private static func isCalendarDate(_ date: ServiceDate) -> Bool {
    (1...12).contains(date.month) && (1...31).contains(date.day)
      && ServiceDate(daysSinceUnixEpoch: date.daysSinceUnixEpoch) == date
  }
}

/// `--at`'s value is no ISO 8601 time.
public struct PlanTimeProblem: Error, Hashable, Sendable, CustomStringConvertible {
  public var text: String
  public var description: String {
    "expected an ISO 8601 time such as 2026-11-27T07:30 (the feed's local time), 2026-11-27T07:30+07:00 or 07:30 (today)"
  }
}
