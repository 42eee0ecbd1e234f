import BluetoothTypes

/// HCI_LE_Set_Extended_Advertising_Data (Core v5.4 Vol 4 Part E §7.8.54): all or one
/// fragment of an advertising set's data. Returns Status.
public struct LESetExtendedAdvertisingData: HCICommandWithReturnParameters {
  public typealias ReturnParameters = StatusReturnParameters
  public static let opcode = HCIOpcode(rawValue: 0x2037)

  /// The most Advertising_Data one command can carry (251 octets, so that the parameters fit
  /// in 255).
  public static let maximumDataLength = 251

  /// Advertising_Handle.
  public var advertisingHandle: AdvertisingHandle
  /// Operation.
  public var operation: AdvertisingDataOperation
  /// Fragment_Preference.
  public var fragmentPreference: FragmentPreference
  /// Advertising_Data (its length is Advertising_Data_Length); at most 251 octets.
  public private(set) var advertisingData: [UInt8]

  /// Throws ``HCIParameterError/tooLong(field:count:maximum:)`` for more than 251 bytes.
  public init<Bytes: Collection>(
    advertisingHandle: AdvertisingHandle, operation: AdvertisingDataOperation = .complete,
    fragmentPreference: FragmentPreference = .shouldNotFragment, advertisingData: Bytes
  ) throws(HCIParameterError) where Bytes.Element == UInt8 {
    guard advertisingData.count <= Self.maximumDataLength else {
      throw .tooLong(field: "Advertising_Data", count: advertisingData.count, maximum: Self.maximumDataLength)
    }
    self.advertisingHandle = advertisingHandle
    self.operation = operation
    self.fragmentPreference = fragmentPreference
    self.advertisingData = Array(advertisingData)
  }

  public func encodeParameters(into writer: inout ByteWriter) {
    writer.write(advertisingHandle.rawValue)
    writer.write(operation.rawValue)
    writer.write(fragmentPreference.rawValue)
    writer.write(UInt8(truncatingIfNeeded: advertisingData.count))
    writer.write(contentsOf: advertisingData)
  }

  /// An Advertising_Data_Length above 251 is ``ByteDecodingError/invalidValue(field:value:)``.
  public init(decodingParameters reader: inout ByteReader) throws(ByteDecodingError) {
    advertisingHandle = AdvertisingHandle(rawValue: try reader.readUInt8("Advertising_Handle"))
    operation = AdvertisingDataOperation(rawValue: try reader.readUInt8("Operation"))
    fragmentPreference = FragmentPreference(rawValue: try reader.readUInt8("Fragment_Preference"))
    let length = try reader.readUInt8("Advertising_Data_Length")
    guard Int(length) <= Self.maximumDataLength else {
      throw .invalidValue(field: "Advertising_Data_Length", value: UInt64(length))
    }
    advertisingData = Array(try reader.readBytes(Int(length), "Advertising_Data"))
  }
}
