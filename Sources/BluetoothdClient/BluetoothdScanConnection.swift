import HCICodec
import HCITransportCore
import LinuxHCITransports

/// An ``HCIConnection`` that has bluetoothd scan and listens on the monitor channel: a discovery
/// of this process's own on the adapter (``BluetoothdClient/startDiscovery(on:)``), and the
/// advertising reports the controller then sends, read from the monitor channel
/// (``MonitorHCIConnection``). Nothing is sent to the controller behind bluetoothd's back, so
/// bluetoothd and its other clients (Home Assistant, bluetoothctl) go on as before.
///
/// ``close()`` stops the discovery; so does the end of the process, since bluetoothd ends a
/// client's discovery when its bus connection goes.
public final class BluetoothdScanConnection: HCIConnection {
  public let adapter: BluetoothdAdapter
  private let client: BluetoothdClient
  private let monitor: MonitorHCIConnection
  private var discovering: Bool

  /// `hci0 via bluetoothd`.
  public var name: String { "\(adapter) via bluetoothd" }

  /// bluetoothd scans; this only listens.
  public var answersCommands: Bool { false }

  private init(adapter: BluetoothdAdapter, client: BluetoothdClient, monitor: MonitorHCIConnection) {
    self.adapter = adapter
    self.client = client
    self.monitor = monitor
    discovering = true
  }

  /// Opens the monitor channel for `device`, then starts bluetoothd's discovery on it. A
  /// bluetoothd that is not running, lacks the adapter or keeps it off is refused with advice
  /// (``HCIConnectionError/unavailable(_:)``); nothing is left open.
  public static func open(device: HCIDeviceIndex) throws(HCIConnectionError) -> BluetoothdScanConnection {
    let adapter = BluetoothdAdapter(name: device.description)
    let monitor = try MonitorHCIConnection.open(device: device)
    do throws(BluetoothdError) {
      let client = try BluetoothdClient.connect()
      try client.startDiscovery(on: adapter)
      return BluetoothdScanConnection(adapter: adapter, client: client, monitor: monitor)
    } catch {
      monitor.close()
      throw error.connectionError
    }
  }

  /// Refused: bluetoothd owns the controller.
  public func send(_ packet: HCIPacket) throws(HCIConnectionError) {
    try monitor.send(packet)
  }

  /// The controller's next event, as ``MonitorHCIConnection/receive(timeout:)``; first reads
  /// what the bus sent unasked, so nothing piles up over a long scan.
  public func receive(timeout: Duration) throws(HCIConnectionError) -> TimedHCIPacket? {
    client.bus.processPending()
    return try monitor.receive(timeout: timeout)
  }

  /// Stops the discovery (a failure changes nothing: closing the bus connection ends it too),
  /// then closes the bus and the monitor socket. Closing again does nothing.
  public func close() {
    if discovering {
      discovering = false
      try? client.stopDiscovery(on: adapter)
      client.bus.close()
    }
    monitor.close()
  }
}
