import BluetoothTypes
import HCICodec

/// HCI traffic of a short LE scan, for writing and replaying captures.
enum SamplePackets {
  static let start = Timestamp(microsecondsSinceUnixEpoch: 1_719_603_154_369_587)

  /// HCI_LE_Set_Scan_Enable (0x200C): enable, filter duplicates off.
  static let setScanEnable = HCIPacket(
    type: .command, direction: .hostToController, bytes: [0x0C, 0x20, 0x02, 0x01, 0x00])
  /// Command Complete for it, status success.
  static let setScanEnableComplete = HCIPacket(
    type: .event, direction: .controllerToHost, bytes: [0x0E, 0x04, 0x01, 0x0C, 0x20, 0x00])
  /// LE Advertising Report: one ADV_NONCONN_IND from public address 11:22:33:44:55:66 carrying
  /// Flags and an iBeacon, RSSI -59 dBm.
  static let advertisingReport: HCIPacket = {
    let ibeacon: [UInt8] =
      [0x1A, 0xFF, 0x4C, 0x00, 0x02, 0x15]
      + [0xFD, 0xA5, 0x06, 0x93, 0xA4, 0xE2, 0x4F, 0xB1, 0xAF, 0xCF, 0xC6, 0xEB, 0x07, 0x64, 0x78, 0x25]
      + [0x00, 0x05, 0x00, 0x06, 0xB0]
    let data: [UInt8] = [0x02, 0x01, 0x06] + ibeacon
    let report: [UInt8] =
      [0x02, 0x01, 0x03, 0x00, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11, UInt8(data.count)] + data + [0xC5]
    return HCIPacket(type: .event, direction: .controllerToHost, bytes: ([0x3E, UInt8(report.count)] + report)[...])
  }()
  /// ACL from handle 0x0040: an ATT Handle Value Notification, handle 0x0010, value 0x64.
  static let aclIn = HCIPacket(
    type: .aclData, direction: .controllerToHost,
    bytes: [0x40, 0x20, 0x08, 0x00, 0x04, 0x00, 0x04, 0x00, 0x1B, 0x10, 0x00, 0x64])

  static let all = [setScanEnable, setScanEnableComplete, advertisingReport, aclIn]

  static func time(_ index: Int) -> Timestamp {
    Timestamp(microsecondsSinceUnixEpoch: start.microsecondsSinceUnixEpoch + Int64(index) * 1_250)
  }
}
