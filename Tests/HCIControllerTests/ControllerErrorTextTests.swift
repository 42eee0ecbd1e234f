import BluetoothTypes
import HCICodec
import HCITransportCore
import Testing

@testable import HCIController

@Suite struct ControllerErrorTextTests {
  @Test func noResponseSaysWhatAndWhere() {
    let error = ControllerError.noResponse(
      command: "LE Set Scan Enable", opcode: LESetScanEnable.opcode, after: .seconds(2),
      connection: "tcp:127.0.0.1:9000")
    #expect(
      error.description
        == "the controller on tcp:127.0.0.1:9000 did not answer LE Set Scan Enable (0x200C) within 2 s; "
        + "is it still powered and attached, is the emulator running, and is it an HCI controller at all "
        + "(a silent peer may be another service)?")
  }

  @Test func commandFailedNamesTheStatus() {
    let error = ControllerError.commandFailed(
      command: "LE Set Scan Enable", opcode: LESetScanEnable.opcode, status: .commandDisallowed, connection: "hci0")
    #expect(
      error.description.hasPrefix(
        "the controller on hci0 refused LE Set Scan Enable (0x200C): Command Disallowed (0x0C); "))
    let unknown = ControllerError.commandFailed(
      command: "LE Set Extended Scan Parameters", opcode: LESetExtendedScanParameters.opcode,
      status: .unknownHCICommand, connection: "hci0")
    #expect(unknown.description.contains("Unknown HCI Command (0x01)"))
  }

  @Test func hardwareErrorText() {
    #expect(
      ControllerError.hardwareError(code: 0x05, connection: "serial:/dev/ttyUSB0").description
        == "the controller on serial:/dev/ttyUSB0 reported hardware error 0x05; reset or replug it and try again")
  }

  @Test func spokenDurations() {
    #expect(Duration.milliseconds(200).spokenDescription == "200 ms")
    #expect(Duration.seconds(2).spokenDescription == "2 s")
    #expect(Duration.milliseconds(1500).spokenDescription == "1.5 s")
  }

  @Test func commandNamesFollowTheSpec() {
    #expect(HCICommandName.forOpcode(ReadBDADDR.opcode) == "Read BD_ADDR")
    #expect(HCICommandName.forOpcode(LERemoveAdvertisingSet.opcode) == "LE Remove Advertising Set")
    #expect(HCICommandName.forOpcode(HCIOpcode(rawValue: 0xFC01)) == "command 0xFC01")
  }
}
