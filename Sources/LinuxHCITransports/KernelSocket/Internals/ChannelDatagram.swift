import BluetoothTypes
import HCICaptures
import HCICodec

/// One datagram of the kernel's monitor or management channel. Both put a 6-byte header before
/// the payload: a code (the monitor's opcode, the management interface's command or event
/// code), the controller index (`HCI_DEV_NONE` for none) and the payload's length, 16 bits each,
/// little-endian (BlueZ `struct hci_mon_hdr` and `struct mgmt_hdr`; `doc/hci.rst`,
/// `doc/mgmt-api.txt`).
struct ChannelDatagram {
  /// The monitor's opcode (``LinuxMonitorOpcode``) or the management interface's code.
  var code: UInt16
  /// The controller the datagram concerns, the N of hciN (`HCI_DEV_NONE` for none).
  var index: UInt16
  /// The payload, as long as the header says, or shorter when the read cut it.
  var payload: ArraySlice<UInt8>
  /// Whether the payload is as long as the header says.
  var isComplete = true

  static let headerLength = 6

  init(code: UInt16, index: UInt16, payload: ArraySlice<UInt8>) {
    self.code = code
    self.index = index
    self.payload = payload
  }

  init(decoding datagram: [UInt8]) throws(HCISocketError) {
    guard datagram.count >= Self.headerLength else {
      throw .malformedPacket(
        .truncated(field: "HCI channel header", needed: Self.headerLength, available: datagram.count))
    }
    code = UInt16(datagram[0]) | UInt16(datagram[1]) << 8
    index = UInt16(datagram[2]) | UInt16(datagram[3]) << 8
    let length = Int(UInt16(datagram[4]) | UInt16(datagram[5]) << 8)
    payload = datagram[Self.headerLength..<min(datagram.count, Self.headerLength + length)]
    isComplete = payload.count == length
  }

  /// The header and the payload, as the channel takes them.
  var bytes: [UInt8] {
    let length = UInt16(truncatingIfNeeded: payload.count)
    return [
      UInt8(code & 0xFF), UInt8(code >> 8), UInt8(index & 0xFF), UInt8(index >> 8), UInt8(length & 0xFF),
      UInt8(length >> 8),
    ] + payload
  }

  /// The monitor opcode this carries, on the monitor channel.
  var monitorOpcode: LinuxMonitorOpcode { LinuxMonitorOpcode(rawValue: code) }

  /// The HCI event a monitor datagram carries, `nil` when it carries anything else; an event
  /// whose header disagrees with its length is malformed.
  func event() throws(HCISocketError) -> HCIPacket? {
    guard monitorOpcode == .eventPacket else { return nil }
    do throws(ByteDecodingError) {
      try H4Datagram.checkLength(of: payload, type: .event)
    } catch {
      throw .malformedPacket(error)
    }
    return HCIPacket(type: .event, direction: .controllerToHost, bytes: payload)
  }
}
