import Beacons
import BeaconScanning
import MRTNavigation
import BeaconStatistics
import BluetoothTypes
import HCICodec
import HCIController
import HCITransportCore
import LinuxHCITransports

#if canImport(Glibc)
  import Glibc
#endif

/// `beacon-scan -i DEVICE`: scan on a live controller until Ctrl-C, SIGTERM or `--duration`,
/// then leave the controller not scanning.
///
/// A controller that fails or goes away ends the run with exit 69, unless ``reconnect`` is set
/// and it had been scanning: then the transport is opened again every
/// ``reconnectInterval`` until the controller answers, and scanning goes on with the same
/// presenter state and the same `--record` capture. Ctrl-C or `--duration` during the wait
/// end the run as usual.
struct LiveScan {
  var spec: TransportSpec
  var exclusive: Bool
  var preference: CommandSetPreference
  var configuration: ScanConfiguration
  var recordPath: String?
  var duration: Duration?
  /// Whether to wait for a controller that went away (or failed) after scanning had started.
  var reconnect = false

  /// How long one wait for a packet may take, so that signals and the table are seen promptly.
  static let pollInterval = Duration.milliseconds(100)
  /// How often a lost controller is tried again with ``reconnect``.
  static let reconnectInterval = Duration.seconds(1)

  func run(scanner: inout BeaconScanner, presenter: any SightingSink, program: String = "beacon-scan") throws {
    let name = spec.description
    let clock = ContinuousClock()
    let deadline = duration.map { clock.now.advanced(by: $0) }
    let session = try ControllerConnector.openSession(
      spec, exclusive: exclusive, preference: preference, program: program, recordPath: recordPath,
      recorderSpansReconnects: reconnect)
    // With --reconnect one capture spans every connection: it belongs to this run, not to a session.
    let recorder = (session.connection as? RecordingConnection)?.recorder
    defer { recorder?.close() }
    var current = session
    var scanning = false
    var lostSince: ContinuousClock.Instant?
    while true {
      do {
        try scan(
          current, scanner: &scanner, presenter: presenter, program: program, deadline: deadline,
          onScanning: {
            if let since = lostSince {
              StandardOutput.warn(
                "\(program): \(name): the controller is back after \((clock.now - since).spokenDescription); "
                  + "scanning again")
            }
            scanning = true
            lostSince = nil
          })
        current.shutdown()
        break
      } catch {
        guard reconnect, scanning || lostSince != nil else {
          presenter.finish(statistics: scanner.statistics)
          StandardOutput.warn("\(program): \(error)")
          current.shutdown()
          throw ExitStatus.unavailable
        }
        if lostSince == nil { StandardOutput.warn("\(program): \(error)") }
        current.shutdown()
        if lostSince == nil {
          StandardOutput.warn(
            "\(program): \(name): reconnecting every \(Self.reconnectInterval.spokenDescription) (Ctrl-C to stop)")
          lostSince = clock.now
        }
        scanning = false
        guard let next = reopen(recorder: recorder, program: program, deadline: deadline, clock: clock) else { break }
        current = next
      }
    }
    presenter.finish(statistics: scanner.statistics)
    if let recordPath { StandardOutput.warn("\(program): recorded the HCI traffic to \(recordPath)") }
  }

  /// Starts the session, enables scanning and feeds the presenter until a stop, the deadline or
  /// the presenter is done.
  private func scan(
    _ session: ControllerSession, scanner: inout BeaconScanner, presenter: any SightingSink, program: String,
    deadline: ContinuousClock.Instant?, onScanning: () -> Void
  ) throws(ControllerError) {
    let name = spec.description
    let capabilities = try session.start()
    StandardOutput.warn("\(program): \(name): \(capabilities)")
    try session.startScanning(configuration)
    StandardOutput.warn(
      "\(program): \(name): scanning (\(configuration.active ? "active" : "passive"), "
        + "\(session.scanningCommandSet) commands, interval \(configuration.intervalMilliseconds) ms, "
        + "window \(configuration.windowMilliseconds) ms"
        + (configuration.filterDuplicates ? ", duplicates filtered" : "") + "); Ctrl-C to stop")
    onScanning()
    let clock = ContinuousClock()
    while !StopSignal.isRequested, !presenter.isDone {
      if let deadline, clock.now >= deadline { break }
      if let packet = try session.nextPacket(timeout: Self.pollInterval) {
        scanner.process(
          TimedHCIPacket(time: WallClock.now(), packet: packet), sighting: presenter.present, problem: presenter.warn)
      }
      presenter.tick(now: WallClock.now())
    }
  }

  /// Opens the transport again every ``reconnectInterval`` until it opens; `nil` when a stop
  /// or the deadline comes first.
  private func reopen(
    recorder: CaptureRecorder?, program: String, deadline: ContinuousClock.Instant?, clock: ContinuousClock
  ) -> ControllerSession? {
    while !StopSignal.isRequested {
      let retryAt = clock.now.advanced(by: Self.reconnectInterval)
      while !StopSignal.isRequested, clock.now < retryAt {
        if let deadline, clock.now >= deadline { return nil }
        usleep(50_000)
      }
      if StopSignal.isRequested { return nil }
      guard let connection = try? ControllerConnector.open(spec, exclusive: exclusive) else { continue }
      return ControllerConnector.makeSession(
        on: connection, spec: spec, exclusive: exclusive, preference: preference, program: program,
        recorder: recorder, ownsRecorder: false)
    }
    return nil
  }
}
