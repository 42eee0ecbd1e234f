/// When fixes say the train stands at a platform: the thresholds of ``GPSStationDetector``.
///
/// The defaults fit the North–South line: six-car trains about 120 m long stop with the rider
/// within about 60 m of the platform centre; neighbouring platforms are at least 600 m apart;
/// a phone's or a USB receiver's fix wanders by several metres, and its Doppler speed at rest
/// reads a few centimetres a second.
public struct GPSStationPolicy: Hashable, Sendable {
  /// How close to a platform centre the stopped train's fixes must average, in metres: half a
  /// train plus the receiver's error, and far less than half the shortest spacing (630 m).
  public var platformRadius: Double = 120
  /// At or below this speed (m/s) the train is stopped. A signal stop and a platform stop look
  /// alike here; where they are tells them apart.
  public var stoppedSpeed: Double = 0.5
  /// Consecutive stopped fixes near a platform that make an arrival: at gpsd's 1 Hz, the event
  /// comes about 2 s after the train stops.
  public var stoppedFixes: Int = 3
  /// The longest gap between two fixes that still leaves them consecutive.
  public var maximumFixGap: Duration = .seconds(3)
  /// After a gap longer than this (a tunnel, a lost receiver) the next fix is believed as it
  /// is: nothing recent to check it against.
  public var reanchorGap: Duration = .seconds(10)
  /// Multipath: a fix further from the last believed one than the distance the train could
  /// have covered (its speed × the time between, with half again for acceleration) plus this
  /// many metres, and the receiver's own error estimate, is not believed.
  public var jumpAllowance: Double = 50
  /// This many disbelieved fixes in a row that agree with one another (within
  /// ``jumpAllowance``) are believed after all: the old position was the wrong one. So are
  /// this many in a row older than the last believed fix but running forward among themselves:
  /// the receiver's clock was stepped back.
  public var fixesToReanchor: Int = 5
  /// How far (m) from a station the rider must have gone before arriving there again counts,
  /// and before the station is reported as left.
  public var departureDistance: Double = 300

  public init() {}
}
