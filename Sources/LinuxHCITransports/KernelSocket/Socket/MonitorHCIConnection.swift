import BluetoothTypes
import HCICodec
import HCITransportCore

/// An ``HCIConnection`` that listens on the kernel's HCI monitor channel, the read-only copy of
/// the traffic between the kernel and its controllers that `btmon` shows.
///
/// It sends nothing, so it shares a controller with anyone: whatever scans (bluetoothd's
/// discovery, Home Assistant, another program on the raw channel), this hears every event the
/// controller sends, advertising reports included, as that scanner asked for them (its duty
/// cycle, its duplicate filter). When nothing scans, it hears no reports. It hands out the events
/// of one controller, or of all of them; a controller that is removed ends it
/// (``HCIConnectionError/closed(_:)``), so `--reconnect` waits for it to come back.
///
/// Binding needs CAP_NET_RAW; the kernel must have Bluetooth.
public final class MonitorHCIConnection: HCIConnection {
  /// The monitor socket, bound to no device.
  public let socket: HCISocket
  /// The controller whose events are handed out, `nil` for every controller.
  public let device: HCIDeviceIndex?

  /// `monitor` or `monitor:hci0`.
  public var name: String { device.map { "monitor:\($0)" } ?? "monitor" }

  /// The monitor only listens.
  public var answersCommands: Bool { false }

  private init(socket: HCISocket, device: HCIDeviceIndex?) {
    self.socket = socket
    self.device = device
  }

  /// Opens the monitor channel for `device`'s events (`nil`: every controller's). A device the
  /// kernel does not have is refused with the ones it has.
  ///
  /// The corresponding C functions are `ioctl(HCIGETDEVINFO)` (for a device), `socket` and
  /// `bind` with `HCI_DEV_NONE` on `HCI_CHANNEL_MONITOR`.
  public static func open(device: HCIDeviceIndex?) throws(HCIConnectionError) -> MonitorHCIConnection {
    try open(device: device, system: LiveHCISocketSystemCalls())
  }

  package static func open(
    device: HCIDeviceIndex?, system: any HCISocketSystemCalls
  ) throws(HCIConnectionError) -> MonitorHCIConnection {
    do throws(HCISocketError) {
      if let device { _ = try HCIDeviceList.info(for: device, system: system) }
      let socket = try HCISocket.open(device: .none, channel: .monitor, system: system)
      return MonitorHCIConnection(socket: socket, device: device)
    } catch {
      throw error.connectionError
    }
  }

  /// Refused: the monitor channel carries nothing to a controller.
  public func send(_ packet: HCIPacket) throws(HCIConnectionError) {
    throw HCISocketError.monitorSendsNothing.connectionError
  }

  /// The next event of the controller (or of any, without a device), or `nil` after `timeout`.
  /// Commands, data and the monitor's own news are passed over; the removal of the device
  /// throws ``HCISocketError/deviceRemoved(_:)``. The corresponding C functions are `poll` and
  /// `read`.
  public func receive(timeout: Duration) throws(HCIConnectionError) -> TimedHCIPacket? {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    do throws(HCISocketError) {
      while let datagram = try socket.receiveDatagram(until: deadline) {
        let frame = try ChannelDatagram(decoding: datagram)
        if let device, frame.index != device.rawValue { continue }
        if frame.monitorOpcode == .deleteIndex, let device { throw .deviceRemoved(device) }
        if let event = try frame.event() { return TimedHCIPacket(time: WallClock.now(), packet: event) }
      }
      return nil
    } catch {
      throw error.connectionError
    }
  }

  /// Closes the socket; closing again does nothing. The corresponding C function is `close`.
  public func close() {
    try? socket.close()
  }
}
