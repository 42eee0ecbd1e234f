import BeaconTestSupport
import HCICodec
import Testing

@testable import HCIController

@Suite struct ShutdownTests {
  typealias F = ControllerFixtures

  @Test func shutdownDisablesLegacyScanningAndAdvertisingThenCloses() throws {
    let (session, controller) = F.session(
      F.legacyScanStart + F.legacyAdvertisingStart + [F.legacyScanStop, F.legacyAdvertisingStop])
    try session.startScanning()
    try session.startAdvertising(data: F.iBeacon)
    session.shutdown()
    #expect(controller.isConsumed)
    #expect(Array(controller.sent.suffix(2)) == ["0C 20 02 00 00", "0A 20 01 00"])
    #expect(controller.closeCount == 1)
    #expect(!session.isScanning && !session.isAdvertising)
    session.shutdown()
    #expect(controller.closeCount == 1)
  }

  @Test func shutdownDisablesExtendedScanningAndRemovesTheAdvertisingSet() throws {
    let (session, controller) = F.session(
      F.startScript(bits: F.extendedBits, extendedReports: true) + F.extendedScanStart + F.extendedAdvertisingStart
        + [F.extendedScanStop] + F.extendedAdvertisingStop)
    try session.start()
    try session.startScanning()
    try session.startAdvertising(data: F.iBeacon)
    session.shutdown()
    #expect(controller.isConsumed)
    #expect(
      Array(controller.sent.suffix(3)) == [
        "42 20 06 00 00 00 00 00 00", "39 20 06 00 01 00 00 00 00", "3C 20 01 00",
      ])
    #expect(controller.closeCount == 1)
  }

  /// The set is removed even when enabling it failed after its parameters were set.
  @Test func shutdownRemovesASetThatNeverStarted() throws {
    let (session, controller) = F.session(
      Array(F.extendedAdvertisingStart.prefix(2)) + [
        .command("39 20 06 01 01 00 00 00 00", replies: [F.complete(0x2039, "12")])
      ] + F.extendedAdvertisingStop, preference: .extended)
    #expect(throws: ControllerError.self) { try session.startAdvertising(data: F.iBeacon) }
    session.shutdown()
    #expect(controller.isConsumed)
  }

  @Test func idleShutdownOnlyCloses() {
    let (session, controller) = F.session([])
    session.shutdown()
    #expect(controller.sent.isEmpty)
    #expect(controller.closeCount == 1)
  }

  /// A controller that stopped answering costs one timeout, not one per command.
  @Test func deadControllerCostsOneTimeout() throws {
    // On a manual clock: the shutdown's waiting is counted exactly, whatever the machine's load.
    let clock = ManualClock()
    let (session, controller) = F.session(
      F.legacyScanStart + F.legacyAdvertisingStart + [.command("0C 20 02 00 00", replies: [])],
      timeout: .milliseconds(200), clock: clock)
    try session.startScanning()
    try session.startAdvertising(data: F.iBeacon)
    let started = clock.now
    session.shutdown()
    #expect(started.duration(to: clock.now) == .milliseconds(200))
    #expect(controller.isConsumed)
    #expect(controller.closeCount == 1)
    #expect(
      session.events == [
        .shutdownStepFailed(
          command: "stopping scanning",
          error: .noResponse(
            command: "LE Set Scan Enable", opcode: LESetScanEnable.opcode, after: .milliseconds(200),
            connection: "scripted"))
      ])
  }
}
