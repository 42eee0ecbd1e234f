import Beacons
import HCICodec
import HCITransportCore
import LinuxHCITransports

/// An ``HCIConnection`` that has bluetoothd scan and listens on the monitor channel: a discovery
/// of this process's own on the adapter (``BluetoothdClient/startDiscovery(on:)``), and the
/// advertising reports the controller then sends, read from the monitor channel
/// (``MonitorHCIConnection``). Nothing is sent to the controller behind bluetoothd's back, so
/// bluetoothd and its other clients (Home Assistant, bluetoothctl) go on as before.
///
/// A discovery alone leaves the controller's duplicate filter on: most controllers then report a
/// beacon once per scan (bluetoothd's LE discovery restarts about every 10 s). So the connection
/// also adds an advertisement monitor of the kernel's for iBeacon frames
/// (``ManagementSocket/addAdvertisementMonitor(_:device:)``), with which the kernel scans with
/// that filter off; it needs CAP_NET_ADMIN, and without it the scan goes on, filtered
/// (``duplicateFilter``).
///
/// ``close()`` stops the discovery and removes the monitor; the end of the process stops the
/// discovery too, since bluetoothd ends a client's discovery when its bus connection goes.
public final class BluetoothdScanConnection: HCIConnection {
  public let adapter: BluetoothdAdapter
  public let device: HCIDeviceIndex
  /// Whether the kernel lifted the controller's duplicate filter for this scan.
  public let duplicateFilter: DuplicateFilter
  private let client: BluetoothdClient
  private let monitor: MonitorHCIConnection
  private let management: ManagementSocket?
  private var discovering: Bool
  /// Told what ``close()`` could not undo, as it happens (`close()` itself cannot throw: it
  /// is ``HCIConnection``'s).
  public var onCloseProblem: ((CloseProblem) -> Void)?

  /// What ``close()`` left behind.
  public enum CloseProblem: Error, Sendable, CustomStringConvertible {
    /// The kernel still holds advertisement monitor `handle`, so it keeps scanning with the
    /// controller's duplicate filter off until the controller goes away or someone removes it.
    case monitorLeft(handle: UInt16, device: HCIDeviceIndex, ManagementError)

    public var description: String {
      switch self {
      case .monitorLeft(let handle, let device, let error):
        let hex = String(handle, radix: 16)
        return "the kernel's advertisement monitor \(hex) could not be removed (\(error)): it keeps the "
          + "controller scanning; remove it with `sudo btmgmt --index \(device.rawValue)`, then `monitor` and "
          + "`remove \(hex)`"
      }
    }
  }

  /// Whether the controller drops repeated reports during the scan.
  public enum DuplicateFilter: Sendable {
    /// Off: the kernel holds advertisement monitor `handle` for this scan.
    case lifted(handle: UInt16)
    /// On, since the monitor could not be added (why).
    case kept(ManagementError)
  }

  /// The pattern of the monitor: manufacturer data of Apple's with the iBeacon type and length.
  /// The monitor's pattern only chooses what bluetoothd is told of; the HCI monitor channel
  /// hears every report either way.
  static let iBeaconPattern = AdvertisementPattern(
    adType: 0xFF, offset: 0,
    value: [
      UInt8(IBeacon.appleCompanyIdentifier & 0xFF), UInt8(IBeacon.appleCompanyIdentifier >> 8),
      UInt8(IBeacon.typeAndLength >> 8), UInt8(IBeacon.typeAndLength & 0xFF),
    ])

  /// `hci0 via bluetoothd`.
  public var name: String { "\(adapter) via bluetoothd" }

  /// bluetoothd scans; this only listens.
  public var answersCommands: Bool { false }

  /// bluetoothd's discovery, heard on the monitor channel, and what became of the controller's
  /// duplicate filter (with how to remove the kernel's monitor should this process be killed).
  public var selfScanDescription: String? {
    let filter: String
    switch duplicateFilter {
    case .lifted(let handle):
      let hex = String(handle, radix: 16)
      filter =
        "the kernel keeps the controller's duplicate filter off for us (advertisement monitor \(hex); should "
        + "this process be killed, remove it with `sudo btmgmt --index \(device.rawValue)`, then "
        + "`monitor` and `remove \(hex)`)"
    case .kept(let error):
      filter =
        "the controller's duplicate filter stays on, so most controllers report a beacon about once per "
        + "discovery cycle (\(error))"
    }
    return "bluetoothd discovers LE devices for us (it scans actively), and the HCI monitor channel hears the "
      + "reports; \(filter)"
  }

  private init(
    adapter: BluetoothdAdapter, device: HCIDeviceIndex, client: BluetoothdClient, monitor: MonitorHCIConnection,
    management: ManagementSocket?, duplicateFilter: DuplicateFilter
  ) {
    self.adapter = adapter
    self.device = device
    self.client = client
    self.monitor = monitor
    self.management = management
    self.duplicateFilter = duplicateFilter
    discovering = true
  }

  /// Opens the monitor channel for `device`, then starts bluetoothd's discovery on it. A
  /// bluetoothd that is not running, lacks the adapter or keeps it off is refused with advice
  /// (``HCIConnectionError/unavailable(_:)``); nothing is left open. A monitor that cannot be
  /// added is no failure (``duplicateFilter``).
  public static func open(device: HCIDeviceIndex) throws(HCIConnectionError) -> BluetoothdScanConnection {
    let adapter = BluetoothdAdapter(name: device.description)
    let monitor = try MonitorHCIConnection.open(device: device)
    let client: BluetoothdClient
    do throws(BluetoothdError) {
      client = try BluetoothdClient.connect()
      try client.startDiscovery(on: adapter)
    } catch {
      monitor.close()
      throw error.connectionError
    }
    let (management, duplicateFilter) = liftDuplicateFilter(on: device)
    return BluetoothdScanConnection(
      adapter: adapter, device: device, client: client, monitor: monitor, management: management,
      duplicateFilter: duplicateFilter)
  }

  /// Adds the iBeacon advertisement monitor on `device`; the socket that holds it, or why not.
  private static func liftDuplicateFilter(on device: HCIDeviceIndex) -> (ManagementSocket?, DuplicateFilter) {
    var socket: ManagementSocket?
    do throws(ManagementError) {
      let opened = try ManagementSocket.open()
      socket = opened
      let handle = try opened.addAdvertisementMonitor([iBeaconPattern].compactMap { $0 }, device: device)
      return (opened, .lifted(handle: handle))
    } catch {
      socket?.close()
      return (nil, .kept(error))
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
  /// removes the advertisement monitor (a failure leaves it until the controller goes away,
  /// or btmgmt's `monitor` menu removes it, and is told to ``onCloseProblem``), then closes the
  /// sockets. Closing again does nothing.
  public func close() {
    if discovering {
      discovering = false
      try? client.stopDiscovery(on: adapter)
      client.bus.close()
      if let management, case .lifted(let handle) = duplicateFilter {
        do throws(ManagementError) {
          try management.removeAdvertisementMonitor(handle, device: device)
        } catch {
          onCloseProblem?(.monitorLeft(handle: handle, device: device, error))
        }
        management.close()
      }
    }
    monitor.close()
  }
}
