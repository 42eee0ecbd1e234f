import BeaconTestSupport
import BluetoothTypes
import HCICodec
import HCIController
import HCITransportCore

/// Event packets and start-up scripts for the scripted controller.
enum ControllerFixtures {
  /// HCI_Command_Complete: 0E, length, Num_HCI_Command_Packets, opcode (LE), return parameters.
  static func complete(_ opcode: UInt16, credits: UInt8 = 1, _ returnParameters: String = "00") -> String {
    let parameters = ScriptedController.bytes(returnParameters)
    let header: [UInt8] = [
      0x0E, UInt8(3 + parameters.count), credits, UInt8(truncatingIfNeeded: opcode), UInt8(opcode >> 8),
    ]
    return Hex.encode(header + parameters, separator: " ")
  }

  /// HCI_Command_Status: 0F 04, status, Num_HCI_Command_Packets, opcode (LE).
  static func status(_ opcode: UInt16, _ status: UInt8, credits: UInt8 = 1) -> String {
    Hex.encode([0x0F, 0x04, status, credits, UInt8(truncatingIfNeeded: opcode), UInt8(opcode >> 8)], separator: " ")
  }

  /// The Supported_Commands bits of a controller with only the legacy LE commands.
  static let legacyBits: [SupportedCommands.Bit] = [
    .setEventMask, .reset, .readLocalVersionInformation, .readBDADDR, .leSetEventMask,
    .leReadLocalSupportedFeatures, .leSetAdvertisingParameters, .leSetAdvertisingData, .leSetAdvertisingEnable,
    .leSetScanParameters, .leSetScanEnable,
  ]

  /// The bits of a controller with the legacy and the extended LE commands.
  static let extendedBits =
    legacyBits + [
      .leSetExtendedAdvertisingParameters, .leSetExtendedAdvertisingData, .leSetExtendedAdvertisingEnable,
      .leRemoveAdvertisingSet, .leSetExtendedScanParameters, .leSetExtendedScanEnable,
    ]

  /// The address B8:27:EB:12:34:56 as Read BD_ADDR returns it.
  static let addressBytes = "56 34 12 EB 27 B8"

  /// The script of ``ControllerSession/start()``.
  ///
  /// - Parameters:
  ///   - hciVersion: HCI_Version and LMP_Version (0x09 = 5.0).
  ///   - extendedReports: whether LE Set Event Mask carries LE Extended Advertising Report.
  static func startScript(
    hciVersion: UInt8 = 0x09, bits: [SupportedCommands.Bit], features: String = "00 00 00 00 00 00 00 00",
    reset: Bool = true, masks: Bool = true, extendedReports: Bool
  ) -> [ScriptedController.Step] {
    let supported = Hex.encode(SupportedCommands(supporting: bits).octets, separator: " ")
    let version = Hex.encode([hciVersion], separator: "")
    var steps: [ScriptedController.Step] = []
    if reset { steps.append(.command("03 0C 00", replies: [complete(0x0C03)])) }
    steps += [
      // Status, HCI_Version, HCI_Subversion 0x0100, LMP_Version, company 0x000F, LMP_Subversion 0x6119.
      .command("01 10 00", replies: [complete(0x1001, "00 \(version) 00 01 \(version) 0F 00 19 61")]),
      .command("02 10 00", replies: [complete(0x1002, "00 " + supported)]),
    ]
    if masks {
      steps += [
        .command("01 0C 08 FF FF FF FF FF 1F 00 20", replies: [complete(0x0C01)]),
        .command(
          extendedReports ? "01 20 08 02 10 00 00 00 00 00 00" : "01 20 08 02 00 00 00 00 00 00 00",
          replies: [complete(0x2001)]),
      ]
    }
    steps += [
      .command("03 20 00", replies: [complete(0x2003, "00 " + features)]),
      .command("09 10 00", replies: [complete(0x1009, "00 " + addressBytes)]),
    ]
    return steps
  }

  /// An LE Advertising Report with one ADV_NONCONN_IND report of `data` from
  /// 11:22:33:44:55:66 (public), RSSI −60 dBm.
  static func advertisingReport(_ data: [UInt8]) -> String {
    let body: [UInt8] =
      [0x02, 0x01, 0x03, 0x00, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11, UInt8(data.count)] + data + [0xC4]
    return Hex.encode([0x3E, UInt8(body.count)] + body, separator: " ")
  }

  /// An iBeacon payload (30 bytes): Flags, then Apple's manufacturer data with UUID
  /// 2F234454-CF6D-4A0F-ADF2-F4911BA9FFA6, major 1, minor 2, measured power −59 dBm.
  static let iBeaconData = ScriptedController.bytes(
    "02 01 06 1A FF 4C 00 02 15 2F 23 44 54 CF 6D 4A 0F AD F2 F4 91 1B A9 FF A6 00 01 00 02 C5")
}

extension ControllerFixtures {
  /// A session over a scripted controller that plays `steps`, with a short timeout.
  /// With `clock`, the controller's silences advance it instead of sleeping, and the session
  /// measures its timeouts on it.
  static func session(
    _ steps: [ScriptedController.Step], timeout: Duration = .milliseconds(500),
    preference: CommandSetPreference = .automatic, clock: ManualClock? = nil
  ) -> (ControllerSession, ScriptedController) {
    let controller = ScriptedController(steps)
    guard let clock else {
      return (
        ControllerSession(connection: controller, commandTimeout: timeout, commandSetPreference: preference),
        controller
      )
    }
    controller.clock = clock
    let session = ControllerSession(
      connection: controller, commandTimeout: timeout, commandSetPreference: preference, clock: clock)
    return (session, controller)
  }

  /// The iBeacon payload as advertising data.
  static var iBeacon: AdvertisingData { AdvertisingData(iBeaconData) }

  /// The legacy scanning commands for the default configuration (passive, 100 ms / 100 ms).
  static let legacyScanStart: [ScriptedController.Step] = [
    .command("0B 20 07 00 A0 00 A0 00 00 00", replies: [complete(0x200B)]),
    .command("0C 20 02 01 00", replies: [complete(0x200C)]),
  ]

  /// The extended scanning commands for the default configuration (LE 1M only).
  static let extendedScanStart: [ScriptedController.Step] = [
    .command("41 20 08 00 00 01 00 A0 00 A0 00", replies: [complete(0x2041)]),
    .command("42 20 06 01 00 00 00 00 00", replies: [complete(0x2042)]),
  ]

  static let legacyScanStop = ScriptedController.Step.command("0C 20 02 00 00", replies: [complete(0x200C)])
  static let extendedScanStop = ScriptedController.Step.command(
    "42 20 06 00 00 00 00 00 00", replies: [complete(0x2042)])

  /// The legacy advertising commands for ``iBeaconData`` at 100 ms.
  static let legacyAdvertisingStart: [ScriptedController.Step] = [
    .command("0A 20 01 00", replies: [complete(0x200A)]),
    .command("06 20 0F A0 00 A0 00 03 00 00 00 00 00 00 00 00 07 00", replies: [complete(0x2006)]),
    .command(
      "08 20 20 1E 02 01 06 1A FF 4C 00 02 15 2F 23 44 54 CF 6D 4A 0F AD F2 F4 91 1B A9 FF A6 00 01 00 02 C5 00",
      replies: [complete(0x2008)]),
    .command("0A 20 01 01", replies: [complete(0x200A)]),
  ]

  /// The extended advertising commands for ``iBeaconData`` at 100 ms on set 0.
  static let extendedAdvertisingStart: [ScriptedController.Step] = [
    .command(
      "36 20 19 00 10 00 A0 00 00 A0 00 00 07 00 00 00 00 00 00 00 00 00 7F 01 00 01 00 00",
      replies: [complete(0x2036, "00 07")]),
    .command(
      "37 20 22 00 03 01 1E 02 01 06 1A FF 4C 00 02 15 2F 23 44 54 CF 6D 4A 0F AD F2 F4 91 1B A9 FF A6 00 01 00 02 C5",
      replies: [complete(0x2037)]),
    .command("39 20 06 01 01 00 00 00 00", replies: [complete(0x2039)]),
  ]

  static let legacyAdvertisingStop = ScriptedController.Step.command("0A 20 01 00", replies: [complete(0x200A)])
  static let extendedAdvertisingStop: [ScriptedController.Step] = [
    .command("39 20 06 00 01 00 00 00 00", replies: [complete(0x2039)]),
    .command("3C 20 01 00", replies: [complete(0x203C)]),
  ]
}
