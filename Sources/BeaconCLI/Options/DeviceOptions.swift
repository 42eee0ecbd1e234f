import ArgumentParser
import HCIController
import LinuxHCITransports

extension CommandSetPreference: ExpressibleByArgument {}

/// `-i/--device` and what goes with it: which controller, how to share it, which command set.
public struct DeviceOptions: ParsableArguments {
  @Option(
    name: [.customShort("i"), .customLong("device")],
    help: ArgumentHelp(
      "The controller: hci0 (or 0) through the kernel; serial:/dev/ttyUSB0[,BAUD][,rtscts] for H4 over a UART; tcp:HOST:PORT for H4 over TCP (emulators).",
      valueName: "device"))
  public var device: String?

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

  /// The parsed `--device`, or `nil` when none was given; `replay` (`--replay FILE`) is
  /// `-i replay:FILE`.
  public func transport(replay: String? = nil) throws -> TransportSpec? {
    if let replay { return .replay(path: replay) }
    guard let device else { return nil }
    do {
      return try TransportSpec(parsing: device)
    } catch {
      throw ValidationError("-i \(device): \(error)")
    }
  }

  public func validate() throws {
    let spec = try transport()
    if exclusive {
      guard case .kernel = spec else {
        throw ValidationError("--exclusive is for kernel devices (-i hci0): it opens the HCI user channel.")
      }
    }
  }
}
