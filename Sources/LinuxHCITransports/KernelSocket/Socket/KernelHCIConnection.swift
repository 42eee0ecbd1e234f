import BluetoothTypes
import HCICodec
import HCITransportCore

/// An ``HCIConnection`` over the kernel's HCI socket: the raw channel, shared with the
/// kernel's Bluetooth stack and filtered to ``HCIFilter/controllerSession``, or the user
/// channel, which takes the device for this process alone.
///
/// Every ``HCISocketError`` becomes an ``HCIConnectionError`` that keeps its advice.
public final class KernelHCIConnection: HCIConnection {
  /// The socket underneath, for what the connection does not cover.
  public let socket: HCISocket

  /// The device, as the kernel names it: `hci0`.
  public var name: String { socket.device.description }

  private init(socket: HCISocket) {
    self.socket = socket
  }

  /// Opens `device` for a controller session.
  ///
  /// - Parameters:
  ///   - device: the kernel device.
  ///   - exclusive: `false` for the raw channel: a device that is down is brought up first
  ///     (`ioctl(HCIDEVUP)`, which needs CAP_NET_ADMIN). `true` for the user channel: the
  ///     device must be down and not used by bluetoothd, and is not brought up.
  ///
  /// The corresponding C functions are `ioctl(HCIGETDEVINFO)`, `ioctl(HCIDEVUP)`, `socket`,
  /// `bind` and `setsockopt(HCI_FILTER)`.
  public static func open(device: HCIDeviceIndex, exclusive: Bool = false) throws(HCIConnectionError)
    -> KernelHCIConnection
  {
    try open(device: device, exclusive: exclusive, system: LiveHCISocketSystemCalls())
  }

  package static func open(
    device: HCIDeviceIndex, exclusive: Bool, system: any HCISocketSystemCalls
  ) throws(HCIConnectionError) -> KernelHCIConnection {
    let info = try mapped { () throws(HCISocketError) in try HCIDeviceList.info(for: device, system: system) }
    if exclusive {
      guard !info.isUp else { throw HCISocketError.userChannelNeedsDeviceDown(device).connectionError }
      let socket = try mapped { () throws(HCISocketError) in
        try HCISocket.open(device: device, channel: .user, system: system)
      }
      return KernelHCIConnection(socket: socket)
    }
    if !info.isUp {
      do throws(HCISocketError) {
        try HCIDevicePower.up(device, system: system)
      } catch {
        throw HCISocketError.couldNotBringUp(device, cause: error).connectionError
      }
    }
    let socket = try mapped { () throws(HCISocketError) in
      try HCISocket.open(device: device, channel: .raw, system: system)
    }
    try mapped { () throws(HCISocketError) in try socket.setFilter(.controllerSession) }
    return KernelHCIConnection(socket: socket)
  }

  /// Sends a command. The corresponding C function is `write`.
  public func send(_ packet: HCIPacket) throws(HCIConnectionError) {
    do throws(HCISocketError) {
      try socket.send(packet)
    } catch {
      throw error.connectionError
    }
  }

  /// The next event the filter lets through, or `nil` after `timeout`.
  /// The corresponding C functions are `poll` and `read`.
  public func receive(timeout: Duration) throws(HCIConnectionError) -> TimedHCIPacket? {
    do throws(HCISocketError) {
      return try socket.receive(timeout: timeout).map { TimedHCIPacket(time: WallClock.now(), packet: $0) }
    } catch {
      throw error.connectionError
    }
  }

  /// Closes the socket; closing again does nothing. The corresponding C function is `close`.
  public func close() {
    try? socket.close()
  }
}

/// Runs one socket-layer step, turning its error into the connection's.
private func mapped<Result>(_ body: () throws(HCISocketError) -> Result) throws(HCIConnectionError) -> Result {
  do throws(HCISocketError) {
    return try body()
  } catch {
    throw error.connectionError
  }
}
