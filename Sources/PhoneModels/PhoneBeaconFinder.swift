import Beacons
import BluetoothTypes

/// A ``BeaconFinder`` as a phone would have been: the reports of the finder it wraps (a capture's
/// replay) pass through a ``PhoneReception``, and its delegate gets what the phone's app would
/// have got, when it would have got it. A use case over it tells what the phone would have told.
///
/// It is also the wrapped finder's delegate: when another delegate takes the wrapped finder's
/// reports first (a run that fans them out), hand them on to this one.
public final class PhoneBeaconFinder: BeaconFinder, BeaconFinderDelegate {
  public weak var delegate: (any BeaconFinderDelegate)?
  /// The finder whose reports the phone receives.
  public let finder: any BeaconFinder
  private var reception: PhoneReception

  /// A phone scanning by `schedule` in front of `finder`, its scan's phase drawn from `seed`.
  public init(wrapping finder: any BeaconFinder, schedule: PhoneScanSchedule, seed: UInt64) {
    self.finder = finder
    var random = SeededRandom(seed: seed, trial: 0)
    reception = PhoneReception(schedule: schedule, random: &random)
  }

  public func start() -> BeaconFinderStartResult {
    finder.delegate = self
    return finder.start()
  }

  /// Stops the wrapped finder; what the phone still held reaches the delegate first (``finish()``).
  @discardableResult
  public func stop() -> BeaconFinderStopResult {
    finish()
    return finder.stop()
  }

  /// Hands the delegate what the phone still holds (a library cycle that had not ended when the
  /// capture did), at the times the app would have had it: the phone scans on after a capture ends.
  public func finish() {
    for sighting in reception.finish() { delegate?.beaconFinder(self, didSee: sighting) }
  }

  public func beaconFinder(_ finder: any BeaconFinder, didSee sighting: BeaconSighting) {
    for delivered in reception.receive(sighting) { delegate?.beaconFinder(self, didSee: delivered) }
  }

  public func beaconFinder(_ finder: any BeaconFinder, didReach time: Timestamp) {
    for delivered in reception.advance(to: time) { delegate?.beaconFinder(self, didSee: delivered) }
    delegate?.beaconFinder(self, didReach: time)
  }
}
