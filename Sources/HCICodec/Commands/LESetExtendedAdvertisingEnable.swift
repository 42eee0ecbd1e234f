import BluetoothTypes

/// HCI_LE_Set_Extended_Advertising_Enable (Core v5.4 Vol 4 Part E §7.8.56): starts or stops
/// advertising sets. Returns Status.
///
/// On the wire Num_Sets is followed by Advertising_Handle[i], Duration[i] and
/// Max_Extended_Advertising_Events[i] for each set. Disabling with no sets disables all.
public struct LESetExtendedAdvertisingEnable: HCICommandWithReturnParameters {
  public typealias ReturnParameters = StatusReturnParameters
  public static let opcode = HCIOpcode(rawValue: 0x2039)

  /// The most sets one command can name (Num_Sets 0x01...0x3F).
  public static let maximumSets = 0x3F

  /// Advertising_Handle[i], Duration[i] and Max_Extended_Advertising_Events[i].
  public struct AdvertisingSet: Hashable, Sendable {
    /// Advertising_Handle[i].
    public var advertisingHandle: AdvertisingHandle
    /// Duration[i] (10 ms units; 0 = until disabled).
    public var duration: AdvertisingDuration
    /// Max_Extended_Advertising_Events[i] (0 = no limit).
    public var maxExtendedAdvertisingEvents: UInt8

    public init(
      advertisingHandle: AdvertisingHandle, duration: AdvertisingDuration = .unlimited,
      maxExtendedAdvertisingEvents: UInt8 = 0
    ) {
      self.advertisingHandle = advertisingHandle
      self.duration = duration
      self.maxExtendedAdvertisingEvents = maxExtendedAdvertisingEvents
    }
  }

  /// Enable.
  public var enable: Bool
  /// The sets (their count is Num_Sets); at most 63.
  public private(set) var sets: [AdvertisingSet]

  /// Throws ``HCIParameterError/tooManyEntries(field:count:maximum:)`` for more than 63 sets.
  public init(enable: Bool, sets: [AdvertisingSet]) throws(HCIParameterError) {
    guard sets.count <= Self.maximumSets else {
      throw .tooManyEntries(field: "Num_Sets", count: sets.count, maximum: Self.maximumSets)
    }
    self.enable = enable
    self.sets = sets
  }

  /// Disables every advertising set (Enable = 0, Num_Sets = 0).
  public static let disableAll = LESetExtendedAdvertisingEnable(enable: false)

  private init(enable: Bool) {
    self.enable = enable
    self.sets = []
  }

  public func encodeParameters(into writer: inout ByteWriter) {
    writer.write(enable)
    writer.write(UInt8(truncatingIfNeeded: sets.count))
    for set in sets {
      writer.write(set.advertisingHandle.rawValue)
      writer.writeUInt16LE(set.duration.rawValue)
      writer.write(set.maxExtendedAdvertisingEvents)
    }
  }

  /// A Num_Sets above 63 is ``ByteDecodingError/invalidValue(field:value:)``.
  public init(decodingParameters reader: inout ByteReader) throws(ByteDecodingError) {
    enable = try reader.readBool("Enable")
    let count = try reader.readUInt8("Num_Sets")
    guard Int(count) <= Self.maximumSets else { throw .invalidValue(field: "Num_Sets", value: UInt64(count)) }
    var sets: [AdvertisingSet] = []
    sets.reserveCapacity(Int(count))
    for _ in 0..<count {
      sets.append(
        AdvertisingSet(
          advertisingHandle: AdvertisingHandle(rawValue: try reader.readUInt8("Advertising_Handle")),
          duration: AdvertisingDuration(rawValue: try reader.readUInt16LE("Duration")),
          maxExtendedAdvertisingEvents: try reader.readUInt8("Max_Extended_Advertising_Events")))
    }
    self.sets = sets
  }
}
