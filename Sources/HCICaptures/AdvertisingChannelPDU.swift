import BluetoothTypes
import HCICodec

/// An advertising-channel PDU (Core spec Vol 6, Part B, 2.3): a 2-byte header (PDU type,
/// ChSel, TxAdd, RxAdd, length) and a payload.
///
/// Only legacy advertising is turned into reports: ADV_EXT_IND and the auxiliary PDUs of
/// extended advertising are not reassembled (their data travels on secondary channels, in
/// AUX_ADV_IND and AUX_CHAIN_IND PDUs that a sniffer may or may not have followed).
public struct AdvertisingChannelPDU: Hashable, Sendable {
  /// The PDU type, the header's low 4 bits.
  public struct PDUType: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Connectable and scannable undirected advertising.
    public static let advInd = PDUType(rawValue: 0b0000)
    /// Connectable directed advertising.
    public static let advDirectInd = PDUType(rawValue: 0b0001)
    /// Non-connectable, non-scannable undirected advertising (what iBeacons send).
    public static let advNonconnInd = PDUType(rawValue: 0b0010)
    /// A scanner's request for a scan response (AUX_SCAN_REQ on secondary channels).
    public static let scanReq = PDUType(rawValue: 0b0011)
    /// A scan response.
    public static let scanRsp = PDUType(rawValue: 0b0100)
    /// A connection request (AUX_CONNECT_REQ on secondary channels).
    public static let connectInd = PDUType(rawValue: 0b0101)
    /// Scannable undirected advertising.
    public static let advScanInd = PDUType(rawValue: 0b0110)
    /// Extended advertising (AUX_ADV_IND, AUX_SCAN_RSP, AUX_SYNC_IND, AUX_CHAIN_IND on
    /// secondary channels).
    public static let advExtInd = PDUType(rawValue: 0b0111)
    /// AUX_CONNECT_RSP.
    public static let auxConnectRsp = PDUType(rawValue: 0b1000)

    /// The Event_Type an LE Advertising Report gives this PDU, or `nil` if it is not reported
    /// as a legacy advertisement.
    public var reportEventType: LEAdvertisingReport.EventType? {
      switch self {
      case .advInd: return .advInd
      case .advDirectInd: return .advDirectInd
      case .advScanInd: return .advScanInd
      case .advNonconnInd: return .advNonconnInd
      case .scanRsp: return .scanRsp
      default: return nil
      }
    }
  }

  public var pduType: PDUType
  /// ChSel: the advertiser supports channel selection algorithm #2.
  public var channelSelection: Bool
  /// TxAdd: the advertiser's address (AdvA) is random.
  public var txAddIsRandom: Bool
  /// RxAdd: the target's address (TargetA, InitA, ScanA) is random.
  public var rxAddIsRandom: Bool
  /// The payload the header's length announces.
  public var payload: ArraySlice<UInt8>

  /// Decodes the PDU of an advertising-channel ``LinkLayerPacket``.
  public init(decoding pdu: ArraySlice<UInt8>) throws(ByteDecodingError) {
    var reader = ByteReader(pdu)
    let first = try reader.readUInt8("PDU Header")
    let length = Int(try reader.readUInt8("PDU Header Length"))
    pduType = PDUType(rawValue: first & 0x0F)
    channelSelection = first & 0x20 != 0
    txAddIsRandom = first & 0x40 != 0
    rxAddIsRandom = first & 0x80 != 0
    payload = try reader.readBytes(length, "PDU Payload")
  }

  /// The report a controller sends its host for this PDU (Core spec Vol 4, Part E,
  /// 7.7.65.2): Event_Type from the PDU type, Address_Type from TxAdd, Address = AdvA, Data =
  /// AdvData or ScanRspData (none for ADV_DIRECT_IND).
  ///
  /// - Parameter rssi: The signal strength the sniffer measured, `nil` if it did not.
  /// - Returns: `nil` for PDU types that no legacy report describes (``PDUType/reportEventType``).
  /// - Throws: ``ByteDecodingError`` if the payload is too short for AdvA (or AdvA and
  ///   TargetA), or its data is longer than the 31 bytes a legacy report can carry.
  public func advertisingReport(rssi: Int8?) throws(ByteDecodingError) -> LEAdvertisingReport.Report? {
    guard let eventType = pduType.reportEventType else { return nil }
    var reader = ByteReader(payload)
    let address = try reader.readAddress("AdvA")
    let data: ArraySlice<UInt8>
    if pduType == .advDirectInd {
      _ = try reader.readAddress("TargetA")
      try reader.expectEnd("ADV_DIRECT_IND")
      data = []
    } else {
      data = reader.readRemaining()
      guard data.count <= 31 else { throw .invalidValue(field: "AdvData length", value: UInt64(data.count)) }
    }
    return LEAdvertisingReport.Report(
      eventType: eventType, addressType: txAddIsRandom ? .random : .public, address: address, data: data,
      rssi: rssi == LEAdvertisingReport.rssiNotAvailable ? nil : rssi)
  }
}

extension AdvertisingChannelPDU.PDUType: CustomStringConvertible {
  /// The spec's name, e.g. `ADV_NONCONN_IND`, or the number for reserved types.
  public var description: String {
    switch self {
    case .advInd: return "ADV_IND"
    case .advDirectInd: return "ADV_DIRECT_IND"
    case .advNonconnInd: return "ADV_NONCONN_IND"
    case .scanReq: return "SCAN_REQ"
    case .scanRsp: return "SCAN_RSP"
    case .connectInd: return "CONNECT_IND"
    case .advScanInd: return "ADV_SCAN_IND"
    case .advExtInd: return "ADV_EXT_IND"
    case .auxConnectRsp: return "AUX_CONNECT_RSP"
    default: return "reserved PDU type \(rawValue)"
    }
  }
}
