import ArgumentParser
import HCIController
import LinuxHCITransports

extension CommandSetPreference: ExpressibleByArgument {}

/// `-i/--device` and what goes with it: which controller, how to share it, which command set.
public struct DeviceOptions: ParsableArguments {
  @Option(
    name: [.customShort("i"), .customLong("device")],
    help: ArgumentHelp(
      "The controller: hci0 (or 0) through the kernel; monitor[:hci0] to only listen, on the kernel's HCI monitor channel, to the reports of whoever scans (bluetoothd, Home Assistant), sending nothing; serial:/dev/ttyUSB0[,BAUD][,rtscts] for H4 over a UART; tcp:HOST:PORT for H4 over TCP (emulators). beacon-scan takes several (-i hci0 -i hci1): one stream, each sighting tagged with its radio.",
      valueName: "device"),
    transform: { text throws(TransportSpecError) in try TransportSpec(parsing: text) })
  public var devices: [TransportSpec] = []

  /// The first `--device` given, or `nil` when none was.
  public var device: TransportSpec? { devices.first }

  @Flag(
    help: ArgumentHelp(
      "Use the kernel's HCI user channel: exclusive access, bluetoothd kept out. The device must be down."))
  public var exclusive = false

  @Option(
    name: .customLong("command-set"),
    help: ArgumentHelp(
      "automatic (from the controller's supported-commands bits), legacy or extended.", valueName: "set"))
  public var commandSet: CommandSetPreference = .automatic

  public init() {}

  /// The `--device` given, or `nil` when none was; `replay` (`--replay FILE`) is
  /// `-i replay:FILE`.
  public func transport(replay: String? = nil) -> TransportSpec? {
    if let replay { return .replay(path: replay) }
    return device
  }

  /// Refuses a second `-i` in a command that drives one controller.
  public func checkOneDevice(program: String) throws {
    guard devices.count <= 1 else {
      throw ValidationError("\(program) drives one controller: give -i once (beacon-scan reads several).")
    }
  }

  public func validate() throws {
    var seen: Set<TransportSpec> = []
    for device in devices where !seen.insert(device).inserted {
      throw ValidationError("-i \(device) is given twice.")
    }
    if exclusive {
      guard !devices.isEmpty, devices.allSatisfy({ if case .kernel = $0 { true } else { false } }) else {
        throw ValidationError("--exclusive is for kernel devices (-i hci0): it opens the HCI user channel.")
      }
    }
  }
}
