import SystemPackage

/// The system calls the HCI socket layer makes, one small function each.
///
/// Every function throws the ``Errno`` the call failed with and never retries: retrying
/// `EINTR` and mapping errors to ``HCISocketError`` happen above, so tests can inject any
/// failure by passing their own conformance. ``LiveHCISocketSystemCalls`` is the real one.
package protocol HCISocketSystemCalls: Sendable {
  /// Opens a raw HCI socket and returns its descriptor.
  /// The corresponding C function is `cbz_hci_socket_open` (`socket`).
  func openSocket() throws(Errno) -> Int32

  /// Binds a socket to a device on a channel.
  /// The corresponding C function is `cbz_hci_socket_bind` (`bind`).
  func bind(_ descriptor: Int32, device: UInt16, channel: UInt16) throws(Errno)

  /// Sets the raw channel's filter: the packet types to pass, and the event codes to pass
  /// (`nil` for all). The corresponding C function is `cbz_hci_socket_set_filter`
  /// (`setsockopt(SOL_HCI, HCI_FILTER)`).
  func setFilter(_ descriptor: Int32, packetTypes: [UInt8], eventCodes: [UInt8]?) throws(Errno)

  /// The indices of the kernel's HCI devices.
  /// The corresponding C function is `cbz_hci_get_device_list` (`ioctl(HCIGETDEVLIST)`).
  func deviceList(_ descriptor: Int32) throws(Errno) -> [UInt16]

  /// One device's information.
  /// The corresponding C function is `cbz_hci_get_device_info` (`ioctl(HCIGETDEVINFO)`).
  func deviceInfo(_ descriptor: Int32, index: UInt16) throws(Errno) -> HCIDeviceInfo

  /// Brings a device up.
  /// The corresponding C function is `cbz_hci_device_up` (`ioctl(HCIDEVUP)`).
  func deviceUp(_ descriptor: Int32, index: UInt16) throws(Errno)

  /// Brings a device down.
  /// The corresponding C function is `cbz_hci_device_down` (`ioctl(HCIDEVDOWN)`).
  func deviceDown(_ descriptor: Int32, index: UInt16) throws(Errno)

  /// Waits until the socket is readable or the timeout (milliseconds; -1 for none) passes;
  /// returns whether it is readable. The corresponding C function is `poll`.
  func poll(_ descriptor: Int32, timeoutMilliseconds: Int32) throws(Errno) -> Bool

  /// Reads one datagram of at most `maxCount` bytes. The corresponding C function is `read`.
  func read(_ descriptor: Int32, maxCount: Int) throws(Errno) -> [UInt8]

  /// Writes one datagram and returns how many bytes were written.
  /// The corresponding C function is `write`.
  func write(_ descriptor: Int32, _ bytes: [UInt8]) throws(Errno) -> Int

  /// Closes the descriptor. The corresponding C function is `close`.
  func close(_ descriptor: Int32) throws(Errno)

  /// The path of the running binary, for the `setcap` advice, or `nil` if unknown.
  /// The corresponding C function is `readlink("/proc/self/exe")`.
  func executablePath() -> String?
}
