import BluetoothTypes

/// The Advertising_Data_Length + Advertising_Data pair of HCI_LE_Set_Advertising_Data and
/// the Scan_Response_Data_Length + Scan_Response_Data pair of HCI_LE_Set_Scan_Response_Data
/// (Core v5.4 Vol 4 Part E §7.8.7, §7.8.8).
///
/// On the wire the data field is always 31 octets: the length octet says how many are
/// significant and the rest are zero padding. This type holds only the significant part and
/// can only be built with at most ``maximumLength`` bytes, so encoding cannot fail.
public struct LegacyAdvertisingPayload: Hashable, Sendable {
  /// The size of the data field on the wire, and the most significant bytes it can carry.
  public static let maximumLength = 31

  /// The significant bytes (at most 31).
  public let bytes: [UInt8]

  /// An empty payload (length 0, 31 zero bytes on the wire).
  public init() { bytes = [] }

  /// Throws ``HCIParameterError/tooLong(field:count:maximum:)`` for more than 31 bytes.
  public init<Bytes: Collection>(_ bytes: Bytes) throws(HCIParameterError) where Bytes.Element == UInt8 {
    guard bytes.count <= Self.maximumLength else {
      throw .tooLong(field: "Advertising_Data", count: bytes.count, maximum: Self.maximumLength)
    }
    self.bytes = Array(bytes)
  }

  /// The payload of AD structures `data`; throws if it is longer than 31 bytes.
  public init(_ data: AdvertisingData) throws(HCIParameterError) {
    try self.init(data.bytes)
  }

  /// The significant bytes as AD structures.
  public var advertisingData: AdvertisingData { AdvertisingData(bytes) }

  /// Decodes the length octet and the 31-octet field, keeping the significant part.
  /// A length above 31 is ``ByteDecodingError/invalidValue(field:value:)``.
  init(decoding reader: inout ByteReader, field: String) throws(ByteDecodingError) {
    let length = try reader.readUInt8("\(field)_Length")
    guard Int(length) <= Self.maximumLength else {
      throw .invalidValue(field: "\(field)_Length", value: UInt64(length))
    }
    let field = try reader.readBytes(Self.maximumLength, field)
    bytes = Array(field.prefix(Int(length)))
  }

  /// Writes the length octet and the data padded with zeros to 31 octets.
  func encode(into writer: inout ByteWriter) {
    writer.write(UInt8(truncatingIfNeeded: bytes.count))
    writer.write(contentsOf: bytes)
    writer.write(contentsOf: repeatElement(UInt8(0), count: Self.maximumLength - bytes.count))
  }
}
