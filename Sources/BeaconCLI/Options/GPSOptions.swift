import ArgumentParser
import GPSDClient

/// `--gps [HOST:PORT]`: find stations from a running gpsd as well (or alone).
public struct GPSOptions: ParsableArguments {
  @Option(
    name: .customLong("gps"),
    help: ArgumentHelp(
      "Find stations from gpsd too (alone, without -i or --replay): its address, 127.0.0.1:2947 when left out. "
        + "Bluetooth comes first; GPS covers what it cannot (no adapter, silent beacons).",
      valueName: "host:port"),
    transform: { text throws(GPSDEndpointError) in try GPSDEndpoint(parsing: text) })
  public var gps: GPSDEndpoint?

  public init() {}

  /// The gpsd to use, or `nil` without `--gps`.
  public func endpoint() -> GPSDEndpoint? { gps }

  /// `--gps` with no value (last, or before another option) as `--gps 127.0.0.1:2947`, so that
  /// the address may be left out; every other argument as it is.
  public static func fillingInTheDefaultAddress(_ arguments: [String]) -> [String] {
    var filled: [String] = []
    for (index, argument) in arguments.enumerated() {
      filled.append(argument)
      guard argument == "--gps" else { continue }
      let next = index + 1 < arguments.count ? arguments[index + 1] : nil
      if next == nil || next?.hasPrefix("-") == true { filled.append(GPSDEndpoint.local.description) }
    }
    return filled
  }
}
