import HCICodec
import Testing

@testable import HCIController

@Suite struct RecoveryTests {
  typealias F = ControllerFixtures

  /// Scanning left on by an earlier run: Command Disallowed on enable, so disable and retry.
  @Test func disallowedScanEnableDisablesAndRetriesOnce() throws {
    let (session, controller) = F.session(
      [
        .command("0B 20 07 00 A0 00 A0 00 00 00", replies: [F.complete(0x200B)]),
        .command("0C 20 02 01 00", replies: [F.complete(0x200C, "0C")]),
        F.legacyScanStop,
      ] + F.legacyScanStart)
    try session.startScanning()
    #expect(controller.isConsumed)
    #expect(session.isScanning)
    #expect(session.events == [.disabledAndRetried(command: "LE Set Scan Enable", set: .legacy)])
  }

  @Test func disallowedScanParametersDisablesAndRetries() throws {
    let (session, controller) = F.session(
      [.command("0B 20 07 00 A0 00 A0 00 00 00", replies: [F.complete(0x200B, "0C")]), F.legacyScanStop]
        + F.legacyScanStart)
    try session.startScanning()
    #expect(controller.isConsumed)
  }

  @Test func disallowedTwiceIsAnErrorWhenNoOtherSetIsClaimed() throws {
    let refusedParameters = ScriptedController.Step.command(
      "0B 20 07 00 A0 00 A0 00 00 00", replies: [F.complete(0x200B, "0C")])
    let (session, controller) = F.session(
      F.startScript(bits: F.legacyBits, extendedReports: false) + [
        refusedParameters, F.legacyScanStop, refusedParameters,
      ])
    try session.start()
    #expect(
      throws: ControllerError.commandFailed(
        command: "LE Set Scan Parameters", opcode: LESetScanParameters.opcode, status: .commandDisallowed,
        connection: "scripted")
    ) {
      try session.startScanning()
    }
    #expect(controller.isConsumed)
    #expect(!session.isScanning)
  }

  /// Controllers refuse legacy commands once extended ones were used: switch to extended.
  @Test func legacyRefusedAfterExtendedSwitchesToExtended() throws {
    let (session, controller) = F.session(
      [
        .command("42 20 06 00 00 00 00 00 00", replies: [F.complete(0x2042)]),
        .command("0B 20 07 00 A0 00 A0 00 00 00", replies: [F.complete(0x200B, "0C")]),
      ] + F.extendedScanStart + [F.extendedScanStop])
    try session.execute(LESetExtendedScanEnable(enable: false))
    try session.startScanning()
    #expect(session.scanningCommandSet == .extended)
    #expect(
      session.events == [
        .switchedCommandSet(from: .legacy, to: .extended, command: "LE Set Scan Parameters", status: .commandDisallowed)
      ])
    try session.stopScanning()
    #expect(controller.isConsumed)
  }

  /// A controller whose bits claim extended scanning but that does not implement it.
  @Test func unknownExtendedCommandSwitchesToLegacy() throws {
    let (session, controller) = F.session(
      F.startScript(bits: F.extendedBits, extendedReports: true) + [
        .command("41 20 08 00 00 01 00 A0 00 A0 00", replies: [F.complete(0x2041, "01")])
      ] + F.legacyScanStart)
    try session.start()
    try session.startScanning()
    #expect(controller.isConsumed)
    #expect(session.scanningCommandSet == .legacy)
    #expect(
      session.events.last
        == .switchedCommandSet(
          from: .extended, to: .legacy, command: "LE Set Extended Scan Parameters", status: .unknownHCICommand))
  }

  /// bluetoothd used legacy advertising on the shared controller, so extended commands are
  /// disallowed: the disable-and-retry does not help, then the session switches to legacy.
  @Test func extendedRefusedAfterLegacyUseSwitchesToLegacy() throws {
    let refused = ScriptedController.Step.command(
      "36 20 19 00 10 00 A0 00 00 A0 00 00 07 00 00 00 00 00 00 00 00 00 7F 01 00 01 00 00",
      replies: [F.complete(0x2036, "0C")])
    let (session, controller) = F.session(
      F.startScript(bits: F.extendedBits, extendedReports: true) + [
        refused, .command("39 20 06 00 01 00 00 00 00", replies: [F.complete(0x2039, "0C")]), refused,
      ] + F.legacyAdvertisingStart + [F.legacyAdvertisingStop])
    try session.start()
    try session.startAdvertising(data: F.iBeacon)
    #expect(session.advertisingCommandSet == .legacy)
    #expect(
      Array(session.events.suffix(2)) == [
        .disabledAndRetried(command: "LE Set Extended Advertising Parameters", set: .extended),
        .switchedCommandSet(
          from: .extended, to: .legacy, command: "LE Set Extended Advertising Parameters",
          status: .commandDisallowed),
      ])
    try session.stopAdvertising()
    #expect(controller.isConsumed)
  }

  @Test func forcedCommandSetDoesNotSwitch() {
    let (session, controller) = F.session(
      [.command("41 20 08 00 00 01 00 A0 00 A0 00", replies: [F.complete(0x2041, "01")])], preference: .extended)
    #expect(
      throws: ControllerError.commandFailed(
        command: "LE Set Extended Scan Parameters", opcode: LESetExtendedScanParameters.opcode,
        status: .unknownHCICommand, connection: "scripted")
    ) {
      try session.startScanning()
    }
    #expect(controller.isConsumed)
    #expect(session.events.isEmpty)
  }
}
