/// Sizes and constants of the btsnoop file format (RFC 1761 "snoop" with Bluetooth datalinks).
///
/// A file is a 16-byte header followed by records; every integer is big-endian.
/// ```
/// header: "btsnoop\0" (8) | version UInt32 = 1 | datalink UInt32
/// record: original length UInt32 | included length UInt32 | flags UInt32 |
///         cumulative drops UInt32 | timestamp Int64 | included length bytes of packet data
/// ```
public enum BTSnoopFormat {
  /// The 8 bytes every btsnoop file starts with: `"btsnoop"` and a NUL.
  public static let magic: [UInt8] = [0x62, 0x74, 0x73, 0x6E, 0x6F, 0x6F, 0x70, 0x00]
  /// The only version of the format in use.
  public static let version: UInt32 = 1
  /// Size of the file header: magic, version, datalink.
  public static let fileHeaderSize = 16
  /// Size of each record's header, before its packet data.
  public static let recordHeaderSize = 24
  /// The largest included length a record may declare.
  ///
  /// The largest HCI packet is an ACL packet with a 16-bit length: 4 header bytes + 65 535,
  /// plus one H4 indicator byte = 65 540. Linux monitor metadata records (index info,
  /// user logging) are far smaller. The bound leaves 60 bytes of slack above that, so a
  /// length beyond it can only be a corrupt or misaligned record header, and the decoder
  /// never waits for (or buffers) megabytes of garbage.
  public static let maximumIncludedLength = 65_600
}
