import Glibc
import SystemPackage

extension HCISocketError {
  /// The typed error for a failed system call.
  ///
  /// - Parameters:
  ///   - errno: what the system call returned.
  ///   - operation: what was being done.
  ///   - device: the device concerned, when the operation itself does not name it
  ///     (a socket's send and receive).
  ///   - availableDevices: the devices there are, for `ENODEV`; `nil` if unknown.
  ///   - executable: the running binary, for `EPERM` and `EACCES`; `nil` if unknown.
  init(
    _ errno: Errno, during operation: HCISocketOperation, device: HCIDeviceIndex? = nil,
    availableDevices: [HCIDeviceIndex]? = nil, executable: String? = nil
  ) {
    let device = operation.device ?? device
    switch (errno.rawValue, device) {
    case (EAFNOSUPPORT, _), (EPROTONOSUPPORT, _):
      self = .bluetoothUnavailable(errno)
    case (EPERM, _), (EACCES, _):
      self = .permissionDenied(operation, errno, executable: executable)
    case (ENODEV, let device?):
      self = .noSuchDevice(device, available: availableDevices)
    case (ENETDOWN, let device?):
      self = .deviceDown(device)
    case (ERFKILL, let device?):
      self = .blockedByRFKill(device)
    case (EBUSY, let device?):
      self = .deviceBusy(operation, device)
    case (EUSERS, let device?):
      self = .userChannelTaken(device)
    case (EPIPE, let device?):
      self = .deviceRemoved(device)
    default:
      self = .system(operation, errno)
    }
  }
}
