import BluetoothTypes

/// An Apple iBeacon frame: manufacturer-specific data under company 0x004C whose payload is
/// `02 15`, a 16-byte proximity UUID, major and minor (big-endian), and the measured power.
///
/// Only an exact match is an iBeacon: another company, another Apple type, or a length byte
/// other than 0x15 (21) is not.
public struct IBeacon: Hashable, Sendable {
  public var uuid: UUID128
  public var major: UInt16
  public var minor: UInt16
  /// Measured power: the RSSI in dBm a receiver sees at 1 m (calibrated; often −59).
  public var measuredPower: Int8

  public init(uuid: UUID128, major: UInt16, minor: UInt16, measuredPower: Int8 = -59) {
    self.uuid = uuid
    self.major = major
    self.minor = minor
    self.measuredPower = measuredPower
  }

  /// The length of the manufacturer-specific data of an iBeacon (company identifier included).
  public static let manufacturerSpecificDataLength = 25

  /// Apple's Bluetooth SIG company identifier.
  public static let appleCompanyIdentifier: UInt16 = 0x004C
  /// The two bytes after the company identifier: type 0x02 (proximity beacon), length 0x15.
  public static let typeAndLength: UInt16 = 0x0215

  /// Decodes the data of a manufacturer-specific AD structure (company identifier included).
  public init(manufacturerSpecificData data: ArraySlice<UInt8>) throws(BeaconFrameError) {
    try self.init(manufacturerSpecificData: data.span)
  }

  /// Decodes borrowed manufacturer-specific data (company identifier included) in place.
  public init(manufacturerSpecificData data: Span<UInt8>) throws(BeaconFrameError) {
    self = try Self.decode(manufacturerSpecificData: data).frame()
  }

  /// The decoder itself. It returns its failure rather than throwing it: most manufacturer data
  /// on the air is not an iBeacon, and the scanner asks of every structure.
  static func decode(manufacturerSpecificData data: Span<UInt8>) -> Result<IBeacon, FrameRejection> {
    if let rejection = FrameRejection.shortfall(2, at: 0, of: data, "Company Identifier") { return .failure(rejection) }
    let company = UInt16(truncatingIfNeeded: data.loadLittleEndian(2, at: 0))
    guard company == appleCompanyIdentifier else { return .failure(.wrongCompany(company)) }
    if let rejection = FrameRejection.shortfall(2, at: 2, of: data, "iBeacon type and length") {
      return .failure(rejection)
    }
    let typeAndLength = UInt16(truncatingIfNeeded: data.loadBigEndian(2, at: 2))
    guard typeAndLength == Self.typeAndLength else { return .failure(.wrongType(typeAndLength)) }
    guard data.count == manufacturerSpecificDataLength else {
      return .failure(.wrongLength(expected: 21, actual: data.count - 4))
    }
    return .success(
      IBeacon(
        uuid: UUID128(high: data.loadBigEndian(8, at: 4), low: data.loadBigEndian(8, at: 12)),
        major: UInt16(truncatingIfNeeded: data.loadBigEndian(2, at: 20)),
        minor: UInt16(truncatingIfNeeded: data.loadBigEndian(2, at: 22)), measuredPower: Int8(bitPattern: data[24])))
  }

  /// Finds and decodes the iBeacon frame in an advertising payload: the first
  /// manufacturer-specific structure that is one. When none is, throws why the first
  /// manufacturer-specific structure is not (or ``BeaconFrameError/noCandidateStructure``).
  public init(advertisingData: AdvertisingData) throws(BeaconFrameError) {
    var found: IBeacon?
    var firstError: BeaconFrameError?
    advertisingData.forEachStructure { structure in
      guard found == nil, structure.type == .manufacturerSpecificData else { return }
      do throws(BeaconFrameError) {
        found = try IBeacon(manufacturerSpecificData: structure.data)
      } catch {
        if firstError == nil { firstError = error }
      }
    }
    guard let found else { throw firstError ?? .noCandidateStructure }
    self = found
  }

  /// The manufacturer-specific AD structure's data, company identifier first (25 bytes).
  public var manufacturerSpecificData: [UInt8] {
    var writer = ByteWriter(capacity: Self.manufacturerSpecificDataLength)
    writer.writeUInt16LE(Self.appleCompanyIdentifier)
    writer.writeUInt16BE(Self.typeAndLength)
    writer.write(contentsOf: uuid.bigEndianBytes)
    writer.writeUInt16BE(major)
    writer.writeUInt16BE(minor)
    writer.write(measuredPower)
    return writer.bytes
  }

  /// The full 30-byte advertising payload Apple specifies: Flags (0x06) then the frame.
  public var advertisingData: AdvertisingData {
    AdvertisingData(structures: [
      ADStructure(type: .flags, data: [ADFlags([.leGeneralDiscoverable, .brEDRNotSupported]).rawValue][...]),
      ADStructure(type: .manufacturerSpecificData, data: manufacturerSpecificData[...]),
    ])
  }
}
