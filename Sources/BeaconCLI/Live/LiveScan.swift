import BeaconDomain
import HCICodec
import HCIController
import HCITransport

/// `beacon-scan -i DEVICE`: scan on a live controller until Ctrl-C, SIGTERM or `--duration`,
/// then leave the controller not scanning.
struct LiveScan {
  var spec: TransportSpec
  var exclusive: Bool
  var preference: CommandSetPreference
  var configuration: ScanConfiguration
  var recordPath: String?
  var duration: Duration?

  /// How long one wait for a packet may take, so that signals and the table are seen promptly.
  static let pollInterval = Duration.milliseconds(100)

  func run(scanner: inout BeaconScanner, presenter: any SightingSink, program: String = "beacon-scan") throws {
    let name = spec.description
    let session = try ControllerConnector.openSession(
      spec, exclusive: exclusive, preference: preference, program: program, recordPath: recordPath)
    defer { session.shutdown() }
    do {
      let capabilities = try session.start()
      StandardOutput.warn("\(program): \(name): \(capabilities)")
      try session.startScanning(configuration)
      StandardOutput.warn(
        "\(program): \(name): scanning (\(configuration.active ? "active" : "passive"), "
          + "\(session.scanningCommandSet) commands, interval \(configuration.intervalMilliseconds) ms, "
          + "window \(configuration.windowMilliseconds) ms"
          + (configuration.filterDuplicates ? ", duplicates filtered" : "") + "); Ctrl-C to stop")
      let clock = ContinuousClock()
      let deadline = duration.map { clock.now.advanced(by: $0) }
      while !StopSignal.isRequested, !presenter.isDone {
        if let deadline, clock.now >= deadline { break }
        if let packet = try session.nextPacket(timeout: Self.pollInterval) {
          scanner.process(
            TimedHCIPacket(time: WallClock.now(), packet: packet), sighting: presenter.present,
            problem: presenter.warn)
        }
        presenter.tick(now: WallClock.now())
      }
    } catch {
      presenter.finish(statistics: scanner.statistics)
      StandardOutput.warn("\(program): \(error)")
      throw ExitStatus.unavailable
    }
    session.shutdown()
    presenter.finish(statistics: scanner.statistics)
    if let recordPath { StandardOutput.warn("\(program): recorded the HCI traffic to \(recordPath)") }
  }
}
