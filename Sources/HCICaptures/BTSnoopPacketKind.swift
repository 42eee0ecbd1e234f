import HCICodec

/// What HCI packet a btsnoop record holds, told from its flags and its first data byte: the one
/// place that reads each datalink's conventions, for ``BTSnoopRecord/capturedPacket(datalink:)``
/// and for readers that make packets from ``BTSnoopRecordHeader``s.
///
/// How each datalink gives the packet type and direction:
/// - ``BTSnoopDatalink/hci`` (1001): flags bit 1 set means command or event, clear means ACL
///   data (this datalink cannot tell SCO or ISO from ACL). Flags bit 0 is the direction: 0 =
///   sent by the host (a command, or ACL to the controller), 1 = received (an event, or ACL
///   from the controller). The data has no H4 indicator.
/// - ``BTSnoopDatalink/h4`` (1002): the first data byte is the H4 packet indicator (1–5) and
///   gives the type. Commands always go to the controller and events always come from it; for
///   data packets flags bit 0 is the direction as for 1001.
/// - ``BTSnoopDatalink/linuxMonitor`` (2001): flags = controller index << 16 | monitor opcode,
///   and the opcode gives both type and direction (see ``LinuxMonitorOpcode/hciPacketKind``).
public struct BTSnoopPacketKind: Hashable, Sendable {
  public var type: HCIPacketType
  public var direction: HCIPacketDirection
  /// The controller a Linux monitor record names; `nil` for the other datalinks.
  public var controllerIndex: UInt16?
  /// Bytes before the packet in the record's data: 1 for the H4 indicator, else 0.
  public var indicatorLength: Int

  /// The packet kind of a record of `datalink` with these `flags` and first data byte (`nil`
  /// for empty data); `nil` for a record that is not an HCI packet (Linux monitor metadata such
  /// as New Index, System Note or User Logging, or an unknown opcode).
  ///
  /// - Throws: ``BTSnoopError/unknownPacketType(_:recordNumber:byteOffset:)`` for an H4 record
  ///   whose first byte is not 1–5, ``BTSnoopError/corruptRecord(recordNumber:byteOffset:reason:)``
  ///   for an empty H4 record; `recordNumber` and `byteOffset` are for those errors.
  public init?(
    datalink: BTSnoopDatalink, flags: UInt32, firstDataByte: UInt8?, recordNumber: Int, byteOffset: Int
  ) throws(BTSnoopError) {
    let received = flags & 0x01 != 0
    let direction: HCIPacketDirection = received ? .controllerToHost : .hostToController
    switch datalink {
    case .hci:
      let type: HCIPacketType = flags & 0x02 != 0 ? (received ? .event : .command) : .aclData
      self.init(type: type, direction: direction, controllerIndex: nil, indicatorLength: 0)
    case .h4:
      guard let indicator = firstDataByte else {
        throw .corruptRecord(recordNumber: recordNumber, byteOffset: byteOffset, reason: .missingPacketType)
      }
      let type = HCIPacketType(rawValue: indicator)
      let packetDirection: HCIPacketDirection
      switch type {
      case .command: packetDirection = .hostToController
      case .event: packetDirection = .controllerToHost
      case .aclData, .synchronousData, .isoData: packetDirection = direction
      default: throw .unknownPacketType(indicator, recordNumber: recordNumber, byteOffset: byteOffset)
      }
      self.init(type: type, direction: packetDirection, controllerIndex: nil, indicatorLength: 1)
    case .linuxMonitor:
      let opcode = LinuxMonitorOpcode(rawValue: UInt16(truncatingIfNeeded: flags))
      guard let kind = opcode.hciPacketKind else { return nil }
      self.init(
        type: kind.type, direction: kind.direction, controllerIndex: UInt16(truncatingIfNeeded: flags >> 16),
        indicatorLength: 0)
    default:
      return nil
    }
  }

  public init(type: HCIPacketType, direction: HCIPacketDirection, controllerIndex: UInt16?, indicatorLength: Int) {
    self.type = type
    self.direction = direction
    self.controllerIndex = controllerIndex
    self.indicatorLength = indicatorLength
  }
}
