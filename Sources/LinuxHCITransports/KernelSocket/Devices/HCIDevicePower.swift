import BluetoothTypes
import Glibc
import HCICodec
import POSIXSupport
import SystemPackage

/// Bringing HCI devices up and down, as `hciconfig hciN up` and `down` do. Both need
/// CAP_NET_ADMIN.
public enum HCIDevicePower {
  /// Brings a device up; a device that is already up is left as it is.
  ///
  /// The corresponding C function is `ioctl(HCIDEVUP)`.
  public static func up(_ device: HCIDeviceIndex) throws(HCISocketError) {
    try up(device, system: LiveHCISocketSystemCalls())
  }

  /// Brings a device down.
  ///
  /// The corresponding C function is `ioctl(HCIDEVDOWN)`.
  public static func down(_ device: HCIDeviceIndex) throws(HCISocketError) {
    try down(device, system: LiveHCISocketSystemCalls())
  }

  package static func up(_ device: HCIDeviceIndex, system: any HCISocketSystemCalls) throws(HCISocketError) {
    try ControlSocket.with(system) { (descriptor) throws(HCISocketError) in
      do throws(Errno) {
        try retryingOnInterrupt { () throws(Errno) in try system.deviceUp(descriptor, index: device.rawValue) }
      } catch  where error.rawValue == EALREADY {
        return
      } catch {
        throw system.error(error, during: .bringUp(device), descriptor: descriptor)
      }
    }
  }

  package static func down(_ device: HCIDeviceIndex, system: any HCISocketSystemCalls) throws(HCISocketError) {
    try ControlSocket.with(system) { (descriptor) throws(HCISocketError) in
      do throws(Errno) {
        try retryingOnInterrupt { () throws(Errno) in try system.deviceDown(descriptor, index: device.rawValue) }
      } catch {
        throw system.error(error, during: .bringDown(device), descriptor: descriptor)
      }
    }
  }
}
