import BluetoothTypes
import CBlueZShim
import Glibc
import POSIXSupport
import SystemPackage

/// The real system calls: the C shim for what needs BlueZ's structures, Glibc for the rest.
package struct LiveHCISocketSystemCalls: HCISocketSystemCalls {
  /// How many devices one `HCIGETDEVLIST` asks for.
  static let deviceListCapacity: UInt16 = 256

  package init() {}

  /// Turns the shim's convention (non-negative on success, -errno on failure) into a throw.
  private func check(_ result: Int32) throws(Errno) -> Int32 {
    guard result >= 0 else { throw Errno(rawValue: -result) }
    return result
  }

  package func openSocket() throws(Errno) -> Int32 {
    try check(cbz_hci_socket_open())
  }

  package func bind(_ descriptor: Int32, device: UInt16, channel: UInt16) throws(Errno) {
    _ = try check(cbz_hci_socket_bind(descriptor, device, channel))
  }

  package func setFilter(_ descriptor: Int32, packetTypes: [UInt8], eventCodes: [UInt8]?) throws(Errno) {
    let events = eventCodes ?? []
    let result = packetTypes.withUnsafeBufferPointer { types in
      events.withUnsafeBufferPointer { codes in
        cbz_hci_socket_set_filter(
          descriptor, types.baseAddress, types.count, codes.baseAddress, codes.count, eventCodes == nil ? 1 : 0)
      }
    }
    _ = try check(result)
  }

  package func deviceList(_ descriptor: Int32) throws(Errno) -> [UInt16] {
    var entries = [cbz_hci_device_entry](repeating: cbz_hci_device_entry(), count: Int(Self.deviceListCapacity))
    let count = try check(
      entries.withUnsafeMutableBufferPointer { buffer in
        cbz_hci_get_device_list(descriptor, buffer.baseAddress, Self.deviceListCapacity)
      })
    return entries.prefix(Int(count)).map(\.index)
  }

  package func deviceInfo(_ descriptor: Int32, index: UInt16) throws(Errno) -> HCIDeviceInfo {
    var info = cbz_hci_device_info()
    _ = try check(cbz_hci_get_device_info(descriptor, index, &info))
    let name = withUnsafeBytes(of: info.name) { bytes in
      String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
    let addressBytes = withUnsafeBytes(of: info.address) { Array($0) }
    let features = withUnsafeBytes(of: info.features) { Array($0) }
    var address = BluetoothAddress(rawValue: 0)
    for (offset, byte) in addressBytes.enumerated() {
      address = BluetoothAddress(rawValue: address.rawValue | UInt64(byte) << (8 * UInt64(offset)))
    }
    return HCIDeviceInfo(
      index: HCIDeviceIndex(rawValue: info.index), name: name, address: address,
      flags: HCIDeviceFlags(rawValue: info.flags), bus: HCIBus(rawValue: info.type & 0x0F),
      controllerType: HCIControllerType(rawValue: (info.type & 0x30) >> 4), features: features,
      aclMTU: info.acl_mtu, aclPackets: info.acl_packets, scoMTU: info.sco_mtu, scoPackets: info.sco_packets)
  }

  package func deviceUp(_ descriptor: Int32, index: UInt16) throws(Errno) {
    _ = try check(cbz_hci_device_up(descriptor, index))
  }

  package func deviceDown(_ descriptor: Int32, index: UInt16) throws(Errno) {
    _ = try check(cbz_hci_device_down(descriptor, index))
  }

  package func poll(_ descriptor: Int32, timeoutMilliseconds: Int32) throws(Errno) -> Bool {
    var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return try valueOrErrno(Glibc.poll(&request, 1, timeoutMilliseconds)) > 0
  }

  package func read(_ descriptor: Int32, maxCount: Int) throws(Errno) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: maxCount)
    // `errno` is read inside the closure, right after the call, before the buffer is released.
    let count = buffer.withUnsafeMutableBytes { bytes in
      Result { () throws(Errno) in try valueOrErrno(Glibc.read(descriptor, bytes.baseAddress, bytes.count)) }
    }
    return Array(buffer.prefix(try count.get()))
  }

  package func write(_ descriptor: Int32, _ bytes: [UInt8]) throws(Errno) -> Int {
    let count = bytes.withUnsafeBytes { buffer in
      Result { () throws(Errno) in try valueOrErrno(Glibc.write(descriptor, buffer.baseAddress, buffer.count)) }
    }
    return try count.get()
  }

  package func close(_ descriptor: Int32) throws(Errno) {
    _ = try valueOrErrno(Glibc.close(descriptor))
  }

  package func executablePath() -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBufferPointer { bytes -> Int in
      guard let base = bytes.baseAddress else { return -1 }
      return readlink("/proc/self/exe", base, bytes.count)
    }
    guard count > 0, count < buffer.count else { return nil }
    return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
