import BluetoothTypes

/// Why an AD payload is not a beacon frame of the kind asked for.
public enum BeaconFrameError: Error, Hashable, Sendable {
  /// The payload has no AD structure that could carry this kind of frame.
  case noCandidateStructure
  /// Manufacturer data under another company than the frame requires (iBeacon: 0x004C).
  case wrongCompany(UInt16)
  /// Service data under another service UUID than the frame requires (Eddystone: 0xFEAA).
  case wrongService(UInt16)
  /// The frame's type bytes are not this kind's (e.g. Apple type 0x10 rather than 0x02).
  case wrongType(UInt16)
  /// The frame's declared or actual length is not this kind's.
  case wrongLength(expected: Int, actual: Int)
  /// The AD structures themselves are malformed.
  case malformed(ByteDecodingError)
}
