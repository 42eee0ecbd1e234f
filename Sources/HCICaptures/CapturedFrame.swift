import BluetoothTypes

/// One packet record of a pcap or pcapng capture, as stored: when, on which link type, and
/// the bytes, with where it was in the file.
///
/// ``translated(verifyingUncheckedCRC:)`` turns it into an HCI packet.
public struct CapturedFrame: Hashable, Sendable {
  /// When the packet was captured; `nil` for a pcapng Simple Packet Block, which has no
  /// timestamp (use the time of the frame before it).
  public var time: Timestamp?
  /// How to read ``bytes``: the file's link type (pcap) or its interface's (pcapng).
  public var linkType: PcapLinkType
  /// The pcapng interface the packet was captured on; 0 in pcap files.
  public var interfaceID: Int
  /// The packet bytes the file includes.
  ///
  /// The decoders hand out slices of their buffer without copying them; copy (`Array(bytes)`)
  /// what you keep for long, so that the slice does not keep the buffer alive.
  public var bytes: ArraySlice<UInt8>
  /// Length of the packet as it was seen; larger than `bytes.count` if the capture cut it.
  public var originalLength: Int
  /// 1-based frame number, as Wireshark numbers frames.
  public var recordNumber: Int
  /// Offset in the file of the record (pcap) or block (pcapng) holding the packet.
  public var byteOffset: Int

  public init(
    time: Timestamp?, linkType: PcapLinkType, interfaceID: Int, bytes: ArraySlice<UInt8>,
    originalLength: Int, recordNumber: Int, byteOffset: Int
  ) {
    self.time = time
    self.linkType = linkType
    self.interfaceID = interfaceID
    self.bytes = bytes
    self.originalLength = originalLength
    self.recordNumber = recordNumber
    self.byteOffset = byteOffset
  }

  /// Whether the capture stored fewer bytes than the packet had.
  public var isTruncated: Bool { bytes.count < originalLength }
}
