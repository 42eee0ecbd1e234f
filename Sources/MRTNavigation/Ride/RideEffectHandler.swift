/// Carries out a ride's effects (``RideEffect``): presents them, sounds the alarm, notifies,
/// records. The presenter of a command, or a test's recorder.
public protocol RideEffectHandler: AnyObject {
  /// Carries out `effect`; the ride may be stopped or started again from here, and the rest of
  /// the step's effects are then dropped.
  func handle(_ effect: RideEffect)
}
