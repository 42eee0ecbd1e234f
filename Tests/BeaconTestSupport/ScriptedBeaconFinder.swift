import Beacons
import BluetoothTypes

/// An in-memory ``BeaconFinder`` for the use-case tests: ``start()`` answers what it is told
/// to, and the test hands sightings and time to the delegate with ``deliver(_:)`` and
/// ``advance(to:)``, as a scan would.
public final class ScriptedBeaconFinder: BeaconFinder {
  public weak var delegate: (any BeaconFinderDelegate)?
  /// What the next ``start()`` answers when not running.
  public var startResult: BeaconFinderStartResult
  public private(set) var isRunning = false
  /// How often ``start()`` and ``stop()`` were called.
  public private(set) var startCount = 0
  public private(set) var stopCount = 0

  public init(startResult: BeaconFinderStartResult = .started) {
    self.startResult = startResult
  }

  public func start() -> BeaconFinderStartResult {
    startCount += 1
    guard !isRunning else { return .alreadyStarted }
    if startResult == .started { isRunning = true }
    return startResult
  }

  @discardableResult
  public func stop() -> BeaconFinderStopResult {
    stopCount += 1
    guard isRunning else { return .notRunning }
    isRunning = false
    return .stopped
  }

  /// Hands `sighting` to the delegate, whether or not the finder runs (as a stray report
  /// after a stop would).
  public func deliver(_ sighting: BeaconSighting) {
    delegate?.beaconFinder(self, didSee: sighting)
  }

  /// Tells the delegate that time has reached `time`.
  public func advance(to time: Timestamp) {
    delegate?.beaconFinder(self, didReach: time)
  }
}
