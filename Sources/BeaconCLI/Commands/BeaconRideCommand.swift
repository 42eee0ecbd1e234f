import ArgumentParser
import BeaconScanning
import LinuxNotifications
import MRTNavigation

/// `beacon-ride`: the commute mode. A line per station found, an alarm on arrival, then exit.
public struct BeaconRideCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "beacon-ride",
    abstract: "Ride to a station: a line per station found, an alarm on arrival, then exit.",
    discussion: """
      Listens for the station beacons along the line and reports each station the train \\
      reaches. At the destination it prints ARRIVED, shows a desktop notification, rings \\
      the terminal bell and plays a chime (each where this machine can), and exits 0.

      Examples:
        beacon-ride -i hci0 --to DukuhAtas
        beacon-ride -i hci0 --from LebakBulus --to DukuhAtas --format json
        beacon-ride --replay ride.btsnoop --to BlokM      # a recorded ride

      Exit status:
        0   arrived
        1   the source ended (capture, --duration, Ctrl-C) before arrival
        64  bad command line
        65, 66, 69, 74  as for beacon-scan: a bad capture, no capture, no controller, I/O
      """)

  @Option(help: ArgumentHelp("The destination station, e.g. DukuhAtas.", valueName: "station"))
  public var to: String

  @Option(help: ArgumentHelp("Where the ride starts, to check the route (optional).", valueName: "station"))
  public var from: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Replay a capture (btsnoop, pcap, pcapng; - reads standard input) instead of a live controller.",
      valueName: "file"))
  public var replay: String?

  @Option(
    help: ArgumentHelp("Give up after this many seconds (default: until arrival or Ctrl-C).", valueName: "seconds"))
  public var duration: Double?

  @OptionGroup public var deviceOptions: DeviceOptions
  @OptionGroup public var reconnectOptions: ReconnectOptions
  @OptionGroup(title: "Station detection") public var policyOptions: StationPolicyOptions
  @OptionGroup public var output: FormatOptions
  @OptionGroup public var catalogOptions: CatalogOptions

  public init() {}

  public func validate() throws {
    let spec = try deviceOptions.transport()
    if replay != nil, spec != nil { throw ValidationError("Give either --replay FILE or -i DEVICE, not both.") }
    try reconnectOptions.check(live: spec.map { !$0.isReplay } ?? false)
    guard replay != nil || spec != nil else {
      throw ValidationError("Give a source: -i hci0 (or serial:…, tcp:…), or --replay FILE.")
    }
    if let duration, !(duration > 0) { throw ValidationError("--duration must be a positive number of seconds.") }
  }

  public func run() throws {
    let catalog = try catalogOptions.load()
    guard let destination = catalog.station(named: to) else {
      throw ValidationError("No station named \"\(to)\". Stations: \(catalog.names.joined(separator: ", ")).")
    }
    if let from {
      do {
        let route = try StationRoute(from: from, to: to, in: catalog)
        StandardOutput.warn(
          "beacon-ride: \(route.stations.first?.displayName ?? from) → \(destination.displayName), "
            + "\(route.stations.count - 1) stop(s)")
      } catch {
        throw ValidationError(error.description)
      }
    }
    guard let spec = try deviceOptions.transport(replay: replay) else { return }
    let run = ScanRun(
      spec: spec, exclusive: deviceOptions.exclusive, preference: deviceOptions.commandSet,
      duration: duration.map { .milliseconds(Int64($0 * 1000)) }, reconnect: reconnectOptions.reconnect,
      program: "beacon-ride")
    let finder = try run.makeFinder(scanner: BeaconScanner())
    let stdout = StandardOutput()
    let channels = NotificationChannels()
    let useCase = DefaultNotifyWhenNearMRTStationAndSpecificMRTStationOnce(
      finder: finder, catalog: catalog, policy: try policyOptions.policy(),
      rangingConfiguration: try policyOptions.rangingConfiguration())
    let ride = RidePresenter(
      useCase: useCase, format: output.format, output: stdout,
      notifications: DesktopNotificationManager(channels: channels), alarm: ChimeAlarmManager(channels: channels))
    switch useCase.start(arrival: destination) {
    case .started, .alreadyStarted: try run.run(finder, output: ride)
    case .notAuthorized, .bluetoothUnavailable, .finderFailed, .locationUnavailable, .unknownStation:
      try run.reportStartFailure(of: finder, output: ride)
    }
    guard ride.arrived != nil else {
      StandardOutput.warn("beacon-ride: the source ended before arriving at \(destination.displayName)")
      throw ExitCode(1)
    }
  }
}
