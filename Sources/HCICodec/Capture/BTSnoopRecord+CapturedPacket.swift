extension BTSnoopRecord {
  /// The HCI packet this record holds, read according to the file's datalink.
  ///
  /// How each datalink gives the packet type and direction:
  /// - ``BTSnoopDatalink/hci`` (1001): flags bit 1 set means command or event, clear means
  ///   ACL data (this datalink cannot tell SCO or ISO from ACL). Flags bit 0 is the direction:
  ///   0 = sent by the host (a command, or ACL to the controller), 1 = received (an event, or
  ///   ACL from the controller). The data has no H4 indicator.
  /// - ``BTSnoopDatalink/h4`` (1002): the first data byte is the H4 packet indicator (1–5)
  ///   and gives the type. Commands always go to the controller and events always come from
  ///   it; for data packets flags bit 0 is the direction as for 1001.
  /// - ``BTSnoopDatalink/linuxMonitor`` (2001): flags = controller index << 16 | monitor
  ///   opcode, and the opcode gives both type and direction (see
  ///   ``LinuxMonitorOpcode/hciPacketKind``).
  ///
  /// - Returns: The packet, or `nil` for a record that is not an HCI packet (Linux monitor
  ///   metadata such as New Index, System Note or User Logging, or an unknown opcode).
  /// - Throws: ``BTSnoopError/unknownPacketType(_:recordNumber:byteOffset:)`` for an H4 record
  ///   whose first byte is not 1–5, ``BTSnoopError/corruptRecord(recordNumber:byteOffset:reason:)``
  ///   for an empty H4 record.
  public func capturedPacket(datalink: BTSnoopDatalink) throws(BTSnoopError) -> CapturedPacket? {
    let received = flags & 0x01 != 0
    let direction: HCIPacketDirection = received ? .controllerToHost : .hostToController
    switch datalink {
    case .hci:
      let type: HCIPacketType = flags & 0x02 != 0 ? (received ? .event : .command) : .aclData
      return captured(HCIPacket(type: type, direction: direction, bytes: data), controllerIndex: nil)
    case .h4:
      guard let indicator = data.first else {
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
      let packet = HCIPacket(type: type, direction: packetDirection, bytes: data.dropFirst())
      return captured(packet, controllerIndex: nil)
    case .linuxMonitor:
      let opcode = LinuxMonitorOpcode(rawValue: UInt16(truncatingIfNeeded: flags))
      guard let kind = opcode.hciPacketKind else { return nil }
      let packet = HCIPacket(type: kind.type, direction: kind.direction, bytes: data)
      return captured(packet, controllerIndex: UInt16(truncatingIfNeeded: flags >> 16))
    default:
      return nil
    }
  }

  private func captured(_ packet: HCIPacket, controllerIndex: UInt16?) -> CapturedPacket {
    CapturedPacket(
      time: timestamp.captureTime, packet: packet, controllerIndex: controllerIndex,
      recordNumber: recordNumber, byteOffset: byteOffset)
  }
}
