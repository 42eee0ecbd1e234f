/// The kind of packets a pcap file or a pcapng interface holds: a `LINKTYPE_` value from
/// tcpdump.org's link-layer header types registry.
///
/// Only the Bluetooth link types this module can turn into HCI packets have names here; see
/// ``supported``.
public struct PcapLinkType: RawRepresentable, Hashable, Sendable {
  public let rawValue: UInt32
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  /// 187, `LINKTYPE_BLUETOOTH_HCI_H4`: an H4 packet indicator, then the HCI packet. The
  /// direction is not recorded.
  public static let bluetoothHCIH4 = PcapLinkType(rawValue: 187)
  /// 201, `LINKTYPE_BLUETOOTH_HCI_H4_WITH_PHDR`: a 4-byte big-endian direction (0 sent by the
  /// host, 1 received by it), an H4 packet indicator, then the HCI packet.
  public static let bluetoothHCIH4WithPHDR = PcapLinkType(rawValue: 201)
  /// 251, `LINKTYPE_BLUETOOTH_LE_LL`: a Bluetooth LE link-layer packet (access address, PDU,
  /// CRC) without any radio information.
  public static let bluetoothLELL = PcapLinkType(rawValue: 251)
  /// 254, `LINKTYPE_BLUETOOTH_LINUX_MONITOR`: a 4-byte header (adapter ID and monitor opcode,
  /// both big-endian), then the packet as the Linux kernel's monitor channel delivers it.
  public static let bluetoothLinuxMonitor = PcapLinkType(rawValue: 254)
  /// 256, `LINKTYPE_BLUETOOTH_LE_LL_WITH_PHDR`: a 10-byte radio pseudo-header (channel,
  /// signal and noise power, flags), then a Bluetooth LE link-layer packet.
  public static let bluetoothLELLWithPHDR = PcapLinkType(rawValue: 256)
  /// 272, `LINKTYPE_NORDIC_BLE`: the nRF Sniffer for Bluetooth LE's header (board, protocol
  /// version, channel, RSSI, flags), then a Bluetooth LE link-layer packet.
  public static let nordicBLE = PcapLinkType(rawValue: 272)

  /// The link types ``CapturedFrame/translated(verifyingUncheckedCRC:)`` understands.
  public static let supported: [PcapLinkType] = [
    .bluetoothHCIH4, .bluetoothHCIH4WithPHDR, .bluetoothLinuxMonitor,
    .bluetoothLELL, .bluetoothLELLWithPHDR, .nordicBLE,
  ]

  /// Whether frames of this link type carry HCI packets (rather than radio PDUs).
  public var carriesHCIPackets: Bool {
    self == .bluetoothHCIH4 || self == .bluetoothHCIH4WithPHDR || self == .bluetoothLinuxMonitor
  }
}

extension PcapLinkType: CustomStringConvertible {
  /// The number and the registry name, e.g. `272 (LINKTYPE_NORDIC_BLE)`.
  public var description: String {
    switch self {
    case .bluetoothHCIH4: return "187 (LINKTYPE_BLUETOOTH_HCI_H4)"
    case .bluetoothHCIH4WithPHDR: return "201 (LINKTYPE_BLUETOOTH_HCI_H4_WITH_PHDR)"
    case .bluetoothLELL: return "251 (LINKTYPE_BLUETOOTH_LE_LL)"
    case .bluetoothLinuxMonitor: return "254 (LINKTYPE_BLUETOOTH_LINUX_MONITOR)"
    case .bluetoothLELLWithPHDR: return "256 (LINKTYPE_BLUETOOTH_LE_LL_WITH_PHDR)"
    case .nordicBLE: return "272 (LINKTYPE_NORDIC_BLE)"
    case PcapLinkType(rawValue: 1): return "1 (LINKTYPE_ETHERNET)"
    case PcapLinkType(rawValue: 105): return "105 (LINKTYPE_IEEE802_11)"
    case PcapLinkType(rawValue: 113): return "113 (LINKTYPE_LINUX_SLL)"
    case PcapLinkType(rawValue: 127): return "127 (LINKTYPE_IEEE802_11_RADIOTAP)"
    default: return String(rawValue)
    }
  }
}
