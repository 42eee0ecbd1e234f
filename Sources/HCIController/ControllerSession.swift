import BluetoothTypes
import HCITransportCore

/// The one place that owns the command/response flow with a controller, and what the
/// toolkit does with it: read its capabilities, scan, advertise, and leave it as it was found.
///
/// The session is synchronous and single-threaded: the caller's loop drives it. Each command
/// is sent only when the controller has a free command slot (Num_HCI_Command_Packets), is
/// matched to its Command Complete or Command Status by opcode, and fails with
/// ``ControllerError/noResponse(command:opcode:after:connection:)`` if no answer comes within
/// ``commandTimeout``. Events that arrive while a command is pending (advertising reports) are
/// queued and handed out, in order, by ``nextPacket(timeout:)``.
///
/// A typical run: ``start()``, ``startScanning(_:)``, ``nextPacket(timeout:)`` in a loop until
/// ``StopSignal`` is raised, then ``shutdown()``.
public final class ControllerSession {
  /// The link to the controller.
  public let connection: any HCIConnection
  /// How long to wait for each command's Command Complete or Command Status (and for a free
  /// command slot before sending it).
  public let commandTimeout: Duration
  /// Whether ``start()`` sends HCI_Reset first. See ``init(connection:commandTimeout:resetOnStart:setsEventMasks:commandSetPreference:clock:)``.
  public let resetOnStart: Bool
  /// Whether ``start()`` sets the event masks. See ``init(connection:commandTimeout:resetOnStart:setsEventMasks:commandSetPreference:clock:)``.
  public let setsEventMasks: Bool
  /// Automatic, or a forced command set.
  public let commandSetPreference: CommandSetPreference

  /// What ``start()`` read; `nil` before it.
  public internal(set) var capabilities: ControllerCapabilities?
  /// The commands used to scan: from the preference, then from ``capabilities``, then from
  /// what the controller accepted.
  public internal(set) var scanningCommandSet: CommandSet
  /// The commands used to advertise, chosen like ``scanningCommandSet``.
  public internal(set) var advertisingCommandSet: CommandSet
  /// Whether this session enabled scanning and has not disabled it.
  public internal(set) var isScanning = false
  /// Whether this session enabled advertising and has not disabled it.
  public internal(set) var isAdvertising = false
  /// Num_HCI_Command_Packets from the last Command Complete or Command Status: how many
  /// commands the controller accepts now. 1 until the controller says otherwise.
  public internal(set) var commandCredits = 1
  /// What the session decided or recovered from, oldest first.
  public internal(set) var events: [Event] = []
  /// Called with each entry as it is added to ``events``.
  public var onEvent: ((Event) -> Void)?

  /// Whether advertising set 0 exists on the controller (extended commands), so that stopping
  /// removes it.
  var advertisingSetExists = false
  /// The command families the controller accepted a scanning or advertising command of.
  var usedCommandSets: Set<CommandSet> = []
  /// Packets received while waiting for a command's answer, not yet handed out.
  var pendingPackets: [TimedHCIPacket] = []
  var pendingPacketsHead = 0
  var isShutDown = false
  let startStopwatch: () -> Stopwatch

  /// A session over `connection`. Nothing is sent until ``start()``.
  ///
  /// - Parameters:
  ///   - commandTimeout: How long each command may wait for its answer; 2 s by default.
  ///   - resetOnStart: Send HCI_Reset first, clearing what an earlier run that crashed left
  ///     enabled. Right when the session owns the controller (H4 over serial or TCP, the
  ///     kernel's HCI user channel). Pass `false` on the kernel's raw channel: there
  ///     bluetoothd owns the controller and a reset would pull its state from under it.
  ///   - setsEventMasks: Send HCI_Set_Event_Mask (the defaults plus LE Meta) and
  ///     HCI_LE_Set_Event_Mask (advertising reports, legacy and extended). Needed after a
  ///     reset; pass `false` on the kernel's raw channel, where the kernel has already set
  ///     masks that bluetoothd relies on and ours would replace them.
  ///   - commandSetPreference: Choose legacy or extended commands from the controller's
  ///     Supported_Commands bits, or force one set.
  ///   - clock: Measures the timeouts; a test can pass its own.
  public init<C: Clock>(
    connection: any HCIConnection, commandTimeout: Duration = .seconds(2), resetOnStart: Bool = true,
    setsEventMasks: Bool = true, commandSetPreference: CommandSetPreference = .automatic,
    clock: C = ContinuousClock()
  ) where C.Duration == Duration {
    self.connection = connection
    self.commandTimeout = commandTimeout
    self.resetOnStart = resetOnStart
    self.setsEventMasks = setsEventMasks
    self.commandSetPreference = commandSetPreference
    let initial = commandSetPreference.forcedCommandSet ?? .legacy
    scanningCommandSet = initial
    advertisingCommandSet = initial
    startStopwatch = Stopwatch.factory(on: clock)
  }

  /// The next packet from the controller that is not an answer to a command: first those
  /// queued while commands were pending, then new ones, waiting at most `timeout`. `nil` if
  /// none arrived in time.
  ///
  /// Packets are returned undecoded so that the scanning pipeline can decode them and report
  /// malformed ones itself. Command Complete and Command Status events only update
  /// ``commandCredits``; HCI_Hardware_Error throws ``ControllerError/hardwareError(code:connection:)``.
  public func nextPacket(timeout: Duration) throws(ControllerError) -> TimedHCIPacket? {
    if let packet = dequeuePendingPacket() { return packet }
    let stopwatch = startStopwatch()
    while true {
      let remaining = timeout - stopwatch.elapsed()
      guard let packet = try receive(timeout: max(remaining, .zero)) else { return nil }
      if case .unrelated(let packet) = try route(packet, awaiting: nil) { return packet }
      if stopwatch.elapsed() >= timeout { return nil }
    }
  }

  /// Adds `event` to ``events`` and tells ``onEvent``.
  func record(_ event: Event) {
    events.append(event)
    onEvent?(event)
  }

  func dequeuePendingPacket() -> TimedHCIPacket? {
    guard pendingPacketsHead < pendingPackets.count else { return nil }
    let packet = pendingPackets[pendingPacketsHead]
    pendingPacketsHead += 1
    if pendingPacketsHead == pendingPackets.count {
      pendingPackets.removeAll(keepingCapacity: true)
      pendingPacketsHead = 0
    }
    return packet
  }
}
