import BeaconTestSupport
import BluetoothTypes
import HCICodec
import Testing

@testable import HCIController

@Suite struct CommandFlowTests {
  typealias F = ControllerFixtures

  @Test func typedReturnParameters() throws {
    let (session, controller) = F.session([
      .command("09 10 00", replies: [F.complete(0x1009, "00 " + F.addressBytes)])
    ])
    let result = try session.execute(ReadBDADDR())
    #expect(result.bdAddr == BluetoothAddress("B8:27:EB:12:34:56"))
    #expect(controller.isConsumed)
  }

  @Test func reportsArrivingWhileACommandIsPendingAreQueuedInOrder() throws {
    let first = F.advertisingReport([0x02, 0x01, 0x06])
    let second = F.advertisingReport([0x03, 0x03, 0xAA, 0xFE])
    let third = F.advertisingReport([0x02, 0x01, 0x04])
    let (session, controller) = F.session([
      .command("0B 20 07 00 A0 00 A0 00 00 00", replies: [F.complete(0x200B)]),
      .command("0C 20 02 01 00", replies: [first, second, F.complete(0x200C)]),
      .events([third]),
    ])
    try session.startScanning()
    #expect(session.isScanning)
    let packets = try (0..<3).map { _ in try session.nextPacket(timeout: .milliseconds(50)) }
    #expect(packets.map { $0.map { Hex.encode($0.packet.bytes, separator: " ") } } == [first, second, third])
    #expect(packets.allSatisfy { $0?.packet.type == .event && $0?.packet.direction == .controllerToHost })
    #expect(try session.nextPacket(timeout: .zero) == nil)
    #expect(controller.isConsumed)
  }

  @Test func creditOnlyEventsAreConsumedByNextPacket() throws {
    let report = F.advertisingReport([0x02, 0x01, 0x06])
    let (session, _) = F.session([.events([F.complete(0x0000, credits: 3, ""), report])])
    let packet = try session.nextPacket(timeout: .milliseconds(50))
    #expect(packet.map { Hex.encode($0.packet.bytes, separator: " ") } == report)
    #expect(session.commandCredits == 3)
  }

  /// Num_HCI_Command_Packets = 0: the next command waits for a credit-only Command Complete
  /// (opcode 0x0000). The script fails if the command is sent before that event.
  @Test func noCreditsWaitsForACreditOnlyCommandComplete() throws {
    let report = F.advertisingReport([0x02, 0x01, 0x06])
    let (session, controller) = F.session([
      .command("0C 20 02 00 00", replies: [F.complete(0x200C, credits: 0)]),
      .events([report, "0E 03 01 00 00"]),
      .command("0A 20 01 00", replies: [F.complete(0x200A)]),
    ])
    try session.execute(LESetScanEnable(leScanEnable: false))
    #expect(session.commandCredits == 0)
    try session.execute(LESetAdvertisingEnable(advertisingEnable: false))
    #expect(session.commandCredits == 1)
    #expect(controller.isConsumed)
    #expect(try session.nextPacket(timeout: .zero).map { Hex.encode($0.packet.bytes, separator: " ") } == report)
  }

  @Test func noCreditEverFailsWithoutSending() throws {
    let (session, controller) = F.session(
      [.command("0C 20 02 00 00", replies: [F.complete(0x200C, credits: 0)])], timeout: .milliseconds(100))
    try session.execute(LESetScanEnable(leScanEnable: false))
    #expect(
      throws: ControllerError.noCommandCredit(
        command: "LE Set Scan Enable", opcode: LESetScanEnable.opcode, after: .milliseconds(100),
        connection: "scripted")
    ) {
      try session.execute(LESetScanEnable(leScanEnable: false))
    }
    #expect(controller.sent.count == 1)
  }

  @Test func answersToOtherOpcodesAreNotMistakenForTheAnswer() throws {
    let (session, controller) = F.session([
      .command("0C 20 02 01 00", replies: [F.complete(0x200B), F.complete(0x200C)])
    ])
    try session.execute(LESetScanEnable(leScanEnable: true))
    #expect(controller.isConsumed)
    #expect(try session.nextPacket(timeout: .zero) == nil)
  }

  @Test func silentControllerFailsWithinTheTimeout() {
    let (session, controller) = F.session([.command("0C 20 02 01 00", replies: [])], timeout: .milliseconds(200))
    let clock = ContinuousClock()
    let started = clock.now
    #expect(
      throws: ControllerError.noResponse(
        command: "LE Set Scan Enable", opcode: LESetScanEnable.opcode, after: .milliseconds(200),
        connection: "scripted")
    ) {
      try session.execute(LESetScanEnable(leScanEnable: true))
    }
    let elapsed = started.duration(to: clock.now)
    // At least the timeout on the real clock; the upper bound only says it did not hang (the
    // exact time is checked on a manual clock below, free of a busy machine's delays).
    #expect(elapsed >= .milliseconds(200))
    #expect(elapsed < .seconds(5), "took \(elapsed)")
    #expect(controller.sent == ["0C 20 02 01 00"])
  }

  @Test func timeoutIsMeasuredOnTheGivenClock() {
    let clock = ManualClock()
    let controller = ScriptedController(name: "tcp:127.0.0.1:9000", [.command("0C 20 02 01 00", replies: [])])
    controller.clock = clock
    let session = ControllerSession(connection: controller, clock: clock)
    #expect(
      throws: ControllerError.noResponse(
        command: "LE Set Scan Enable", opcode: LESetScanEnable.opcode, after: .seconds(2),
        connection: "tcp:127.0.0.1:9000")
    ) {
      try session.execute(LESetScanEnable(leScanEnable: true))
    }
    #expect(controller.receiveTimeouts == [.seconds(2)])
  }

  @Test func errorStatusIsACommandFailure() {
    let (session, _) = F.session([.command("0C 20 02 01 00", replies: [F.complete(0x200C, "01")])])
    #expect(
      throws: ControllerError.commandFailed(
        command: "LE Set Scan Enable", opcode: LESetScanEnable.opcode, status: .unknownHCICommand,
        connection: "scripted")
    ) {
      try session.execute(LESetScanEnable(leScanEnable: true))
    }
  }

  @Test func commandStatusWithAnErrorIsACommandFailure() {
    let (session, _) = F.session([.command("0C 20 02 01 00", replies: [F.status(0x200C, 0x0C)])])
    #expect(
      throws: ControllerError.commandFailed(
        command: "LE Set Scan Enable", opcode: LESetScanEnable.opcode, status: .commandDisallowed,
        connection: "scripted")
    ) {
      try session.execute(LESetScanEnable(leScanEnable: true))
    }
  }

  @Test func successfulCommandStatusIsPending() throws {
    let (session, _) = F.session([.command("0C 20 02 01 00", replies: [F.status(0x200C, 0x00)])])
    let response: CommandResponse = try session.execute(LESetScanEnable(leScanEnable: true))
    #expect(
      response
        == .pending(CommandStatus(status: .success, numHCICommandPackets: 1, commandOpcode: LESetScanEnable.opcode)))
  }

  @Test func truncatedReturnParametersAreMalformed() {
    let (session, _) = F.session([.command("09 10 00", replies: [F.complete(0x1009, "00 56 34")])])
    #expect {
      try session.execute(ReadBDADDR())
    } throws: { error in
      guard case .malformedResponse(let command, _, _, _) = error as? ControllerError else { return false }
      return command == "Read BD_ADDR"
    }
  }

  @Test func hardwareErrorWhileWaiting() {
    let (session, _) = F.session([.command("0C 20 02 01 00", replies: ["10 01 05"])])
    #expect(throws: ControllerError.hardwareError(code: 0x05, connection: "scripted")) {
      try session.execute(LESetScanEnable(leScanEnable: true))
    }
  }

  @Test func hardwareErrorWhileReadingEvents() {
    let (session, _) = F.session([.events(["10 01 2A"])])
    #expect(throws: ControllerError.hardwareError(code: 0x2A, connection: "scripted")) {
      try session.nextPacket(timeout: .milliseconds(50))
    }
  }

  @Test func connectionClosedMidCommand() {
    let (session, _) = F.session([.command("0C 20 02 01 00", replies: []), .close])
    #expect(
      throws: ControllerError.connectionLost(connection: "scripted", error: .closed(LinkClosed()))
    ) {
      try session.execute(LESetScanEnable(leScanEnable: true))
    }
  }
}
