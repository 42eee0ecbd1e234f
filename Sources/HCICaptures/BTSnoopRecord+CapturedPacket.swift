import HCICodec

extension BTSnoopRecord {
  /// The HCI packet this record holds, read according to the file's datalink.
  ///
  /// How each datalink gives the packet type and direction: see ``BTSnoopPacketKind``.
  ///
  /// - Returns: The packet, or `nil` for a record that is not an HCI packet (Linux monitor
  ///   metadata such as New Index, System Note or User Logging, or an unknown opcode).
  /// - Throws: ``BTSnoopError/unknownPacketType(_:recordNumber:byteOffset:)`` for an H4 record
  ///   whose first byte is not 1–5, ``BTSnoopError/corruptRecord(recordNumber:byteOffset:reason:)``
  ///   for an empty H4 record.
  public func capturedPacket(datalink: BTSnoopDatalink) throws(BTSnoopError) -> CapturedPacket? {
    guard
      let kind = try BTSnoopPacketKind(
        datalink: datalink, flags: flags, firstDataByte: data.first, recordNumber: recordNumber,
        byteOffset: byteOffset)
    else { return nil }
    let packet = HCIPacket(type: kind.type, direction: kind.direction, bytes: data.dropFirst(kind.indicatorLength))
    return captured(packet, controllerIndex: kind.controllerIndex)
  }

  private func captured(_ packet: HCIPacket, controllerIndex: UInt16?) -> CapturedPacket {
    CapturedPacket(
      time: timestamp.captureTime, packet: packet, controllerIndex: controllerIndex,
      recordNumber: recordNumber, byteOffset: byteOffset)
  }
}
