import Testing

@testable import HCIController

@Suite struct ScanningSequenceTests {
  typealias F = ControllerFixtures

  @Test func legacyScanStartAndStop() throws {
    let (session, controller) = F.session(
      F.startScript(bits: F.legacyBits, extendedReports: false) + F.legacyScanStart + [F.legacyScanStop])
    try session.start()
    try session.startScanning()
    #expect(session.isScanning)
    try session.stopScanning()
    #expect(!session.isScanning)
    #expect(controller.isConsumed)
    #expect(Array(controller.sent.suffix(3)) == ["0B 20 07 00 A0 00 A0 00 00 00", "0C 20 02 01 00", "0C 20 02 00 00"])
  }

  @Test func legacyActiveScanWithDuplicateFilter() throws {
    let (session, controller) = F.session(
      F.startScript(bits: F.legacyBits, extendedReports: false) + [
        .command("0B 20 07 01 60 00 30 00 00 00", replies: [F.complete(0x200B)]),
        .command("0C 20 02 01 01", replies: [F.complete(0x200C)]),
      ])
    try session.start()
    try session.startScanning(
      ScanConfiguration(active: true, intervalMilliseconds: 60, windowMilliseconds: 30, filterDuplicates: true))
    #expect(controller.isConsumed)
  }

  @Test func extendedScanStartAndStop() throws {
    let (session, controller) = F.session(
      F.startScript(bits: F.extendedBits, extendedReports: true) + F.extendedScanStart + [F.extendedScanStop])
    try session.start()
    try session.startScanning()
    try session.stopScanning()
    #expect(controller.isConsumed)
  }

  /// A deaf controller's reset: the session started again resets the controller, which leaves
  /// it not scanning, so scanning is enabled again without a disable first.
  @Test func aSessionStartedAgainAfterAResetEnablesScanningWithoutDisablingFirst() throws {
    let start = F.startScript(bits: F.legacyBits, extendedReports: false)
    let (session, controller) = F.session(start + F.legacyScanStart + start + F.legacyScanStart)
    try session.start()
    try session.startScanning()
    try session.start()
    #expect(!session.isScanning)
    try session.startScanning()
    #expect(session.isScanning)
    #expect(controller.isConsumed)
    #expect(session.events.filter { $0 == .reset }.count == 2)
  }

  @Test func stoppingWhenNotScanningSendsNothing() throws {
    let (session, controller) = F.session([])
    try session.stopScanning()
    #expect(controller.sent.isEmpty)
  }

  @Test func windowLongerThanIntervalIsRefusedBeforeSending() {
    let (session, controller) = F.session([])
    #expect(throws: ControllerError.self) {
      try session.startScanning(ScanConfiguration(intervalMilliseconds: 50, windowMilliseconds: 100))
    }
    #expect(controller.sent.isEmpty)
  }

  @Test func intervalOutOfRangeSaysTheRange() {
    let (session, _) = F.session([])
    do {
      try session.startScanning(ScanConfiguration(intervalMilliseconds: 1, windowMilliseconds: 1))
      Issue.record("expected an error")
    } catch {
      #expect(error == .invalidParameter("the scan interval of 1.0 ms is outside 2.5...10240.0 ms"))
    }
  }
}
