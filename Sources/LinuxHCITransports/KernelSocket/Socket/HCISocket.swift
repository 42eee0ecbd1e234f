import BluetoothTypes
import Glibc
import HCICodec
import HCITransportCore
import POSIXSupport
import SystemPackage

/// A kernel HCI socket bound to one device on the raw or user channel.
///
/// Open one with ``open(device:channel:)``; it closes when ``close()`` is called or when it
/// is released. It is not `Sendable`: use it from one task or thread at a time.
///
/// Everything it does is a system call on Linux's Bluetooth socket interface, so it needs a
/// kernel with Bluetooth support and, for most uses, CAP_NET_RAW (see ``HCISocketError``).
public final class HCISocket {
  /// The device the socket is bound to.
  public let device: HCIDeviceIndex
  /// The channel the socket is bound to.
  public let channel: HCIChannel
  /// The descriptor, or `nil` once closed.
  private(set) var descriptor: Int32?
  let system: any HCISocketSystemCalls

  private init(device: HCIDeviceIndex, channel: HCIChannel, descriptor: Int32, system: any HCISocketSystemCalls) {
    self.device = device
    self.channel = channel
    self.descriptor = descriptor
    self.system = system
  }

  deinit {
    if let descriptor { try? system.close(descriptor) }
  }

  /// Opens an HCI socket and binds it to `device` on `channel`.
  ///
  /// On the raw channel, set a filter with ``setFilter(_:)`` before receiving: the kernel
  /// passes a raw socket only what its filter allows.
  ///
  /// The corresponding C functions are `socket(AF_BLUETOOTH, SOCK_RAW | SOCK_CLOEXEC,
  /// BTPROTO_HCI)` and `bind` with a `struct sockaddr_hci`.
  public static func open(device: HCIDeviceIndex, channel: HCIChannel = .raw) throws(HCISocketError) -> HCISocket {
    try open(device: device, channel: channel, system: LiveHCISocketSystemCalls())
  }

  package static func open(
    device: HCIDeviceIndex, channel: HCIChannel, system: any HCISocketSystemCalls
  ) throws(HCISocketError) -> HCISocket {
    let descriptor: Int32
    do throws(Errno) {
      descriptor = try retryingOnInterrupt { () throws(Errno) in try system.openSocket() }
    } catch {
      throw system.error(error, during: .open, device: device, descriptor: nil)
    }
    do throws(Errno) {
      try retryingOnInterrupt { () throws(Errno) in
        try system.bind(descriptor, device: device.rawValue, channel: channel.rawValue)
      }
    } catch {
      let mapped = system.error(error, during: .bind(device, channel), descriptor: descriptor)
      try? system.close(descriptor)
      throw mapped
    }
    return HCISocket(device: device, channel: channel, descriptor: descriptor, system: system)
  }

  /// Whether ``close()`` has been called.
  public var isClosed: Bool { descriptor == nil }

  /// Closes the socket. Closing a closed socket does nothing.
  ///
  /// The socket counts as closed even when this throws: Linux releases the descriptor
  /// whatever `close` reports, so it is never retried.
  ///
  /// The corresponding C function is `close`.
  public func close() throws(HCISocketError) {
    guard let descriptor else { return }
    self.descriptor = nil
    do throws(Errno) {
      try system.close(descriptor)
    } catch {
      throw HCISocketError(error, during: .close, device: device)
    }
  }

  /// The open descriptor, or ``HCISocketError/socketClosed``.
  func openDescriptor() throws(HCISocketError) -> Int32 {
    guard let descriptor else { throw .socketClosed }
    return descriptor
  }
}
