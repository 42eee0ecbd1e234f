import BluetoothTypes
import SystemPackage

/// The kernel's Bluetooth management interface (`HCI_CHANNEL_CONTROL`, BlueZ `doc/mgmt-api.txt`),
/// the one bluetoothd and btmgmt use. Any number of programs may hold it beside bluetoothd.
///
/// A command is a 6-byte header (opcode, controller index, parameter length; little-endian) and
/// its parameters; the kernel answers with a Command Complete (0x0001) or Command Status (0x0002)
/// event naming the opcode, and sends other events (a controller removed, an advertising instance
/// removed) as they happen. Commands that change anything need CAP_NET_ADMIN.
public final class ManagementSocket {
  private let socket: HCISocket
  /// Events that came while a command waited for its answer, oldest first.
  private var pending: [ManagementEvent] = []

  private init(socket: HCISocket) { self.socket = socket }

  /// Opens the management interface. The corresponding C functions are `socket` and `bind` with
  /// `HCI_DEV_NONE` on `HCI_CHANNEL_CONTROL`.
  public static func open() throws(ManagementError) -> ManagementSocket {
    try open(system: LiveHCISocketSystemCalls())
  }

  package static func open(system: any HCISocketSystemCalls) throws(ManagementError) -> ManagementSocket {
    do throws(HCISocketError) {
      return ManagementSocket(socket: try HCISocket.open(device: .none, channel: .control, system: system))
    } catch {
      throw .socket(error)
    }
  }

  /// How long a command waits for its answer.
  public static let answerTimeout = Duration.seconds(5)

  /// Sends `opcode` for `device` (`nil`: none) and returns the return parameters of its Command
  /// Complete; any other status throws. `name` is the command's name for messages.
  public func command(
    _ opcode: UInt16, name: String, device: HCIDeviceIndex?, parameters: [UInt8] = []
  ) throws(ManagementError) -> [UInt8] {
    let index = device?.rawValue ?? HCIDeviceIndex.none.rawValue
    do throws(HCISocketError) {
      try socket.sendDatagram(ChannelDatagram(code: opcode, index: index, payload: parameters[...]).bytes)
    } catch {
      throw .socket(error)
    }
    let deadline = ContinuousClock.now.advanced(by: Self.answerTimeout)
    while true {
      guard let event = try readEvent(until: deadline) else { throw .noAnswer(command: name) }
      guard event.code == 0x0001 || event.code == 0x0002, event.parameters.count >= 3,
        UInt16(event.parameters[0]) | UInt16(event.parameters[1]) << 8 == opcode, event.index == index
      else {
        // Another event: kept, in order, for nextEvent.
        pending.append(event)
        continue
      }
      let status = ManagementStatus(rawValue: event.parameters[2])
      guard status == .success else { throw .refused(command: name, device: device, status) }
      return Array(event.parameters.dropFirst(3))
    }
  }

  /// The next event that is not a command's answer, or `nil` when none comes by `deadline`.
  public func nextEvent(until deadline: ContinuousClock.Instant) throws(ManagementError) -> ManagementEvent? {
    if !pending.isEmpty { return pending.removeFirst() }
    return try readEvent(until: deadline)
  }

  /// The next event from the socket itself, or `nil` when none comes by `deadline`.
  private func readEvent(until deadline: ContinuousClock.Instant) throws(ManagementError) -> ManagementEvent? {
    do throws(HCISocketError) {
      while let datagram = try socket.receiveDatagram(until: deadline) {
        let frame = try ChannelDatagram(decoding: datagram)
        // A cut event (longer than the read): no command's answer can be trusted from it.
        guard frame.isComplete else { continue }
        return ManagementEvent(code: frame.code, index: frame.index, parameters: Array(frame.payload))
      }
      return nil
    } catch {
      throw .socket(error)
    }
  }

  /// Closes the socket; closing again does nothing.
  public func close() {
    try? socket.close()
  }
}

/// One event of the management interface: its code (`0x0005` Index Removed, `0x0024`
/// Advertising Removed, …), the controller index it concerns and its parameters.
public struct ManagementEvent: Hashable, Sendable {
  public var code: UInt16
  public var index: UInt16
  public var parameters: [UInt8]

  public static let indexRemoved: UInt16 = 0x0005
  public static let advertisingRemoved: UInt16 = 0x0024
}
