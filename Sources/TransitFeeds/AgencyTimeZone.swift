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
/// `/usr/share/zoneinfo` or `$TZDIR`): the zone's TZif file, read here (``ZoneRules``), not by
/// the C library with `TZ` set, which would change the process's environment under other threads.
public struct AgencyTimeZone: Hashable, Sendable {
  /// The IANA name, as the feed gives it.
  public let identifier: String
  private let rules: ZoneRules

  /// The zone named `identifier`, when the time zone database has it (`nil` for a name that is
  /// not an IANA zone name, is not in the database or whose file is no TZif file; see
  /// ``databaseIsInstalled``).
  public init?(identifier: String) {
    let parts = identifier.split(separator: "/", omittingEmptySubsequences: false)
    let allowed = identifier.utf8.allSatisfy { byte in
      (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "/_-+".utf8.contains(byte)
    }
    // Letters, digits, `/`, `_`, `-` and `+` (no dot, so no `..`), no empty part: a name inside
    // the database, never a path out of it. The file is read as a regular file only (never a
    // FIFO or a device), 1 MiB at most.
    guard allowed, identifier.utf8.count <= 64, !parts.contains(where: \.isEmpty),
      let bytes = try? FileDescriptor.readSmallFile(
        FilePath(Self.databaseDirectory).appending(identifier).string, limit: 1 << 20),
      let rules = try? ZoneRules(tzif: bytes)
    else { return nil }
    self.identifier = identifier
    self.rules = rules
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.identifier == rhs.identifier }
  public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }

  /// Whether this machine has a time zone database (its folder exists).
  public static var databaseIsInstalled: Bool {
    var status = stat()
    return stat(databaseDirectory, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
  }

  /// The offset from UTC, in seconds, at `unixSeconds` (seconds since 1970-01-01 UTC).
  public func utcOffset(atUnixSeconds unixSeconds: Int64) -> Int { rules.utcOffset(at: unixSeconds) }

  /// The calendar date in this zone at `unixSeconds`.
  public func date(atUnixSeconds unixSeconds: Int64) -> ServiceDate {
    let local = unixSeconds + Int64(utcOffset(atUnixSeconds: unixSeconds))
    let days = local / 86_400 - (local % 86_400 < 0 ? 1 : 0)
    return ServiceDate(daysSinceUnixEpoch: Int(days))
  }

  /// When the service day `date` starts, in seconds since 1970-01-01 UTC: GTFS measures a service
  /// day's times from "noon minus 12 h", which is midnight except on the days clocks change.
  public func serviceDayStart(_ date: ServiceDate) -> Int64 {
    unixSeconds(of: date, secondsPastMidnight: 12 * 3600) - 12 * 3600
  }

  /// The Unix time of `seconds` past midnight of `date`, a local wall-clock time in this zone
  /// (of a time that happens twice when clocks go back, one of the two; a time skipped when they
  /// go forward is taken with the offset before the change).
  public func unixSeconds(of date: ServiceDate, secondsPastMidnight seconds: Int) -> Int64 {
    let local = Int64(date.daysSinceUnixEpoch) * 86_400 + Int64(seconds)
    // The offset where the local time falls, found from the offset at its reading as UTC.
    let guess = local - Int64(utcOffset(atUnixSeconds: local))
    return local - Int64(utcOffset(atUnixSeconds: guess))
  }

  /// The date `days` after `date` (before, when negative).
  public func date(_ date: ServiceDate, plusDays days: Int) -> ServiceDate {
    ServiceDate(daysSinceUnixEpoch: date.daysSinceUnixEpoch + days)
  }

  /// The database's folder: `$TZDIR`, else `/usr/share/zoneinfo`, as the C library reads it.
  static var databaseDirectory: String {
    guard let value = getenv("TZDIR"), value.pointee != 0 else { return "/usr/share/zoneinfo" }
    return String(cString: value)
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
