import BluetoothTypes

/// An AltBeacon frame (AltBeacon spec 1.0): manufacturer-specific data under any company with
/// the beacon code `BE AC`, a 20-byte beacon ID, the reference RSSI and one reserved byte.
///
/// The ID is split the way the spec suggests and tools display it: a 16-byte ``id1`` (a UUID),
/// then ``id2`` and ``id3``, two bytes each, big-endian.
public struct AltBeacon: Hashable, Sendable {
  /// The advertiser's company identifier (the spec lets any company use the format).
  public var companyIdentifier: UInt16
  public var id1: UUID128
  public var id2: UInt16
  public var id3: UInt16
  /// Reference RSSI: the RSSI in dBm a receiver sees at 1 m.
  public var referenceRSSI: Int8
  /// MFG RSVD: reserved for the manufacturer.
  public var manufacturerReserved: UInt8

  public init(
    companyIdentifier: UInt16, id1: UUID128, id2: UInt16, id3: UInt16, referenceRSSI: Int8,
    manufacturerReserved: UInt8 = 0
  ) {
    self.companyIdentifier = companyIdentifier
    self.id1 = id1
    self.id2 = id2
    self.id3 = id3
    self.referenceRSSI = referenceRSSI
    self.manufacturerReserved = manufacturerReserved
  }

  /// The length of the manufacturer-specific data of an AltBeacon (company identifier included).
  public static let manufacturerSpecificDataLength = 26

  /// The beacon code that marks an AltBeacon.
  public static let beaconCode: UInt16 = 0xBEAC

  /// Decodes the data of a manufacturer-specific AD structure (company identifier included).
  public init(manufacturerSpecificData data: ArraySlice<UInt8>) throws(BeaconFrameError) {
    try self.init(manufacturerSpecificData: data.span)
  }

  /// Decodes borrowed manufacturer-specific data (company identifier included) in place.
  public init(manufacturerSpecificData data: Span<UInt8>) throws(BeaconFrameError) {
    self = try Self.decode(manufacturerSpecificData: data).frame()
  }

  /// The decoder itself, returning its failure rather than throwing it (see ``IBeacon``).
  static func decode(manufacturerSpecificData data: Span<UInt8>) -> Result<AltBeacon, FrameRejection> {
    if let rejection = FrameRejection.shortfall(2, at: 0, of: data, "Company Identifier") { return .failure(rejection) }
    if let rejection = FrameRejection.shortfall(2, at: 2, of: data, "Beacon Code") { return .failure(rejection) }
    let code = UInt16(truncatingIfNeeded: data.loadBigEndian(2, at: 2))
    guard code == beaconCode else { return .failure(.wrongType(code)) }
    guard data.count == manufacturerSpecificDataLength else {
      return .failure(.wrongLength(expected: 22, actual: data.count - 4))
    }
    return .success(
      AltBeacon(
        companyIdentifier: UInt16(truncatingIfNeeded: data.loadLittleEndian(2, at: 0)),
        id1: UUID128(high: data.loadBigEndian(8, at: 4), low: data.loadBigEndian(8, at: 12)),
        id2: UInt16(truncatingIfNeeded: data.loadBigEndian(2, at: 20)),
        id3: UInt16(truncatingIfNeeded: data.loadBigEndian(2, at: 22)), referenceRSSI: Int8(bitPattern: data[24]),
        manufacturerReserved: data[25]))
  }

  /// The manufacturer-specific AD structure's data, company identifier first (26 bytes).
  public var manufacturerSpecificData: [UInt8] {
    var writer = ByteWriter(capacity: Self.manufacturerSpecificDataLength)
    writer.writeUInt16LE(companyIdentifier)
    writer.writeUInt16BE(Self.beaconCode)
    writer.write(contentsOf: id1.bigEndianBytes)
    writer.writeUInt16BE(id2)
    writer.writeUInt16BE(id3)
    writer.write(referenceRSSI)
    writer.write(manufacturerReserved)
    return writer.bytes
  }

  /// Flags then the frame, as the AltBeacon spec's advertisement lays it out.
  public var advertisingData: AdvertisingData {
    AdvertisingData(structures: [
      ADStructure(type: .flags, data: [ADFlags([.leGeneralDiscoverable, .brEDRNotSupported]).rawValue][...]),
      ADStructure(type: .manufacturerSpecificData, data: manufacturerSpecificData[...]),
    ])
  }
}
