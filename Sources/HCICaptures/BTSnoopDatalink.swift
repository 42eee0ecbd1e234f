/// The kind of packets a btsnoop file holds, from the `datalink` field of its file header.
///
/// The values are those BlueZ (`src/shared/btsnoop.h`) and Wireshark use.
public struct BTSnoopDatalink: RawRepresentable, Hashable, Sendable {
  public let rawValue: UInt32
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  /// 1001, "HCI unencapsulated": packets without an H4 indicator; the record flags say whether
  /// a packet is a command/event or data, and its direction.
  public static let hci = BTSnoopDatalink(rawValue: 1001)
  /// 1002, "HCI UART (H4)": each packet starts with its H4 packet indicator. Android's
  /// "Bluetooth HCI snoop log" writes this.
  public static let h4 = BTSnoopDatalink(rawValue: 1002)
  /// 2001, "Linux monitor": the record flags carry a controller index and a monitor opcode.
  /// `btmon -w` writes this.
  public static let linuxMonitor = BTSnoopDatalink(rawValue: 2001)

  /// The datalinks this module reads and writes.
  public static let supported: [BTSnoopDatalink] = [.hci, .h4, .linuxMonitor]

  /// Whether this module can read and write files with this datalink.
  public var isSupported: Bool { Self.supported.contains(self) }
}

extension BTSnoopDatalink: CustomStringConvertible {
  public var description: String {
    switch self {
    case .hci: return "1001 (HCI)"
    case .h4: return "1002 (HCI UART/H4)"
    case .linuxMonitor: return "2001 (Linux monitor)"
    default: return String(rawValue)
    }
  }
}
