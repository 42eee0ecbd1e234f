import BluetoothTypes

/// HCI_LE_Meta_Event (Core spec Vol 4, Part E, 7.7.65): LE events behind one event code.
public enum LEMetaEvent: Hashable, Sendable {
  case advertisingReport(LEAdvertisingReport)
  case extendedAdvertisingReport(LEExtendedAdvertisingReport)
  case other(subevent: LEMetaSubeventCode, parameters: ArraySlice<UInt8>)

  init(decoding reader: inout ByteReader) throws(ByteDecodingError) {
    let subevent = LEMetaSubeventCode(rawValue: try reader.readUInt8("Subevent_Code"))
    switch subevent {
    case .advertisingReport:
      self = .advertisingReport(try LEAdvertisingReport(decoding: &reader))
    case .extendedAdvertisingReport:
      self = .extendedAdvertisingReport(try LEExtendedAdvertisingReport(decoding: &reader))
    default:
      self = .other(subevent: subevent, parameters: reader.readRemaining())
    }
  }
}
