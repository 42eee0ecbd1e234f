import HCICodec
import BluetoothTypes
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
      guard !info.isUp else {
        throw .failed(
          "\(device) is up, and the user channel needs it down and not used by bluetoothd: "
            + "`sudo systemctl stop bluetooth`, then `sudo hciconfig \(device) down`; "
            + "or leave out the exclusive option to share the device on the raw channel")
      }
      let socket = try mapped { () throws(HCISocketError) in
        try HCISocket.open(device: device, channel: .user, system: system)
      }
      return KernelHCIConnection(socket: socket)
    }
    if !info.isUp {
      do throws(HCISocketError) {
        try HCIDevicePower.up(device, system: system)
      } catch {
        throw .failed(
          "\(device) is down and could not be brought up (\(error)). "
            + "Or bring it up yourself: `sudo hciconfig \(device) up` or `bluetoothctl power on`")
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
      throw Self.connectionError(error)
    }
  }

  /// The next event the filter lets through, or `nil` after `timeout`.
  /// The corresponding C functions are `poll` and `read`.
  public func receive(timeout: Duration) throws(HCIConnectionError) -> HCIPacket? {
    do throws(HCISocketError) {
      return try socket.receive(timeout: timeout)
    } catch {
      throw Self.connectionError(error)
    }
  }

  /// Closes the socket; closing again does nothing. The corresponding C function is `close`.
  public func close() {
    try? socket.close()
  }

  /// The connection error for a socket error, with the socket error's text: the device gone
  /// is ``HCIConnectionError/closed(_:)``, a malformed packet is
  /// ``HCIConnectionError/framing(_:)``, anything else ``HCIConnectionError/failed(_:)``.
  static func connectionError(_ error: HCISocketError) -> HCIConnectionError {
    switch error {
    case .deviceRemoved, .socketClosed, .emptyRead: return .closed(error.description)
    case .malformedPacket: return .framing(error.description)
    default: return .failed(error.description)
    }
  }
}

/// Runs one socket-layer step, turning its error into the connection's.
private func mapped<Result>(_ body: () throws(HCISocketError) -> Result) throws(HCIConnectionError) -> Result {
  do throws(HCISocketError) {
    return try body()
  } catch {
    throw KernelHCIConnection.connectionError(error)
  }
}
