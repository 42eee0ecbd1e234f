/// The recovery stages done on a controller that went deaf while scanning (enabled, heard
/// before, then no advertising report for a while), each counted as it was started.
public struct DeafScanRecoveries: Hashable, Sendable, CustomStringConvertible {
  /// Stage 1: scanning disabled and enabled again (``HCIBeaconFinder/rescan()``).
  public var rescans = 0
  /// Stage 2: the controller reset and set up again (``HCIBeaconFinder/resetController()``).
  public var resets = 0
  /// Stage 3: the device powered down and up (``HCIBeaconFinder/powerCycle(_:)``).
  public var powerCycles = 0
  /// Stage 4: the run ended for the service manager to start it again.
  public var exits = 0

  public init() {}

  /// Whether no stage was done.
  public var isEmpty: Bool { self == DeafScanRecoveries() }

  /// "scanning re-enabled 1×, reset 1×, power-cycled 0×, then exited for a restart".
  public var description: String {
    "scanning re-enabled \(rescans)×, reset \(resets)×, power-cycled \(powerCycles)×"
      + (exits > 0 ? ", then exited for a restart" : "")
  }
}
