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

  func run(scanner: inout BeaconScanner, presenter: SightingPresenter) throws {
    StopSignal.install()
    let name = spec.description
    var connection: any HCIConnection
    do {
      connection = try ControllerConnector.open(spec, exclusive: exclusive)
    } catch {
      StandardOutput.warn("beacon-scan: \(error)")
      throw ExitStatus.unavailable
    }
    if let recordPath {
      do {
        connection = RecordingConnection(
          connection, recorder: try CaptureRecorder(path: recordPath, startTime: WallClock.now()))
      } catch {
        connection.close()
        StandardOutput.warn("beacon-scan: \(error)")
        throw ExitStatus.ioError
      }
    }
    let session = ControllerConnector.session(
      on: connection, spec: spec, exclusive: exclusive, preference: preference)
    session.onEvent = { StandardOutput.warn("beacon-scan: \(name): \($0)") }
    defer { session.shutdown() }
    do {
      let capabilities = try session.start()
      StandardOutput.warn("beacon-scan: \(name): \(capabilities)")
      try session.startScanning(configuration)
      StandardOutput.warn(
        "beacon-scan: \(name): scanning (\(configuration.active ? "active" : "passive"), "
          + "\(session.scanningCommandSet) commands, interval \(configuration.intervalMilliseconds) ms, "
          + "window \(configuration.windowMilliseconds) ms"
          + (configuration.filterDuplicates ? ", duplicates filtered" : "") + "); Ctrl-C to stop")
      let clock = ContinuousClock()
      let deadline = duration.map { clock.now.advanced(by: $0) }
      while !StopSignal.isRequested {
        if let deadline, clock.now >= deadline { break }
        if let packet = try session.nextPacket(timeout: Self.pollInterval) {
          scanner.process(
            TimedHCIPacket(time: WallClock.now(), packet: packet), sighting: presenter.present,
            problem: presenter.warn)
        } else {
          presenter.redrawIfDue(now: WallClock.now())
        }
      }
    } catch {
      presenter.finish()
      StandardOutput.warn("beacon-scan: \(error)")
      throw ExitStatus.unavailable
    }
    session.shutdown()
    presenter.finish()
    if let recordPath { StandardOutput.warn("beacon-scan: recorded the HCI traffic to \(recordPath)") }
  }
}
