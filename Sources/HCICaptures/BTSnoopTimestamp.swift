import BluetoothTypes

/// A btsnoop record time: microseconds since the format's epoch, nominally midnight,
/// 1 January of year 0 (UTC), as a big-endian `Int64`.
public struct BTSnoopTimestamp: RawRepresentable, Hashable, Sendable {
  /// Microseconds since 0000-01-01T00:00:00Z.
  public var rawValue: Int64
  public init(rawValue: Int64) { self.rawValue = rawValue }

  /// Microseconds from the btsnoop epoch to the Unix epoch (1970-01-01), 0x00DC_DDB3_0F2F_8000,
  /// the constant BlueZ, Android and Wireshark use.
  ///
  /// It is 719 540 days, 12 more than the proleptic Gregorian calendar counts from 0000-01-01,
  /// so it must be taken as given rather than derived from a calendar.
  public static let unixEpochOffset: Int64 = 0x00DC_DDB3_0F2F_8000

  /// The btsnoop timestamp of a capture time.
  ///
  /// Arithmetic wraps instead of trapping for times some 290 000 years away.
  public init(_ time: Timestamp) {
    rawValue = time.microsecondsSinceUnixEpoch &+ Self.unixEpochOffset
  }

  /// The same instant in microseconds since the Unix epoch.
  ///
  /// Arithmetic wraps instead of trapping, because the raw value comes from untrusted files.
  public var captureTime: Timestamp {
    Timestamp(microsecondsSinceUnixEpoch: rawValue &- Self.unixEpochOffset)
  }
}
