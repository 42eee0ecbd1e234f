import BluetoothTypes
import Glibc
import HCICodec
import HCITransportCore
import POSIXSupport
import SystemPackage

/// Device-level requests (`ioctl`s) go through an unbound HCI socket, as `hciconfig` does.
enum ControlSocket {
  /// Opens an unbound HCI socket, runs `body` with it, and closes it.
  static func with<Result>(
    _ system: any HCISocketSystemCalls, _ body: (Int32) throws(HCISocketError) -> Result
  ) throws(HCISocketError) -> Result {
    let descriptor: Int32
    do throws(Errno) {
      descriptor = try system.openSocket()
    } catch {
      throw system.error(error, during: .open, descriptor: nil)
    }
    defer { try? system.close(descriptor) }
    return try body(descriptor)
  }
}

extension HCISocketSystemCalls {
  /// The typed error for `errno`, with what the advice needs: the device list for `ENODEV`
  /// (read through `descriptor`, when there is one), the binary's path for `EPERM` and `EACCES`.
  func error(
    _ errno: Errno, during operation: HCISocketOperation, device: HCIDeviceIndex? = nil, descriptor: Int32?
  ) -> HCISocketError {
    var available: [HCIDeviceIndex]?
    if errno.rawValue == ENODEV, let descriptor {
      available = (try? retryingOnInterrupt { () throws(Errno) in try deviceList(descriptor) })?
        .map(HCIDeviceIndex.init(rawValue:)).sorted()
    }
    let executable = errno.rawValue == EPERM || errno.rawValue == EACCES ? executablePath() : nil
    return HCISocketError(
      errno, during: operation, device: device, availableDevices: available, executable: executable)
  }
}
