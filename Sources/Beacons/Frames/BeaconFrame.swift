import BluetoothTypes

/// The kinds of beacon frame this toolkit recognises.
public enum BeaconKind: String, CaseIterable, Hashable, Sendable {
  case iBeacon = "ibeacon"
  case altBeacon = "altbeacon"
  case eddystoneUID = "eddystone-uid"

  /// The format's name as its specification writes it: `iBeacon`, `AltBeacon`, `Eddystone-UID`.
  public var displayName: String {
    switch self {
    case .iBeacon: return "iBeacon"
    case .altBeacon: return "AltBeacon"
    case .eddystoneUID: return "Eddystone-UID"
    }
  }
}

/// A recognised beacon frame of any kind.
public enum BeaconFrame: Hashable, Sendable {
  case iBeacon(IBeacon)
  case altBeacon(AltBeacon)
  case eddystoneUID(EddystoneUID)

  public var kind: BeaconKind {
    switch self {
    case .iBeacon: return .iBeacon
    case .altBeacon: return .altBeacon
    case .eddystoneUID: return .eddystoneUID
    }
  }

  /// What identifies the beacon, without its power calibration.
  public var identity: BeaconIdentity {
    switch self {
    case .iBeacon(let frame): return .iBeacon(uuid: frame.uuid, major: frame.major, minor: frame.minor)
    case .altBeacon(let frame): return .altBeacon(id1: frame.id1, id2: frame.id2, id3: frame.id3)
    case .eddystoneUID(let frame): return .eddystoneUID(namespace: frame.namespace, instance: frame.instance)
    }
  }

  /// The expected RSSI at 1 m in dBm (iBeacon measured power, AltBeacon reference RSSI,
  /// Eddystone TX power at 0 m less 41 dB).
  public var txPowerAt1m: Int {
    switch self {
    case .iBeacon(let frame): return Int(frame.measuredPower)
    case .altBeacon(let frame): return Int(frame.referenceRSSI)
    case .eddystoneUID(let frame): return frame.txPowerAt1m
    }
  }

  /// The first beacon frame in a payload, trying each manufacturer-specific and service-data
  /// structure in order. Malformed structures are skipped, not fatal: the well-formed part of
  /// a payload is still searched.
  public init?(advertisingData: AdvertisingData) {
    self.init(advertisingData: advertisingData.bytes.span)
  }

  /// The first beacon frame in a borrowed payload, read in place (see ``init(advertisingData:)-(AdvertisingData)``).
  public init?(advertisingData payload: Span<UInt8>) {
    var found: BeaconFrame?
    AdvertisingData.forEachStructure(in: payload) { type, data in
      found = Self.frame(ofType: type, data: payload.extracting(data))
      return found == nil
    }
    guard let found else { return nil }
    self = found
  }

  /// The beacon frame one AD structure carries, if it carries one.
  private static func frame(ofType type: ADType, data: Span<UInt8>) -> BeaconFrame? {
    switch type {
    case .manufacturerSpecificData:
      // Most manufacturer data on the air is neither; its length alone says so.
      switch data.count {
      case IBeacon.manufacturerSpecificDataLength:
        if case .success(let frame) = IBeacon.decode(manufacturerSpecificData: data) { return .iBeacon(frame) }
      case AltBeacon.manufacturerSpecificDataLength:
        if case .success(let frame) = AltBeacon.decode(manufacturerSpecificData: data) { return .altBeacon(frame) }
      default:
        break
      }
      return nil
    case .serviceData16BitUUID:
      if case .success(let frame) = EddystoneUID.decode(serviceData: data) { return .eddystoneUID(frame) }
      return nil
    default:
      return nil
    }
  }

  /// The advertising payload that carries this frame.
  public var advertisingData: AdvertisingData {
    switch self {
    case .iBeacon(let frame): return frame.advertisingData
    case .altBeacon(let frame): return frame.advertisingData
    case .eddystoneUID(let frame): return frame.advertisingData
    }
  }
}
