/// Constants of the pcapng format (IETF draft-ietf-opsawg-pcapng).
///
/// A file is one or more sections, each a Section Header Block followed by other blocks.
/// Every block is `type UInt32 | total length UInt32 | body | total length UInt32`, its total
/// length a multiple of 4, its integers in the byte order of its section.
public enum PcapngFormat {
  /// Block type of a Section Header Block; the same bytes in either byte order.
  public static let sectionHeaderBlockType: UInt32 = 0x0A0D_0D0A
  /// Block type of an Interface Description Block.
  public static let interfaceDescriptionBlockType: UInt32 = 0x0000_0001
  /// Block type of the obsolete Packet Block.
  public static let packetBlockType: UInt32 = 0x0000_0002
  /// Block type of a Simple Packet Block.
  public static let simplePacketBlockType: UInt32 = 0x0000_0003
  /// Block type of an Enhanced Packet Block.
  public static let enhancedPacketBlockType: UInt32 = 0x0000_0006
  /// The byte-order magic of a Section Header Block, as read in the section's byte order.
  public static let byteOrderMagic: UInt32 = 0x1A2B_3C4D
  /// The only major version in use.
  public static let majorVersion: UInt16 = 1
  /// The smallest block: type, total length, trailing total length.
  public static let minimumBlockLength = 12
  /// The largest block the decoder accepts (16 MiB, as Wireshark). A length beyond it can
  /// only be a corrupt or misaligned block header, and the decoder never waits for (or
  /// buffers) more than that.
  public static let maximumBlockLength: UInt32 = 16 * 1024 * 1024
  /// Option code ending an option list (`opt_endofopt`).
  public static let endOfOptionsCode: UInt16 = 0
  /// Interface option: timestamp resolution (`if_tsresol`).
  public static let timestampResolutionOptionCode: UInt16 = 9
  /// Interface option: seconds to add to every timestamp (`if_tsoffset`).
  public static let timestampOffsetOptionCode: UInt16 = 14
}
