import BluetoothTypes

/// An Eddystone-UID frame: service data under UUID 0xFEAA with frame type 0x00, the TX power
/// at 0 m, a 10-byte namespace and a 6-byte instance (two reserved bytes may follow).
public struct EddystoneUID: Hashable, Sendable {
  /// Calibrated TX power: the RSSI in dBm a receiver sees at 0 m. At 1 m it is about 41 dB lower.
  public var txPowerAt0m: Int8
  /// The 10-byte namespace, held in its low 80 bits (first byte most significant).
  public var namespace: EddystoneNamespace
  /// The 6-byte instance, held in the low 48 bits (first byte most significant).
  public var instance: UInt64

  public init(txPowerAt0m: Int8, namespace: EddystoneNamespace, instance: UInt64) {
    self.txPowerAt0m = txPowerAt0m
    self.namespace = namespace
    self.instance = instance & 0xFFFF_FFFF_FFFF
  }

  /// The Eddystone service UUID.
  public static let serviceUUID: UInt16 = 0xFEAA
  /// The frame type of a UID frame.
  public static let frameType: UInt8 = 0x00
  /// The path loss at 1 m the Eddystone spec assumes: TX power at 1 m = TX power at 0 m − 41.
  public static let pathLossAt1m: Int = 41

  /// An instance as people write it: 12 upper-case hex digits.
  public static func instanceText(_ instance: UInt64) -> String { Hex.encode(bigEndian: instance, byteCount: 6) }

  /// The expected RSSI at 1 m, for comparison with iBeacon's measured power.
  public var txPowerAt1m: Int { Int(txPowerAt0m) - Self.pathLossAt1m }

  /// Decodes the data of a 16-bit service-data AD structure (service UUID included).
  public init(serviceData data: ArraySlice<UInt8>) throws(BeaconFrameError) {
    try self.init(serviceData: data.span)
  }

  /// Decodes borrowed 16-bit service data (service UUID included) in place.
  public init(serviceData data: Span<UInt8>) throws(BeaconFrameError) {
    self = try Self.decode(serviceData: data).frame()
  }

  /// The decoder itself, returning its failure rather than throwing it (see ``IBeacon``).
  static func decode(serviceData data: Span<UInt8>) -> Result<EddystoneUID, FrameRejection> {
    if let rejection = FrameRejection.shortfall(2, at: 0, of: data, "Service UUID") { return .failure(rejection) }
    if let rejection = FrameRejection.shortfall(1, at: 2, of: data, "Frame Type") { return .failure(rejection) }
    let service = UInt16(truncatingIfNeeded: data.loadLittleEndian(2, at: 0))
    guard service == serviceUUID else { return .failure(.wrongService(service)) }
    guard data[2] == frameType else { return .failure(.wrongType(UInt16(data[2]))) }
    // 17 bytes of fields, then two reserved bytes that many beacons omit.
    guard data.count == 20 || data.count == 22 else {
      return .failure(.wrongLength(expected: 19, actual: data.count - 3))
    }
    return .success(
      EddystoneUID(
        txPowerAt0m: Int8(bitPattern: data[3]),
        namespace: EddystoneNamespace(
          high: UInt16(truncatingIfNeeded: data.loadBigEndian(2, at: 4)), low: data.loadBigEndian(8, at: 6)),
        instance: data.loadBigEndian(6, at: 14)))
  }

  /// The service data AD structure's data, service UUID first (22 bytes, reserved bytes zero).
  public var serviceData: [UInt8] {
    var writer = ByteWriter(capacity: 22)
    writer.writeUInt16LE(Self.serviceUUID)
    writer.write(Self.frameType)
    writer.write(txPowerAt0m)
    writer.writeBigEndian(UInt64(namespace.high), count: 2)
    writer.writeBigEndian(namespace.low, count: 8)
    writer.writeBigEndian(instance, count: 6)
    writer.writeUInt16BE(0)
    return writer.bytes
  }

  /// Flags, the complete 16-bit service list (0xFEAA) and the frame, as Eddystone requires.
  public var advertisingData: AdvertisingData {
    AdvertisingData(structures: [
      ADStructure(type: .flags, data: [ADFlags([.leGeneralDiscoverable, .brEDRNotSupported]).rawValue][...]),
      ADStructure(type: .completeList16BitServiceUUIDs, data: [0xAA, 0xFE][...]),
      ADStructure(type: .serviceData16BitUUID, data: serviceData[...]),
    ])
  }
}

/// An Eddystone namespace: 10 bytes, shown as 20 hex digits.
public struct EddystoneNamespace: Hashable, Sendable, CustomStringConvertible {
  /// The first two bytes.
  public var high: UInt16
  /// The last eight bytes.
  public var low: UInt64

  public init(high: UInt16, low: UInt64) {
    self.high = high
    self.low = low
  }

  /// Parses 20 hex digits.
  public init?(_ text: String) {
    guard let bytes = Hex.decode(text), bytes.count == 10 else { return nil }
    high = UInt16(bytes[0]) << 8 | UInt16(bytes[1])
    low = bytes[2...].reduce(0) { $0 << 8 | UInt64($1) }
  }

  /// Upper-case hex, 20 digits.
  public var description: String {
    Hex.encode(bigEndian: UInt64(high), byteCount: 2) + Hex.encode(bigEndian: low, byteCount: 8)
  }
}
