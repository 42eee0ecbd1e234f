import BluetoothTypes
import HCICaptures
import SystemPackage

/// A Bluetooth socket some program holds, as the kernel announces it on the monitor channel
/// (`HCI_MON_CTRL_OPEN`, what btmon prints as "@ RAW Open: bluetoothd").
public struct HCISocketUser: Hashable, Sendable {
  /// The socket's channel.
  public enum Channel: String, Hashable, Sendable {
    /// The raw channel, shared with the kernel (hcitool, our scanner, bluez-peripheral tools).
    case raw
    /// The user channel: the controller taken from the kernel.
    case user
    /// The management interface (bluetoothd, btmgmt).
    case control
  }

  /// The program's name as the kernel keeps it (`comm`, at most 15 bytes): `bluetoothd`.
  public var program: String
  public var channel: Channel
  /// The controller the socket is bound to; `nil` for none (the management interface).
  public var device: HCIDeviceIndex?
  /// Whether the socket was opened with the capabilities of a trusted user (CAP_NET_ADMIN).
  public var privileged: Bool

  public init(program: String, channel: Channel, device: HCIDeviceIndex?, privileged: Bool) {
    self.program = program
    self.channel = channel
    self.device = device
    self.privileged = privileged
  }

  /// Decodes an announcement's payload (BlueZ `monitor/packet.c`, the kernel's
  /// `create_monitor_ctrl_open`): cookie (4), format (2: 0 raw, 1 user, 2 control), version
  /// (3), flags (4: bit 0 trusted), the name's length (1) and the name. `nil` for a format this
  /// does not know or a payload too short.
  init?(announcement payload: ArraySlice<UInt8>, index: UInt16) {
    let bytes = Array(payload)
    guard bytes.count >= 14 else { return nil }
    switch UInt16(bytes[4]) | UInt16(bytes[5]) << 8 {
    case 0: channel = .raw
    case 1: channel = .user
    case 2: channel = .control
    default: return nil
    }
    privileged = bytes[9] & 0x01 != 0
    let name = bytes[14...].prefix(Int(bytes[13])).prefix { $0 != 0 }
    program = String(decoding: name, as: UTF8.self)
    device = index == HCIDeviceIndex.none.rawValue ? nil : HCIDeviceIndex(rawValue: index)
  }
}

/// The Bluetooth sockets other programs hold now: the kernel announces every open one to a
/// monitor socket as it binds. Needs CAP_NET_RAW, as the monitor channel does.
public enum HCISocketUsers {
  /// The sockets open now, in the order the kernel announced them.
  /// The corresponding C functions are `socket`, `bind` (monitor channel), `poll` and `read`.
  public static func list() throws(HCISocketError) -> [HCISocketUser] {
    try list(system: LiveHCISocketSystemCalls())
  }

  /// The most datagrams read: the announcements come first, then live traffic, which is not waited for.
  static let readLimit = 10_000

  package static func list(system: any HCISocketSystemCalls) throws(HCISocketError) -> [HCISocketUser] {
    let socket = try HCISocket.open(device: .none, channel: .monitor, system: system)
    defer { try? socket.close() }
    var open: [(cookie: UInt32, user: HCISocketUser)] = []
    for _ in 0..<readLimit {
      guard let datagram = try socket.receiveDatagram(until: .now) else { break }
      let frame = try ChannelDatagram(decoding: datagram)
      let payload = Array(frame.payload)
      guard payload.count >= 4 else { continue }
      let cookie = UInt32(payload[0]) | UInt32(payload[1]) << 8 | UInt32(payload[2]) << 16 | UInt32(payload[3]) << 24
      if frame.monitorOpcode == .controlOpen, let user = HCISocketUser(announcement: frame.payload, index: frame.index)
      {
        open.append((cookie, user))
      } else if frame.monitorOpcode == .controlClose {
        open.removeAll { $0.cookie == cookie }
      }
    }
    return open.map(\.user)
  }
}
