/// What the HCI socket layer was doing when a system call failed.
public enum HCISocketOperation: Hashable, Sendable {
  /// Opening the socket (`socket`).
  case open
  /// Binding it to a device and channel (`bind`).
  case bind(HCIDeviceIndex, HCIChannel)
  /// Setting the receive filter (`setsockopt(HCI_FILTER)`).
  case setFilter
  /// Sending a packet (`write`).
  case send
  /// Waiting for and reading a packet (`poll`, `read`).
  case receive
  /// Closing the socket (`close`).
  case close
  /// Listing devices (`ioctl(HCIGETDEVLIST)`).
  case listDevices
  /// Reading a device's information (`ioctl(HCIGETDEVINFO)`).
  case readDeviceInfo(HCIDeviceIndex)
  /// Bringing a device up (`ioctl(HCIDEVUP)`).
  case bringUp(HCIDeviceIndex)
  /// Bringing a device down (`ioctl(HCIDEVDOWN)`).
  case bringDown(HCIDeviceIndex)
}

extension HCISocketOperation: CustomStringConvertible {
  /// A phrase that completes "could not ...".
  public var description: String {
    switch self {
    case .open: return "open a raw HCI socket"
    case .bind(_, .monitor): return "bind to the HCI monitor channel"
    case .bind(_, .control): return "bind to the Bluetooth management interface"
    case .bind(let device, let channel): return "bind to \(device) on the \(channel) channel"
    case .setFilter: return "set the HCI socket filter"
    case .send: return "send an HCI packet"
    case .receive: return "receive an HCI packet"
    case .close: return "close the HCI socket"
    case .listDevices: return "list HCI devices"
    case .readDeviceInfo(let device): return "read the information of \(device)"
    case .bringUp(let device): return "bring \(device) up"
    case .bringDown(let device): return "bring \(device) down"
    }
  }

  /// The device the operation concerns, if any.
  var device: HCIDeviceIndex? {
    switch self {
    case .bind(let device, let channel) where channel != .monitor && channel != .control: return device
    case .bind: return nil
    case .readDeviceInfo(let device), .bringUp(let device), .bringDown(let device):
      return device
    case .open, .setFilter, .send, .receive, .close, .listDevices:
      return nil
    }
  }
}
