/// Counts of what a scan saw, for summaries and for honesty about what was dropped.
public struct ScanStatistics: Hashable, Sendable {
  /// Every packet offered to the scanner.
  public var packets = 0
  /// LE advertising report events (legacy and extended).
  public var advertisingEvents = 0
  /// Advertising reports inside them; an extended advertisement reported in fragments counts once.
  public var advertisingReports = 0
  /// Extended reports that were fragments of a longer advertisement, joined with the next.
  public var heldFragments = 0
  /// Reports that carried a recognised beacon frame.
  public var beaconReports = 0
  /// Beacon reports that passed the filter and were emitted.
  public var emittedSightings = 0
  /// Event packets that were malformed in whole or in part.
  public var malformedEvents = 0
  /// Emitted sightings whose RSSI no receiver can report (``BeaconRanging/isPossible(rssi:)``):
  /// ranging leaves them out.
  public var impossibleRSSIReports = 0
  /// What was done to a controller that went deaf (``HCIBeaconFinder/RunEnd/deaf(silence:)``).
  public var deafScanRecoveries = DeafScanRecoveries()

  public init() {}

  /// Adds another scanner's counts (a run of several radios: their sum).
  public mutating func add(_ other: ScanStatistics) {
    packets += other.packets
    advertisingEvents += other.advertisingEvents
    advertisingReports += other.advertisingReports
    heldFragments += other.heldFragments
    beaconReports += other.beaconReports
    emittedSightings += other.emittedSightings
    malformedEvents += other.malformedEvents
    impossibleRSSIReports += other.impossibleRSSIReports
    deafScanRecoveries.rescans += other.deafScanRecoveries.rescans
    deafScanRecoveries.resets += other.deafScanRecoveries.resets
    deafScanRecoveries.powerCycles += other.deafScanRecoveries.powerCycles
    deafScanRecoveries.exits += other.deafScanRecoveries.exits
  }
}
