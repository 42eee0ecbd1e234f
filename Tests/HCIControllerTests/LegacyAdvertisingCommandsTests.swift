import BluetoothTypes
import HCICodec
import Testing

@testable import HCIController

@Suite struct LegacyAdvertisingCommandsTests {
  /// Flags 0x06 and the iBeacon of Dukuh Atas (project UUID, major 1, minor 12, −59 dBm).
  static let dukuhAtas = Hex.decode("0201061AFF4C000215F63B21BA26354BE4B6FFE2EAB8B541C30001000CC5") ?? []

  @Test func sequenceDisablesConfiguresAndEnables() throws {
    let commands = LegacyAdvertisingCommands(
      payload: try LegacyAdvertisingPayload(Self.dukuhAtas), interval: try AdvertisingInterval(milliseconds: 152.5))
    #expect(
      commands.sequence.map { Hex.encode($0.encodedPacket()) } == [
        "0A200100",
        // 152.5 ms = 244 (0x00F4) units; ADV_NONCONN_IND (3); public own address; channel map 0x07.
        "06200FF400F4000300000000000000000700",
        // 31 bytes of data: 30 significant, one zero of padding.
        "0820201E0201061AFF4C000215F63B21BA26354BE4B6FFE2EAB8B541C30001000CC500",
        "0A200101",
      ])
  }

  /// What the session sends after its first disable is exactly the rest of the sequence.
  @Test func sessionSendsTheSameCommands() throws {
    let commands = LegacyAdvertisingCommands(payload: try LegacyAdvertisingPayload(Self.dukuhAtas))
    let controller = ScriptedController(
      commands.sequence.map { command in
        .command(
          Hex.encode(command.encodedPacket(), separator: " "),
          replies: [ControllerFixtures.complete(type(of: command).opcode.rawValue)])
      })
    let session = ControllerSession(
      connection: controller, commandTimeout: .milliseconds(200), commandSetPreference: .legacy)
    try session.startAdvertising(data: AdvertisingData(Self.dukuhAtas))
    #expect(controller.isConsumed)
  }
}
