import BluetoothTypes
import HCITransportCore

/// Measures time since it was started, on whatever clock the session was given.
struct Stopwatch {
  /// The time since the stopwatch started.
  let elapsed: () -> Duration

  /// A factory that starts a stopwatch on `clock` each time it is called.
  static func factory<C: Clock>(on clock: C) -> () -> Stopwatch where C.Duration == Duration {
    {
      let start = clock.now
      return Stopwatch { start.duration(to: clock.now) }
    }
  }
}
