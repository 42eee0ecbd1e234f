import BluetoothTypes
import HCICodec

/// Writes btsnoop captures as bytes: a file header, then one record per packet.
///
/// ``BTSnoopDatalink/linuxMonitor`` (2001) is the default, as `btmon -w` writes it; it keeps
/// the controller index and tells every packet type and direction apart.
public struct BTSnoopEncoder: Hashable, Sendable {
  public var datalink: BTSnoopDatalink

  /// Monitor "bus" values for a New Index record (BlueZ `BTSNOOP_BUS_*`); 0 is virtual.
  public static let virtualBus: UInt8 = 0

  public init(datalink: BTSnoopDatalink = .linuxMonitor) {
    self.datalink = datalink
  }

  /// The 16-byte file header: magic, version 1, datalink.
  public func fileHeader() -> [UInt8] {
    var writer = ByteWriter(capacity: BTSnoopFormat.fileHeaderSize)
    writer.write(contentsOf: BTSnoopFormat.magic)
    writer.writeUInt32BE(BTSnoopFormat.version)
    writer.writeUInt32BE(datalink.rawValue)
    return writer.bytes
  }

  /// The record for an HCI packet seen at `time`.
  ///
  /// - 1001: flags bit 1 for commands and events, bit 0 for received packets.
  /// - 1002: the H4 packet indicator before the packet, flags as for 1001.
  /// - 2001: flags = `controllerIndex` << 16 | the monitor opcode for the type and direction.
  ///
  /// - Parameter controllerIndex: The controller (hciN); only 2001 records it.
  /// - Parameter cumulativeDrops: Packets lost so far, for the record header.
  public func record(
    for packet: HCIPacket, at time: Timestamp, controllerIndex: UInt16 = 0, cumulativeDrops: UInt32 = 0
  ) throws(BTSnoopEncodingError) -> [UInt8] {
    var bytes: [UInt8] = []
    try appendRecord(
      for: packet, at: time, controllerIndex: controllerIndex, cumulativeDrops: cumulativeDrops, to: &bytes)
    return bytes
  }

  /// Appends the record for an HCI packet to `bytes`; see ``record(for:at:controllerIndex:cumulativeDrops:)``.
  public func appendRecord(
    for packet: HCIPacket, at time: Timestamp, controllerIndex: UInt16 = 0, cumulativeDrops: UInt32 = 0,
    to bytes: inout [UInt8]
  ) throws(BTSnoopEncodingError) {
    guard (HCIPacketType.command.rawValue...HCIPacketType.isoData.rawValue).contains(packet.type.rawValue) else {
      throw .packetTypeNotRepresentable(packet.type, datalink: datalink)
    }
    let received: UInt32 = packet.direction == .controllerToHost ? 0x01 : 0x00
    let isCommandOrEvent = packet.type == .command || packet.type == .event
    let hciFlags = (isCommandOrEvent ? 0x02 : 0x00) | received
    switch datalink {
    case .hci:
      guard isCommandOrEvent || packet.type == .aclData else {
        throw .packetTypeNotRepresentable(packet.type, datalink: datalink)
      }
      try Self.appendRecord(flags: hciFlags, drops: cumulativeDrops, time: time, to: &bytes, packet.bytes)
    case .h4:
      try Self.appendRecord(
        flags: hciFlags, drops: cumulativeDrops, time: time, to: &bytes, [packet.type.rawValue], packet.bytes)
    default:
      guard let opcode = LinuxMonitorOpcode(packetType: packet.type, direction: packet.direction) else {
        throw .packetTypeNotRepresentable(packet.type, datalink: datalink)
      }
      let flags = UInt32(controllerIndex) << 16 | UInt32(opcode.rawValue)
      try Self.appendRecord(flags: flags, drops: cumulativeDrops, time: time, to: &bytes, packet.bytes)
    }
  }

  /// A Linux monitor New Index record announcing controller `controllerIndex`, as btmon writes
  /// at the start of a capture so that readers can name the controller.
  ///
  /// - Parameter name: Up to 8 bytes of the controller name (e.g. `"hci0"`), NUL-padded.
  public static func newIndexRecord(
    controllerIndex: UInt16, at time: Timestamp, controllerType: UInt8 = 0, bus: UInt8 = virtualBus,
    address: BluetoothAddress, name: String
  ) -> [UInt8] {
    var data: [UInt8] = [controllerType, bus]
    data.append(contentsOf: address.littleEndianBytes)
    let nameBytes = Array(name.utf8.prefix(8))
    data.append(contentsOf: nameBytes + [UInt8](repeating: 0, count: 8 - nameBytes.count))
    let flags = UInt32(controllerIndex) << 16 | UInt32(LinuxMonitorOpcode.newIndex.rawValue)
    var bytes: [UInt8] = []
    // 16 bytes of data are always within the record limit.
    try? appendRecord(flags: flags, drops: 0, time: time, to: &bytes, data[...])
    return bytes
  }

  /// Appends a record header and the concatenated `parts` as its data.
  private static func appendRecord(
    flags: UInt32, drops: UInt32, time: Timestamp, to bytes: inout [UInt8], _ parts: ArraySlice<UInt8>...
  ) throws(BTSnoopEncodingError) {
    let length = parts.reduce(0) { $0 + $1.count }
    guard length <= BTSnoopFormat.maximumIncludedLength else { throw .packetTooLarge(byteCount: length) }
    bytes.reserveCapacity(bytes.count + BTSnoopFormat.recordHeaderSize + length)
    var header = ByteWriter(capacity: BTSnoopFormat.recordHeaderSize)
    header.writeUInt32BE(UInt32(length))  // original length
    header.writeUInt32BE(UInt32(length))  // included length
    header.writeUInt32BE(flags)
    header.writeUInt32BE(drops)
    header.writeUInt64BE(UInt64(bitPattern: BTSnoopTimestamp(time).rawValue))
    bytes.append(contentsOf: header.bytes)
    for part in parts { bytes.append(contentsOf: part) }
  }
}
