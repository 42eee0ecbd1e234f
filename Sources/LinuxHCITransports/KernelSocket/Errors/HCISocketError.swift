import BluetoothTypes
import HCITransportCore
import SystemPackage

/// Why an operation on a kernel HCI socket or device failed.
///
/// Every case's ``description`` says what went wrong and what to do about it.
public indirect enum HCISocketError: Error, Hashable, Sendable {
  /// The kernel has no Bluetooth socket support (`EAFNOSUPPORT`, `EPROTONOSUPPORT`).
  case bluetoothUnavailable(Errno)
  /// There is no such device (`ENODEV`); `available` lists the devices there are, or is
  /// `nil` when the device list could not be read.
  case noSuchDevice(HCIDeviceIndex, available: [HCIDeviceIndex]?)
  /// The process lacks a capability (`EPERM`, `EACCES`). `executable` is the path of the
  /// running binary when it could be found.
  case permissionDenied(HCISocketOperation, Errno, executable: String?)
  /// The device is down (`ENETDOWN`).
  case deviceDown(HCIDeviceIndex)
  /// The device is blocked by rfkill (`ERFKILL`).
  case blockedByRFKill(HCIDeviceIndex)
  /// The device is in use (`EBUSY`).
  case deviceBusy(HCISocketOperation, HCIDeviceIndex)
  /// Another socket already holds the device's user channel (`EUSERS`).
  case userChannelTaken(HCIDeviceIndex)
  /// The device went away while the socket was bound to it (`EPIPE`).
  case deviceRemoved(HCIDeviceIndex)
  /// A filter was set on a channel that has none; only the raw channel filters.
  case filterNeedsRawChannel(HCIChannel)
  /// The socket was used after ``HCISocket/close()``.
  case socketClosed
  /// A read returned no bytes, so not even the packet indicator.
  case emptyRead
  /// A received packet's header disagrees with its length.
  case malformedPacket(ByteDecodingError)
  /// Bytes handed to ``HCISocket/send(h4Bytes:)`` lack the packet indicator byte.
  case missingPacketIndicator
  /// The kernel accepted only part of a packet.
  case shortWrite(written: Int, expected: Int)
  /// The user channel was asked for while the device is up.
  case userChannelNeedsDeviceDown(HCIDeviceIndex)
  /// The device is down, and bringing it up failed with `cause`.
  case couldNotBringUp(HCIDeviceIndex, cause: HCISocketError)
  /// A packet was to be sent on the monitor channel, which only listens.
  case monitorSendsNothing
  /// Any other failure of a system call.
  case system(HCISocketOperation, Errno)
}

extension HCISocketError: TransportFailure {
  /// The category a caller acts on: no permission, no controller, a controller gone, or
  /// something else; the socket error itself rides along.
  public var connectionError: HCIConnectionError {
    switch self {
    case .permissionDenied: return .notAuthorized(self)
    case .couldNotBringUp(_, let cause):
      if case .notAuthorized = cause.connectionError { return .notAuthorized(self) }
      return .unavailable(self)
    case .bluetoothUnavailable, .noSuchDevice, .deviceDown, .blockedByRFKill: return .unavailable(self)
    case .deviceRemoved, .socketClosed, .emptyRead: return .closed(self)
    case .malformedPacket: return .framing(self)
    case .deviceBusy, .userChannelTaken, .userChannelNeedsDeviceDown, .filterNeedsRawChannel,
      .missingPacketIndicator, .shortWrite, .monitorSendsNothing, .system:
      return .failed(self)
    }
  }
}

extension HCISocketError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .bluetoothUnavailable:
      return "this kernel has no Bluetooth support (AF_BLUETOOTH unavailable). "
        + "Load the module (`sudo modprobe bluetooth`) or use another source: "
        + "`-i serial:/dev/ttyUSB0`, `-i tcp:HOST:PORT`, or `--replay FILE`"
    case .noSuchDevice(let device, let available):
      return "no such device \(device); " + Self.describe(available: available)
    case .permissionDenied(let operation, let errno, let executable):
      return "permission denied: could not \(operation) (\(errno.name)). "
        + "Grant the binary the two capabilities it needs: "
        + "`sudo setcap cap_net_raw,cap_net_admin+eip \(executable ?? "<binary>")` "
        + "(CAP_NET_RAW to open the raw HCI socket and send HCI commands; "
        + "CAP_NET_ADMIN to bring devices up or down and to use the user channel), "
        + "or run it with sudo. Rebuilding the binary drops the capabilities: run setcap again after each build"
    case .deviceDown(let device):
      return "\(device) is down. Bring it up: `sudo hciconfig \(device) up` or `bluetoothctl power on`"
    case .blockedByRFKill(let device):
      return "\(device) is blocked by rfkill (a radio switch, airplane mode or a soft block). "
        + "Unblock it with `rfkill unblock bluetooth`, then bring it up: `sudo hciconfig \(device) up`"
    case .deviceBusy(let operation, let device):
      return "\(device) is busy: could not \(operation). The user channel needs the device down and not "
        + "owned by bluetoothd: `sudo systemctl stop bluetooth` and `sudo hciconfig \(device) down`, "
        + "or use the raw channel, which shares the device. If it is down and not bluetoothd's, the "
        + "kernel may not have finished setting it up: when `dmesg | grep \(device)` shows a setup "
        + "command that failed or timed out, re-plug the adapter or reload its driver"
    case .userChannelTaken(let device):
      return "another program already holds \(device)'s user channel; only one may. "
        + "Stop the other program (another scanner, btproxy, or a virtual machine given the adapter), "
        + "or use the raw channel"
    case .deviceRemoved(let device):
      return "\(device) went away (unplugged, reset or its driver unloaded). "
        + "Check `hciconfig` or `btmgmt info` and open the device again"
    case .filterNeedsRawChannel(let channel):
      return "the \(channel) channel has no packet filter; it delivers every packet. "
        + "Open the socket on the raw channel to filter, or drop the filter"
    case .socketClosed:
      return "the HCI socket is closed; open a new one with `HCISocket.open(device:channel:)`"
    case .emptyRead:
      return "the HCI socket delivered an empty packet (no packet indicator byte); "
        + "the device may be going away: check `hciconfig` and reopen it"
    case .malformedPacket(let error):
      return "the HCI socket delivered a malformed packet: \(error); "
        + "record it with `btmon` and report it with the capture"
    case .missingPacketIndicator:
      return "nothing to send: the bytes must start with the H4 packet indicator "
        + "(0x01 command, 0x02 ACL data, 0x03 SCO data, 0x05 ISO data)"
    case .shortWrite(let written, let expected):
      return "the kernel accepted only \(written) of \(expected) byte(s) of the packet; "
        + "check that the packet fits the controller's buffer size (`hciconfig -a`)"
    case .userChannelNeedsDeviceDown(let device):
      return "\(device) is up, and the user channel needs it down and not used by bluetoothd: "
        + "`sudo systemctl stop bluetooth`, then `sudo hciconfig \(device) down`; "
        + "or leave out the exclusive option to share the device on the raw channel"
    case .couldNotBringUp(let device, let cause):
      return "\(device) is down and could not be brought up (\(cause)). "
        + "Or bring it up yourself: `sudo hciconfig \(device) up` or `bluetoothctl power on`"
    case .monitorSendsNothing:
      return "the HCI monitor channel only listens and sends nothing to a controller; "
        + "to scan or advertise yourself give the device (`-i hci0`)"
    case .system(let operation, let errno):
      return "could not \(operation): \(errno.name): \(errno.message)"
    }
  }

  private static func describe(available: [HCIDeviceIndex]?) -> String {
    guard let available else {
      return "the device list could not be read either (see `hciconfig` or `btmgmt info`)"
    }
    guard !available.isEmpty else {
      return "this machine has no Bluetooth controller the kernel knows of "
        + "(is the adapter plugged in? see `lsusb` and `dmesg | grep -i bluetooth`)"
    }
    return "the devices here are: " + available.map(\.description).joined(separator: ", ")
  }
}
