/// Why an alarm sounds.
public enum AlarmReason: Hashable, Sendable {
  /// The rider has arrived at their destination.
  case arrived(at: Station)
}
