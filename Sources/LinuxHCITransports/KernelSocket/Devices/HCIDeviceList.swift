import BluetoothTypes
import Glibc
import HCICodec
import POSIXSupport
import SystemPackage

/// The kernel's HCI devices.
public enum HCIDeviceList {
  /// Every HCI device the kernel knows, in index order, as `hciconfig -a` shows them.
  ///
  /// The corresponding C functions are `ioctl(HCIGETDEVLIST)` and, for each device,
  /// `ioctl(HCIGETDEVINFO)`. A device that disappears between the two is left out.
  public static func list() throws(HCISocketError) -> [HCIDeviceInfo] {
    try list(system: LiveHCISocketSystemCalls())
  }

  /// One device's information.
  ///
  /// The corresponding C function is `ioctl(HCIGETDEVINFO)`.
  public static func info(for device: HCIDeviceIndex) throws(HCISocketError) -> HCIDeviceInfo {
    try info(for: device, system: LiveHCISocketSystemCalls())
  }

  package static func list(system: any HCISocketSystemCalls) throws(HCISocketError) -> [HCIDeviceInfo] {
    try ControlSocket.with(system) { (descriptor) throws(HCISocketError) in
      let indices: [UInt16]
      do throws(Errno) {
        indices = try retryingOnInterrupt { () throws(Errno) in try system.deviceList(descriptor) }
      } catch {
        throw system.error(error, during: .listDevices, descriptor: descriptor)
      }
      var devices: [HCIDeviceInfo] = []
      for index in indices.sorted() {
        let device = HCIDeviceIndex(rawValue: index)
        do throws(Errno) {
          devices.append(
            try retryingOnInterrupt { () throws(Errno) in try system.deviceInfo(descriptor, index: index) })
        } catch  where error.rawValue == ENODEV {
          continue
        } catch {
          throw system.error(error, during: .readDeviceInfo(device), descriptor: descriptor)
        }
      }
      return devices
    }
  }

  package static func info(
    for device: HCIDeviceIndex, system: any HCISocketSystemCalls
  ) throws(HCISocketError) -> HCIDeviceInfo {
    try ControlSocket.with(system) { (descriptor) throws(HCISocketError) in
      do throws(Errno) {
        return try retryingOnInterrupt { () throws(Errno) in
          try system.deviceInfo(descriptor, index: device.rawValue)
        }
      } catch {
        throw system.error(error, during: .readDeviceInfo(device), descriptor: descriptor)
      }
    }
  }
}
