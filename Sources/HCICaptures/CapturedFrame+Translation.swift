import BluetoothTypes
import HCICodec

extension CapturedFrame {
  /// What a host would have received for this frame, read according to its link type.
  ///
  /// HCI link types hold HCI packets:
  /// - ``PcapLinkType/bluetoothHCIH4WithPHDR`` (201): a big-endian UInt32 direction (0 sent by
  ///   the host, 1 received by it), then an H4 packet indicator and the packet.
  /// - ``PcapLinkType/bluetoothHCIH4`` (187): an H4 packet indicator and the packet. The file
  ///   does not record the direction: commands are taken as host to controller, everything
  ///   else (events above all) as controller to host.
  /// - ``PcapLinkType/bluetoothLinuxMonitor`` (254): adapter ID and monitor opcode (both
  ///   big-endian UInt16), then the packet; the opcode gives type and direction, and records
  ///   that are not HCI packets are skipped as ``FrameSkipReason/monitorMetadata(opcode:)``.
  ///
  /// Link-layer link types hold radio packets: ``PcapLinkType/bluetoothLELL`` (251, no
  /// radio information), ``PcapLinkType/bluetoothLELLWithPHDR`` (256, see
  /// ``BluetoothLELLPseudoHeader``) and ``PcapLinkType/nordicBLE`` (272, see
  /// ``NordicBLEHeader``). An advertising-channel ADV_IND, ADV_DIRECT_IND, ADV_NONCONN_IND,
  /// SCAN_RSP or ADV_SCAN_IND becomes the HCI LE Advertising Report event a controller would
  /// have sent for it (see ``AdvertisingChannelPDU/advertisingReport(rssi:)``), with the RSSI
  /// from the sniffer's header when it has one, else 127 (not available). Everything else is
  /// skipped: data-channel PDUs, SCAN_REQ, CONNECT_IND, ADV_EXT_IND (extended advertising
  /// over secondary channels is not reassembled), packets with a bad CRC, and packets that
  /// cannot be decoded (``FrameSkipReason/malformed(_:)``; radio captures hold noise).
  ///
  /// - Parameter verifyingUncheckedCRC: When the sniffer did not check an advertising
  ///   packet's CRC (251, and 256 without the CRC-checked flag), check it here and skip the
  ///   packet if it is wrong, as a controller would. HackRF captures hold many such packets.
  /// - Throws: ``PacketCaptureError/unsupportedLinkType(_:recordNumber:byteOffset:)`` for a
  ///   link type not in ``PcapLinkType/supported``;
  ///   ``PacketCaptureError/malformedFrame(recordNumber:byteOffset:linkType:problem:)`` for an
  ///   HCI frame without its pseudo-header or with an H4 packet indicator that is not 1–5,
  ///   and for an nRF Sniffer frame of an unsupported protocol version.
  public func translated(verifyingUncheckedCRC: Bool = true) throws(PacketCaptureError) -> FrameTranslation {
    switch linkType {
    case .bluetoothHCIH4WithPHDR, .bluetoothHCIH4, .bluetoothLinuxMonitor:
      do {
        return try hciTranslation()
      } catch {
        throw .malformedFrame(recordNumber: recordNumber, byteOffset: byteOffset, linkType: linkType, problem: error)
      }
    case .bluetoothLELL, .bluetoothLELLWithPHDR, .nordicBLE:
      let radio: RadioInformation
      do {
        radio = try radioInformation()
      } catch {
        if case .invalidValue(let field, _) = error, field == NordicBLEHeader.protocolVersionField {
          throw .malformedFrame(recordNumber: recordNumber, byteOffset: byteOffset, linkType: linkType, problem: error)
        }
        return .skipped(.malformed(error))
      }
      do {
        return try Self.advertisingTranslation(radio, verifyingUncheckedCRC: verifyingUncheckedCRC)
      } catch {
        return .skipped(.malformed(error))
      }
    default:
      throw .unsupportedLinkType(linkType, recordNumber: recordNumber, byteOffset: byteOffset)
    }
  }

  /// The packet of a frame of an HCI link type.
  private func hciTranslation() throws(ByteDecodingError) -> FrameTranslation {
    var reader = ByteReader(bytes)
    switch linkType {
    case .bluetoothHCIH4WithPHDR:
      let direction = try reader.readUInt32BE("direction")
      return .packet(try Self.h4Packet(reader.readRemaining(), received: direction != 0))
    case .bluetoothLinuxMonitor:
      _ = try reader.readUInt16BE("adapter ID")
      let opcode = try reader.readUInt16BE("opcode")
      guard let kind = LinuxMonitorOpcode(rawValue: opcode).hciPacketKind else {
        return .skipped(.monitorMetadata(opcode: opcode))
      }
      return .packet(HCIPacket(type: kind.type, direction: kind.direction, bytes: reader.readRemaining()))
    default:
      return .packet(try Self.h4Packet(bytes, received: nil))
    }
  }

  /// An H4 packet: indicator byte, then the packet. `received` is the recorded direction, or
  /// `nil` when the link type does not record it.
  private static func h4Packet(_ bytes: ArraySlice<UInt8>, received: Bool?) throws(ByteDecodingError) -> HCIPacket {
    var reader = ByteReader(bytes)
    let type = HCIPacketType(rawValue: try reader.readUInt8("H4 packet indicator"))
    guard (HCIPacketType.command.rawValue...HCIPacketType.isoData.rawValue).contains(type.rawValue) else {
      throw .invalidValue(field: "H4 packet indicator", value: UInt64(type.rawValue))
    }
    let direction: HCIPacketDirection
    switch (type, received) {
    case (.command, _): direction = .hostToController
    case (.event, _): direction = .controllerToHost
    case (_, .some(let received)): direction = received ? .controllerToHost : .hostToController
    case (_, .none): direction = .controllerToHost
    }
    return HCIPacket(type: type, direction: direction, bytes: reader.readRemaining())
  }

  /// A link-layer packet with what the sniffer's header says about it.
  private struct RadioInformation {
    var packet: ArraySlice<UInt8>
    var rssi: Int8?
    /// `nil` if the sniffer did not check the CRC.
    var crcIsValid: Bool?
    /// Whether the sniffer's header marks a data-channel PDU.
    var isDataChannelPDU = false
  }

  /// The link-layer packet of a frame of a link-layer link type, and its radio information.
  private func radioInformation() throws(ByteDecodingError) -> RadioInformation {
    switch linkType {
    case .bluetoothLELLWithPHDR:
      var reader = ByteReader(bytes)
      let header = try BluetoothLELLPseudoHeader(decoding: &reader)
      return RadioInformation(packet: reader.readRemaining(), rssi: header.rssi, crcIsValid: header.crcIsValid)
    case .nordicBLE:
      let header = try NordicBLEHeader(decoding: bytes)
      return RadioInformation(
        packet: bytes.dropFirst(header.linkLayerPacketOffset), rssi: header.rssi, crcIsValid: header.crcIsValid,
        isDataChannelPDU: header.isDataChannelPDU)
    default:
      return RadioInformation(packet: bytes, rssi: nil, crcIsValid: nil)
    }
  }

  private static func advertisingTranslation(
    _ radio: RadioInformation, verifyingUncheckedCRC: Bool
  ) throws(ByteDecodingError) -> FrameTranslation {
    let packet = try LinkLayerPacket(decoding: radio.packet)
    guard packet.isAdvertisingChannel, !radio.isDataChannelPDU else { return .skipped(.dataChannelPDU) }
    let pdu = try AdvertisingChannelPDU(decoding: packet.pdu)
    guard pdu.pduType.reportEventType != nil else { return .skipped(.unreportedPDUType(pdu.pduType)) }
    switch radio.crcIsValid {
    case .some(false): return .skipped(.crcFailed)
    case .none where verifyingUncheckedCRC && packet.hasValidAdvertisingCRC == false: return .skipped(.crcFailed)
    default: break
    }
    guard let report = try pdu.advertisingReport(rssi: radio.rssi) else {
      return .skipped(.unreportedPDUType(pdu.pduType))
    }
    let event = LEAdvertisingReport(reports: [report]).encodedPacket()
    return .packet(HCIPacket(type: .event, direction: .controllerToHost, bytes: event[...]))
  }
}
