import POSIXSupport
import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The agency's time zone (`agency_timezone`, an IANA name such as `Asia/Jakarta`): where a
/// service day starts and what offset its times have, whatever the machine's own `TZ`.
///
/// The rules come from the system's time zone database (Debian's `tzdata`, in
/// `/usr/share/zoneinfo` or `$TZDIR`), read by the C library: its `mktime` and `localtime_r`
/// run with `TZ` set to the zone for the moment of the call, behind one lock, and `TZ` is put back
/// after. Nothing else in these tools reads local time.
public struct AgencyTimeZone: Hashable, Sendable {
  /// The IANA name, as the feed gives it.
  public let identifier: String

  /// The zone named `identifier`, when the time zone database has it (`nil` for a name that is
  /// not an IANA zone name or is not in the database; see ``databaseIsInstalled``).
  public init?(identifier: String) {
    let parts = identifier.split(separator: "/", omittingEmptySubsequences: false)
    let allowed = identifier.utf8.allSatisfy { byte in
      (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "/_-+".utf8.contains(byte)
    }
    // Letters, digits, `/`, `_`, `-` and `+` (no dot, so no `..`), no empty part: a name inside
    // the database, never a path out of it.
    guard allowed, identifier.utf8.count <= 64, !parts.contains(where: \.isEmpty),
      Self.isZoneFile(FilePath(Self.databaseDirectory).appending(identifier).string)
    else { return nil }
    self.identifier = identifier
  }

  /// Whether this machine has a time zone database (its folder exists).
  public static var databaseIsInstalled: Bool {
    var status = stat()
    return stat(databaseDirectory, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
  }

  /// The offset from UTC, in seconds, at `unixSeconds` (seconds since 1970-01-01 UTC).
  public func utcOffset(atUnixSeconds unixSeconds: Int64) -> Int {
    withZone {
      var time = time_t(clamping: unixSeconds)
      var parts = tm()
      guard localtime_r(&time, &parts) != nil else { return 0 }
      return Int(parts.tm_gmtoff)
    }
  }

  /// The calendar date in this zone at `unixSeconds`.
  public func date(atUnixSeconds unixSeconds: Int64) -> ServiceDate {
    withZone {
      var time = time_t(clamping: unixSeconds)
      var parts = tm()
      guard localtime_r(&time, &parts) != nil else { return ServiceDate(year: 1970, month: 1, day: 1) }
      return ServiceDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
    }
  }

  /// When the service day `date` starts, in seconds since 1970-01-01 UTC: GTFS measures a service
  /// day's times from "noon minus 12 h", which is midnight except on the days clocks change.
  public func serviceDayStart(_ date: ServiceDate) -> Int64 {
    withZone {
      var parts = tm()
      parts.tm_year = Int32(clamping: date.year - 1900)
      parts.tm_mon = Int32(clamping: date.month - 1)
      parts.tm_mday = Int32(clamping: date.day)
      parts.tm_hour = 12
      parts.tm_isdst = -1
      return Int64(mktime(&parts)) - 12 * 3600
    }
  }

  /// The Unix time of `seconds` past midnight of `date`, a local wall-clock time in this zone
  /// (the earlier of two when clocks go back; a time skipped when clocks go forward is taken as
  /// the same distance past the change).
  public func unixSeconds(of date: ServiceDate, secondsPastMidnight seconds: Int) -> Int64 {
    withZone {
      var parts = tm()
      parts.tm_year = Int32(clamping: date.year - 1900)
      parts.tm_mon = Int32(clamping: date.month - 1)
      parts.tm_mday = Int32(clamping: date.day)
      parts.tm_sec = Int32(clamping: seconds)
      parts.tm_isdst = -1
      return Int64(mktime(&parts))
    }
  }

  /// The date `days` after `date` (before, when negative), counted in this zone's calendar.
  public func date(_ date: ServiceDate, plusDays days: Int) -> ServiceDate {
    // mktime carries a day of month past the month's end into the next month, and back.
    let noon = unixSeconds(
      of: ServiceDate(year: date.year, month: date.month, day: date.day + days), secondsPastMidnight: 12 * 3600)
    return self.date(atUnixSeconds: noon)
  }

  /// The database's folder: `$TZDIR`, else `/usr/share/zoneinfo`, as the C library reads it.
  static var databaseDirectory: String {
    guard let value = getenv("TZDIR"), value.pointee != 0 else { return "/usr/share/zoneinfo" }
    return String(cString: value)
  }

  /// A regular file that starts as RFC 8536 says a zone file does ("TZif"): never a device or a
  /// FIFO, which the C library would read from (or block on).
  private static func isZoneFile(_ path: String) -> Bool {
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var magic = [UInt8](repeating: 0, count: 4)
    let count = magic.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 4) }
    return count == 4 && magic == Array("TZif".utf8)
  }

  /// The process's `TZ` while a call runs with another zone's.
  private static let environment = POSIXMutex(())

  private func withZone<Result>(_ body: () -> Result) -> Result {
    Self.environment.withLock { _ in
      let saved = getenv("TZ").map { String(cString: $0) }
      setenv("TZ", ":" + identifier, 1)
      tzset()
      defer {
        if let saved { setenv("TZ", saved, 1) } else { unsetenv("TZ") }
        tzset()
      }
      return body()
    }
  }
}

/// Why a feed's times cannot be placed in time: its `agency_timezone` is no zone, or the machine
/// has no time zone database.
public enum AgencyTimeZoneProblem: Error, Hashable, Sendable, CustomStringConvertible {
  /// `agency_timezone` is not a zone the database has (file `agency.txt`, its line and column).
  case feed(FeedError)
  /// The machine has no time zone database.
  case noDatabase(directory: String)

  public var description: String {
    switch self {
    case .feed(let error): error.description
    case .noDatabase(let directory):
      "there is no time zone database in \(directory); install it (apt-get install tzdata)"
    }
  }
}
