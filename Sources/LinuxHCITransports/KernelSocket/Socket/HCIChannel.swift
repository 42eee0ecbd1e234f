/// Which of the kernel's HCI socket channels a socket is bound to (`sockaddr_hci.hci_channel`).
///
/// The raw and user channels deliver and accept packets with the H4 packet indicator byte first.
/// The monitor channel delivers a copy of every controller's traffic, each packet behind a
/// 6-byte header of its own (``MonitorHCIConnection``), and accepts nothing.
public enum HCIChannel: UInt16, Hashable, Sendable {
  /// `HCI_CHANNEL_RAW`: shares the device with the kernel's Bluetooth stack (and bluetoothd).
  /// Receives what the filter lets through; the device must be up to send.
  case raw = 0
  /// `HCI_CHANNEL_USER`: takes the device away from the kernel's stack exclusively. Needs
  /// CAP_NET_ADMIN and the device down and not in use by bluetoothd.
  case user = 1
  /// `HCI_CHANNEL_MONITOR`: a read-only copy of the traffic between the kernel and every
  /// controller, what `btmon` shows. Bound to no device; needs CAP_NET_RAW.
  case monitor = 2
  /// `HCI_CHANNEL_CONTROL`: the kernel's management interface (``ManagementSocket``), bluetoothd's
  /// way to the controllers. Bound to no device.
  case control = 3
}

extension HCIChannel: CustomStringConvertible {
  /// `raw`, `user` or `monitor`.
  public var description: String {
    switch self {
    case .raw: return "raw"
    case .user: return "user"
    case .monitor: return "monitor"
    case .control: return "management"
    }
  }
}
