import BluetoothTypes

/// One pattern of the kernel's advertisement monitors (BlueZ `doc/mgmt-api.txt`, Add
/// Advertisement Patterns Monitor): an AD structure of `adType` whose data holds `value` at
/// `offset`.
public struct AdvertisementPattern: Hashable, Sendable {
  /// The AD type (`0xFF`, manufacturer specific data).
  public var adType: UInt8
  /// Where in the structure's data the value starts.
  public var offset: UInt8
  /// What the data holds there: 1 to 31 bytes, ending within the 31 bytes of legacy
  /// advertising data.
  public var value: [UInt8]

  /// The maximum length of advertising data that a pattern can look into.
  public static let dataLength = 31

  /// A pattern, or `nil` when `value` is empty or does not end within ``dataLength`` bytes.
  public init?(adType: UInt8, offset: UInt8, value: [UInt8]) {
    guard !value.isEmpty, Int(offset) + value.count <= Self.dataLength else { return nil }
    self.adType = adType
    self.offset = offset
    self.value = value
  }

  /// AD type, offset, length and the value padded to 31 bytes, as the command carries it.
  var parameters: [UInt8] {
    [adType, offset, UInt8(value.count)] + value + [UInt8](repeating: 0, count: Self.dataLength - value.count)
  }
}

extension ManagementSocket {
  /// Adds an advertisement monitor for `patterns` to `device` (Add Advertisement Patterns
  /// Monitor, 0x0052; Linux 5.10 and later) and returns its handle.
  ///
  /// Why a scanner wants one: while any monitor exists, the kernel scans with the controller's
  /// duplicate filter off, in its passive background scan and in discoveries alike, so that a
  /// beacon is heard at every advertisement rather than once per scan. The monitor outlives a
  /// process that is killed, until the controller goes away (btmgmt's `monitor` menu: `remove HANDLE`, in hex); remove it with
  /// ``removeAdvertisementMonitor(_:device:)``.
  public func addAdvertisementMonitor(
    _ patterns: [AdvertisementPattern], device: HCIDeviceIndex
  ) throws(ManagementError) -> UInt16 {
    let name = "Add Advertisement Patterns Monitor"
    let parameters = [UInt8(clamping: patterns.count)] + patterns.prefix(Int(UInt8.max)).flatMap(\.parameters)
    let returned = try command(0x0052, name: name, device: device, parameters: parameters)
    guard returned.count >= 2 else { throw .shortAnswer(command: name, length: returned.count) }
    return UInt16(returned[0]) | UInt16(returned[1]) << 8
  }

  /// Removes the advertisement monitor `handle` from `device` (Remove Advertisement Monitor,
  /// 0x0053). Handle 0 would remove every monitor, bluetoothd's too, so it is never sent.
  public func removeAdvertisementMonitor(_ handle: UInt16, device: HCIDeviceIndex) throws(ManagementError) {
    guard handle != 0 else { return }
    _ = try command(
      0x0053, name: "Remove Advertisement Monitor", device: device,
      parameters: [UInt8(handle & 0xFF), UInt8(handle >> 8)])
  }
}
