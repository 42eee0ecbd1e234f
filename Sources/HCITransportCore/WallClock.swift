import BluetoothTypes

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The time of day, for stamping live packets as captures do.
public enum WallClock {
  /// Now, in microseconds since the Unix epoch. The corresponding C function is `clock_gettime`.
  public static func now() -> Timestamp {
    var spec = timespec()
    clock_gettime(CLOCK_REALTIME, &spec)
    return Timestamp(microsecondsSinceUnixEpoch: Int64(spec.tv_sec) * 1_000_000 + Int64(spec.tv_nsec) / 1000)
  }
}
