import BluetoothTypes
import HCICaptures
import HCICodec

/// One datagram of the kernel's HCI monitor channel: BlueZ's `struct hci_mon_hdr` (opcode,
/// controller index and payload length, 16 bits each, little-endian; `monitor/mainloop` and
/// `doc/hci.rst` in BlueZ's sources), then the payload. The opcodes are those of a btsnoop
/// monitor capture (``LinuxMonitorOpcode``); a packet's payload is the HCI packet without its
/// H4 indicator.
struct MonitorDatagram {
  /// What the payload is: an HCI packet in one direction, or the monitor's own news (a
  /// controller added or removed, a system note, management traffic).
  var opcode: LinuxMonitorOpcode
  /// The controller the datagram concerns, the N of hciN (`HCI_DEV_NONE` for none).
  var index: UInt16
  /// The payload, as long as the header says, or shorter when the read cut it.
  var payload: ArraySlice<UInt8>

  static let headerLength = 6

  init(decoding datagram: [UInt8]) throws(HCISocketError) {
    guard datagram.count >= Self.headerLength else {
      throw .malformedPacket(
        .truncated(field: "HCI monitor header", needed: Self.headerLength, available: datagram.count))
    }
    opcode = LinuxMonitorOpcode(rawValue: UInt16(datagram[0]) | UInt16(datagram[1]) << 8)
    index = UInt16(datagram[2]) | UInt16(datagram[3]) << 8
    let length = Int(UInt16(datagram[4]) | UInt16(datagram[5]) << 8)
    payload = datagram[Self.headerLength..<min(datagram.count, Self.headerLength + length)]
  }

  /// The HCI event the datagram carries, `nil` when it carries anything else; an event whose
  /// header disagrees with its length is malformed.
  func event() throws(HCISocketError) -> HCIPacket? {
    guard opcode == .eventPacket else { return nil }
    do throws(ByteDecodingError) {
      try H4Datagram.checkLength(of: payload, type: .event)
    } catch {
      throw .malformedPacket(error)
    }
    return HCIPacket(type: .event, direction: .controllerToHost, bytes: payload)
  }
}
