import HCICaptures
import HCICodec

/// Builds btsnoop files byte by byte for tests, independently of `BTSnoopEncoder`.
enum BTSnoopBytes {
  static func bigEndian32(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
  }

  static func header(datalink: UInt32, version: UInt32 = 1) -> [UInt8] {
    Array("btsnoop".utf8) + [0] + bigEndian32(version) + bigEndian32(datalink)
  }

  static func record(
    flags: UInt32, data: [UInt8], timestamp: UInt64 = 0x00E2_F9AB_5E5B_3C33, drops: UInt32 = 0,
    originalLength: UInt32? = nil, includedLength: UInt32? = nil
  ) -> [UInt8] {
    bigEndian32(originalLength ?? UInt32(data.count)) + bigEndian32(includedLength ?? UInt32(data.count))
      + bigEndian32(flags) + bigEndian32(drops)
      + bigEndian32(UInt32(timestamp >> 32)) + bigEndian32(UInt32(timestamp & 0xFFFF_FFFF)) + data
  }

  /// HCI_Reset (opcode 0x0C03, no parameters).
  static let resetCommand: [UInt8] = [0x03, 0x0C, 0x00]
  /// Command Complete for HCI_Reset, status success.
  static let resetComplete: [UInt8] = [0x0E, 0x04, 0x01, 0x03, 0x0C, 0x00]
  /// An ACL packet: handle 0x0040, start flag, 4 bytes of L2CAP payload.
  static let aclPacket: [UInt8] = [0x40, 0x20, 0x04, 0x00, 0xAA, 0xBB, 0xCC, 0xDD]

  /// A datalink 2001 file: New Index, a system note, command, event, ACL out and in, on hci1.
  static let monitorFile: [UInt8] =
    header(datalink: 2001)
    + record(flags: 0x0001_0000, data: [0, 0] + [1, 2, 3, 4, 5, 6] + Array("hci1".utf8) + [0, 0, 0, 0])
    + record(flags: 0xFFFF_000C, data: Array("Linux version".utf8) + [0])
    + record(flags: 0x0001_0002, data: resetCommand, timestamp: 0x00E2_F9AB_5E5B_3C34)
    + record(flags: 0x0001_0003, data: resetComplete, timestamp: 0x00E2_F9AB_5E5B_3C35)
    + record(flags: 0x0001_0004, data: aclPacket)
    + record(flags: 0x0001_0005, data: aclPacket, drops: 2)

  /// A datalink 1002 (Android) file: command, event, ACL in.
  static let h4File: [UInt8] =
    header(datalink: 1002)
    + record(flags: 2, data: [0x01] + resetCommand)
    + record(flags: 3, data: [0x04] + resetComplete)
    + record(flags: 1, data: [0x02] + aclPacket)

  /// A datalink 1001 file: command, event, ACL out, ACL in.
  static let hciFile: [UInt8] =
    header(datalink: 1001)
    + record(flags: 2, data: resetCommand)
    + record(flags: 3, data: resetComplete)
    + record(flags: 0, data: aclPacket)
    + record(flags: 1, data: aclPacket)

  /// Decodes `bytes` fed as the given chunks; returns records, the final warning, or the error.
  static func decode(_ bytes: [UInt8], splitAt cuts: [Int]) -> DecodeOutcome {
    var decoder = BTSnoopDecoder()
    var outcome = DecodeOutcome()
    var start = 0
    do {
      for end in cuts + [bytes.count] where end >= start {
        decoder.append(bytes[start..<end])
        start = end
        while let record = try decoder.nextRecord() { outcome.records.append(record.copied) }
      }
      outcome.warning = try decoder.finish()
    } catch {
      outcome.error = error
    }
    return outcome
  }

  struct DecodeOutcome: Equatable {
    var records: [BTSnoopRecord] = []
    var warning: BTSnoopWarning?
    var error: BTSnoopError?
  }
}

extension BTSnoopRecord {
  /// The record with its data in its own array, so that keeping it keeps no decoder buffer alive.
  var copied: BTSnoopRecord {
    var record = self
    record.data = Array(data)[...]
    return record
  }
}
