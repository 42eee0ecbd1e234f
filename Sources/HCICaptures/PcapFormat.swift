/// Sizes and constants of the pcap savefile format (tcpdump.org `pcap-savefile(5)`).
///
/// A file is a 24-byte header followed by records, every integer in the byte order the magic
/// number reveals.
/// ```
/// header: magic UInt32 | major UInt16 = 2 | minor UInt16 = 4 | thiszone Int32 | sigfigs UInt32 |
///         snaplen UInt32 | linktype UInt32 (LINKTYPE_ value in the low 16 bits)
/// record: ts_sec UInt32 | ts_usec (or ts_nsec) UInt32 | incl_len UInt32 | orig_len UInt32 |
///         incl_len bytes of packet data
/// ```
public enum PcapFormat {
  /// The magic number of files with microsecond timestamps.
  public static let microsecondMagic: UInt32 = 0xA1B2_C3D4
  /// The magic number of files with nanosecond timestamps.
  public static let nanosecondMagic: UInt32 = 0xA1B2_3C4D
  /// The only major version in use.
  public static let majorVersion: UInt16 = 2
  /// Size of the file header.
  public static let fileHeaderSize = 24
  /// Size of each record's header, before its packet data.
  public static let recordHeaderSize = 16
  /// The largest included length a record may declare: libpcap's `MAXIMUM_SNAPLEN`. A
  /// length beyond it can only be a corrupt or misaligned record header, and the decoder
  /// never waits for (or buffers) megabytes of garbage.
  public static let maximumCapturedLength: UInt32 = 262_144
}
