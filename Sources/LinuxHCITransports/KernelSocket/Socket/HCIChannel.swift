/// Which of the kernel's HCI socket channels a socket is bound to (`sockaddr_hci.hci_channel`).
///
/// Both channels deliver and accept packets with the H4 packet indicator byte first. The
/// monitor channel (`HCI_CHANNEL_MONITOR`, 2) frames packets differently and is not offered.
public enum HCIChannel: UInt16, Hashable, Sendable {
  /// `HCI_CHANNEL_RAW`: shares the device with the kernel's Bluetooth stack (and bluetoothd).
  /// Receives what the filter lets through; the device must be up to send.
  case raw = 0
  /// `HCI_CHANNEL_USER`: takes the device away from the kernel's stack exclusively. Needs
  /// CAP_NET_ADMIN and the device down and not in use by bluetoothd.
  case user = 1
}

extension HCIChannel: CustomStringConvertible {
  /// `raw` or `user`.
  public var description: String {
    switch self {
    case .raw: return "raw"
    case .user: return "user"
    }
  }
}
