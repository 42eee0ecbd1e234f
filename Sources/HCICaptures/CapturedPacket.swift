import BluetoothTypes
import HCICodec

/// An HCI packet read from a capture, with when and where it was recorded.
public struct CapturedPacket: Hashable, Sendable {
  public var time: Timestamp
  public var packet: HCIPacket
  /// The controller (hciN) the packet belongs to, in captures that say (Linux monitor);
  /// `nil` in single-controller formats.
  public var controllerIndex: UInt16?
  /// 1-based number of the record the packet came from.
  public var recordNumber: Int
  /// Offset in the file of that record's header.
  public var byteOffset: Int

  public init(time: Timestamp, packet: HCIPacket, controllerIndex: UInt16?, recordNumber: Int, byteOffset: Int) {
    self.time = time
    self.packet = packet
    self.controllerIndex = controllerIndex
    self.recordNumber = recordNumber
    self.byteOffset = byteOffset
  }
}
