extension HCIFilter {
  /// The events a controller session needs to scan and advertise: Command Complete, Command
  /// Status, Hardware Error and LE Meta (which carries the advertising reports). Nothing else
  /// reaches the socket, so the traffic of other programs sharing the device is not read.
  public static let controllerSession = HCIFilter(
    packetTypes: [.event],
    events: .only([.commandComplete, .commandStatus, .hardwareError, .leMeta]))
}
