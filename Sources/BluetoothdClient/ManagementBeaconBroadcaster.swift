import Beacons
import BluetoothTypes
import HCITransportCore
import LinuxHCITransports

/// The ``BeaconBroadcaster`` through the kernel's management interface, beside bluetoothd
/// (`beacon-broadcast --via bluetoothd`): an advertising instance of our own, added with Add
/// Extended Advertising Parameters (0x0054, for the interval) and Data (0x0055, for the bare
/// payload), and removed with Remove Advertising (0x003F).
///
/// Why this and not bluetoothd's `LEAdvertisingManager1`: that D-Bus interface builds the
/// payload from properties (a Flags field of its own, no raw AD structures) and sets the
/// interval only through experimental properties; the management interface takes the frame's
/// AD structures as they are and the interval in 0.625 ms slots, and bluetoothd keeps
/// scheduling its own instances beside ours. Without the connectable flag the kernel advertises
/// non-connectable with a non-resolvable random address (mgmt-api.txt), which beacons need not
/// mind: their identity is in the payload.
///
/// The controller must be powered (bluetoothd powers it). The instance outlives a process that is
/// killed (`btmgmt rm-adv N` removes it); ``close()`` and a stop remove it.
public final class ManagementBeaconBroadcaster: BeaconBroadcaster {
  public let device: HCIDeviceIndex
  /// The instance advertising now, if any.
  public private(set) var instance: UInt8?
  /// Why the last call failed; `nil` after one that worked.
  public private(set) var failure: ManagementError?
  private var socket: ManagementSocket?
  private let openSocket: () throws(ManagementError) -> ManagementSocket

  /// A broadcaster on `device`; nothing is opened until the first start.
  public convenience init(device: HCIDeviceIndex) {
    self.init(device: device, openSocket: { () throws(ManagementError) in try ManagementSocket.open() })
  }

  package init(device: HCIDeviceIndex, openSocket: @escaping () throws(ManagementError) -> ManagementSocket) {
    self.device = device
    self.openSocket = openSocket
  }

  public func startBroadcasting(_ frame: BeaconFrame, interval: Duration) -> BeaconBroadcastResult {
    failure = nil
    do throws(ManagementError) {
      let socket: ManagementSocket
      if let open = self.socket {
        socket = open
      } else {
        socket = try openSocket()
        self.socket = socket
      }
      let instance: UInt8
      if let current = self.instance {
        instance = current
      } else {
        instance = try freeInstance(socket)
      }
      let slots = UInt32(clamping: interval.wholeMicroseconds / 625)
      // Flags: bit 14, the interval parameters are given; nothing else (not connectable, no
      // kernel-made Flags, TX power or name fields).
      var parameters: [UInt8] = [instance]
      parameters += Self.littleEndian(UInt32(1 << 14), count: 4)
      parameters += [0, 0, 0, 0]  // duration, timeout: the kernel's defaults (none)
      parameters += Self.littleEndian(slots, count: 4) + Self.littleEndian(slots, count: 4)
      parameters.append(0x7F)  // TX power: no preference (not used without bit 15)
      _ = try socket.command(
        0x0054, name: "Add Extended Advertising Parameters", device: device, parameters: parameters)
      self.instance = instance
      let data = Array(frame.advertisingData.bytes)
      _ = try socket.command(
        0x0055, name: "Add Extended Advertising Data", device: device,
        parameters: [instance, UInt8(truncatingIfNeeded: data.count), 0] + data)
    } catch {
      failure = error
      switch error.connectionError {
      case .notAuthorized: return .notAuthorized
      case .unavailable: return .bluetoothUnavailable
      default: return .failed
      }
    }
    return .broadcasting
  }

  public func stopBroadcasting() -> BeaconBroadcastStopResult {
    guard let socket, let instance else { return .notBroadcasting }
    self.instance = nil
    do throws(ManagementError) {
      _ = try socket.command(0x003F, name: "Remove Advertising", device: device, parameters: [instance])
    } catch {
      failure = error
      return .failed
    }
    return .stopped
  }

  /// Waits until `deadline` or until `shouldStop` says so, reading the interface's events so
  /// that the controller's removal or our instance's removal (bluetoothd restarted, the
  /// controller powered off) is noticed: `false`, with ``failure`` set, when one happened.
  public func keepAlive(until deadline: ContinuousClock.Instant?, shouldStop: () -> Bool) -> Bool {
    guard let socket else { return false }
    let clock = ContinuousClock()
    while !shouldStop() {
      if let deadline, clock.now >= deadline { return true }
      do throws(ManagementError) {
        guard let event = try socket.nextEvent(until: clock.now.advanced(by: .milliseconds(100))) else { continue }
        if event.code == ManagementEvent.indexRemoved, event.index == device.rawValue {
          failure = .socket(.deviceRemoved(device))
          return false
        }
        if event.code == ManagementEvent.advertisingRemoved, event.index == device.rawValue,
          event.parameters.first == instance
        {
          instance = nil
          failure = .refused(command: "keeping our advertising instance", device: device, .failed)
          return false
        }
      } catch {
        failure = error
        return false
      }
    }
    return true
  }

  /// Removes the instance and closes the socket; closing again does nothing.
  public func close() {
    _ = stopBroadcasting()
    socket?.close()
    socket = nil
  }

  /// The lowest instance number the controller has free (Read Advertising Features, 0x003D:
  /// supported flags (4), sizes (2), the most instances (1), the count in use (1), their numbers).
  private func freeInstance(_ socket: ManagementSocket) throws(ManagementError) -> UInt8 {
    let features = try socket.command(0x003D, name: "Read Advertising Features", device: device)
    guard features.count >= 8 else {
      throw .shortAnswer(command: "Read Advertising Features", length: features.count)
    }
    let most = features[6]
    let used = Set(features.dropFirst(8).prefix(Int(features[7])))
    guard let free = (1...max(most, 1)).first(where: { !used.contains($0) }), most > 0 else {
      throw .refused(command: "Add Extended Advertising Parameters (every instance is in use)", device: device, .busy)
    }
    return free
  }

  private static func littleEndian(_ value: UInt32, count: Int) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * UInt32($0))) }
  }
}
