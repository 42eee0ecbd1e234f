import BluetoothTypes
import Testing

@testable import HCIController

@Suite struct AdvertisingSequenceTests {
  typealias F = ControllerFixtures

  @Test func legacyAdvertisingStartAndStop() throws {
    let (session, controller) = F.session(
      F.startScript(bits: F.legacyBits, extendedReports: false) + F.legacyAdvertisingStart + [F.legacyAdvertisingStop])
    try session.start()
    try session.startAdvertising(data: F.iBeacon)
    #expect(session.isAdvertising)
    try session.stopAdvertising()
    #expect(!session.isAdvertising)
    #expect(controller.isConsumed)
  }

  @Test func extendedAdvertisingStartAndStopRemovesTheSet() throws {
    let (session, controller) = F.session(
      F.startScript(bits: F.extendedBits, extendedReports: true) + F.extendedAdvertisingStart
        + F.extendedAdvertisingStop)
    try session.start()
    try session.startAdvertising(data: F.iBeacon, interval: .hundredMilliseconds)
    try session.stopAdvertising()
    #expect(!session.isAdvertising)
    #expect(controller.isConsumed)
    #expect(Array(controller.sent.suffix(2)) == ["39 20 06 00 01 00 00 00 00", "3C 20 01 00"])
  }

  @Test func dataLongerThanALegacyPDUIsRefusedBeforeSending() {
    let (session, controller) = F.session([])
    #expect(throws: ControllerError.self) {
      try session.startAdvertising(data: AdvertisingData(Array(repeating: 0x01, count: 32)))
    }
    #expect(controller.sent.isEmpty)
  }

  /// Some 4.x controllers answer a disable while not advertising with Command Disallowed;
  /// that is not an error.
  @Test func disallowedInitialDisableMeansAlreadyOff() throws {
    var steps = F.legacyAdvertisingStart
    steps[0] = .command("0A 20 01 00", replies: [F.complete(0x200A, "0C")])
    let (session, controller) = F.session(steps)
    try session.startAdvertising(data: F.iBeacon)
    #expect(controller.isConsumed)
    #expect(session.events.isEmpty)
  }
}
