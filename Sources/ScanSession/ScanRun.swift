import BeaconScanning
import BluetoothTypes
import HCICaptures
import HCIController
import HCITransportCore
import LinuxHCITransports
import ProgramOutput
import ServiceManager

#if canImport(Glibc)
  import Glibc
#endif

/// The one scan loop of `beacon-scan` and `beacon-ride`, for every source: a live controller
/// (`-i hci0`, `serial:…`, `tcp:…`) or a capture (`--replay FILE`, `-i replay:FILE`).
///
/// The caller makes the finder (``makeFinder(scanner:)``), wires its delegate (a presenter, or a
/// use case whose delegate is one), starts it (directly or through the use case) and acts on the
/// start's result: ``run(_:output:)`` when it started, ``reportStartFailure(of:output:)``
/// otherwise. The run reads until the capture ends, `--duration`, Ctrl-C or SIGTERM, or the
/// output is done; then it leaves the controller not scanning.
///
/// A controller that fails or goes away ends the run with exit 69, unless ``reconnect`` is set
/// and it had been scanning: then the source is opened again every ``reconnectInterval`` until
/// it answers, and scanning goes on with the same output and the same `--record` capture. The
/// output hears how long it has been gone while it waits (``ScanOutput/controllerAway(for:now:)``).
/// A wait cut short by a stop ends as a stop does (0); by the deadline, with exit 69.
///
/// A live controller that has been heard and then goes ``deafAfter`` without an advertising
/// report while scanning is recovered in stages (``DeafScanRecovery``), the last of which ends
/// the run with exit 75. A capture is never deaf. The exit statuses are thrown as
/// ``ProcessExitStatus``, once the run has said why on standard error.
///
/// Under systemd (a `Type=notify` unit) a live run says it is ready once scanning has started,
/// pings the watchdog from its loop and says it is stopping when the run ends.
package final class ScanRun {
  package let spec: TransportSpec
  let exclusive: Bool
  let preference: CommandSetPreference
  let scanVia: ControllerDriver?
  let cooperatesWithBluetoothd: Bool
  package let configuration: ScanConfiguration
  let recordPath: String?
  let duration: Duration?
  let reconnect: Bool
  /// How long a heard controller may be silent before it counts as deaf; `nil`: never.
  let deafAfter: Duration?
  let program: String
  /// The `--record` capture, closed when the run ends.
  private var captureWriter: CaptureWriter?
  /// Where the scanner's problems go, during ``run(_:output:)``.
  private weak var output: (any ScanOutput)?
  /// The service manager, for a live run; a replay is no service.
  private let service: ServiceNotifier?

  package init(
    spec: TransportSpec, exclusive: Bool = false, preference: CommandSetPreference = .automatic,
    scanVia: ControllerDriver? = .controller, cooperatesWithBluetoothd: Bool = false,
    configuration: ScanConfiguration = ScanConfiguration(),
    recordPath: String? = nil, duration: Duration? = nil, reconnect: Bool = false, deafAfter: Duration? = nil,
    program: String
  ) {
    self.spec = spec
    self.exclusive = exclusive
    self.preference = preference
    self.scanVia = scanVia
    self.cooperatesWithBluetoothd = cooperatesWithBluetoothd
    self.configuration = configuration
    self.recordPath = recordPath
    self.duration = duration
    self.reconnect = reconnect
    self.deafAfter = spec.pacing == .live ? deafAfter : nil
    self.program = program
    service = spec.pacing == .live ? ServiceNotifier() : nil
  }

  /// How often a lost controller is tried again with ``reconnect``.
  package static let reconnectInterval = Duration.seconds(1)

  /// How long the finder and a companion each work before the other's turn.
  static let companionTurn = Duration.milliseconds(100)

  /// How messages name the source: the capture's path (or `standard input`), or the device.
  package var sourceName: String { spec.messageName }

  /// How this run has the controller scan; `nil` for a recording, which shows what was recorded.
  package var scanning: ScanConfiguration? { spec.pacing == .live ? configuration : nil }

  /// The finder over this run's source, recording to `--record` if asked. A live run installs
  /// the stop signal handlers first, so that Ctrl-C and SIGTERM leave the controller as it was.
  package func makeFinder(scanner: BeaconScanner) throws -> HCIBeaconFinder {
    if spec.pacing == .live { StopSignal.install() }
    captureWriter = try ControllerOpener.openCaptureWriter(recordPath, program: program)
    let opener = ControllerOpener(
      spec: spec, exclusive: exclusive, preference: preference, scanVia: scanVia,
      cooperatesWithBluetoothd: cooperatesWithBluetoothd, program: program, captureWriter: captureWriter)
    let finder = opener.finder(scanner: scanner, configuration: configuration)
    finder.deafAfter = deafAfter
    finder.onProgress = { [weak self] progress in self?.show(progress) }
    return finder
  }

  /// What the finder does, on standard error as `program: device: …`; the scanner's problems
  /// go to the output.
  private func show(_ progress: HCIBeaconFinder.Progress) {
    switch progress {
    case .controllerStarted(let capabilities):
      StandardError.writeLine("\(program): \(spec): \(capabilities)", priority: .info)
    case .scanning(let configuration, let commandSet):
      let mode = configuration.active ? "active" : "passive"
      StandardError.writeLine(
        "\(program): \(spec): scanning (\(mode), \(commandSet) commands, \(configuration.timingText)"
          + (configuration.filterDuplicates ? ", duplicates filtered" : "") + "); Ctrl-C to stop", priority: .info)
      service?.ready(status: "scanning \(spec) (\(mode), \(configuration.dutyText))")
    case .problem(let problem):
      output?.warn(problem)
    }
  }

  /// A source that only listens (the monitor channel, bluetoothd's discovery) has no session to
  /// say it scans: say what it hears instead, and that the service is ready.
  private func announceListening(on connection: (any HCIConnection)?) {
    if let connection, let scan = connection.selfScanDescription {
      StandardError.writeLine("\(program): \(spec): \(scan). Ctrl-C to stop", priority: .info)
      service?.ready(status: "scanning \(connection.name)")
      return
    }
    if case .kernel = spec {
      StandardError.writeLine(
        "\(program): \(spec): bluetoothd is discovering on it, and a scan of our own would disturb that (its "
          + "discovery may hear nothing after we stop): listening to its scan instead. --scan-via controller "
          + "scans anyway", priority: .notice)
    }
    StandardError.writeLine(
      "\(program): \(spec): listening on the HCI monitor channel, which sends nothing: every advertising "
        + "report the controller delivers to whoever scans (bluetoothd's discovery, Home Assistant), "
        + "at their duty cycle; none while nobody scans. Ctrl-C to stop", priority: .info)
    service?.ready(status: "listening on \(spec)")
  }

  /// What the source `finder` reads is doing, each time it is asked: replaying a capture,
  /// reconnecting while the controller is gone, scanning when this program scans, listening when
  /// another does (the monitor channel, bluetoothd's discovery).
  package func sourceState(of finder: HCIBeaconFinder) -> () -> ScanSourceState {
    let recorded = spec.pacing == .recorded
    return { [weak finder] in
      if recorded { return .replaying }
      guard let finder, finder.connection != nil else { return .reconnecting }
      guard finder.session?.isScanning == true else { return .listening }
      return .scanning(dutyPercent: finder.configuration.dutyPercent)
    }
  }

  /// The finder's counts, and its companion radios'.
  private func statistics(of finder: HCIBeaconFinder, alongside companion: (any RunCompanion)?) -> ScanStatistics {
    var statistics = finder.scanner.statistics
    if let more = companion?.statistics { statistics.add(more) }
    return statistics
  }

  /// Reports why the finder did not start and throws the exit status that says so.
  package func reportStartFailure(of finder: HCIBeaconFinder, output: any ScanOutput) throws -> Never {
    guard let failure = finder.failure else {
      StandardError.writeLine("\(program): \(spec) could not be started", priority: .error)
      throw ProcessExitStatus.unavailable
    }
    // Nothing was recorded: leave no capture behind (only a file this run created is removed).
    captureWriter?.closeDiscardingIfEmpty()
    // A controller that answered badly has had a session, whose output is finished; a
    // transport that did not open has none. A capture's output is finished either way.
    var hadSession = false
    if case .controller = failure { hadSession = true }
    if hadSession || spec.pacing == .recorded { output.finish(statistics: finder.scanner.statistics) }
    throw report(failure)
  }

  /// Runs the started finder until the source ends or the run is stopped, reconnecting if
  /// asked; then stops it and finishes the output.
  ///
  /// With a `companion` (GPS beside Bluetooth), the two work in turns, ``companionTurn`` each;
  /// when the finder's source ends (a capture's end) or fails (an adapter gone, without
  /// ``reconnect``), the companion goes on alone until the deadline, a stop or the output is done.
  package func run(_ finder: HCIBeaconFinder, output: any ScanOutput, alongside companion: (any RunCompanion)? = nil)
    throws
  {
    let clock = ContinuousClock()
    let deadline = duration.map { clock.now.advanced(by: $0) }
    defer { captureWriter?.close() }
    self.output = output
    if finder.session == nil, spec.pacing == .live { announceListening(on: finder.connection) }
    var endWarnings: [any TransportWarning] = []
    /// How the wait for a lost controller ended the run, and how long it had been gone: said
    /// after the output has finished, so that it follows the final table.
    var endedWhileGone: (end: Restart, gone: String)?
    var deafRecovery = DeafScanRecovery(spec: spec, exclusive: exclusive, program: program)
    let service = self.service
    // Polled before every read (at most HCIBeaconFinder.pollInterval apart) and every packet.
    let shouldStop = {
      service?.pingWatchdogIfDue()
      return StopSignal.isRequested || output.isDone
    }
    while true {
      var turnEnd = deadline
      if companion != nil {
        let turn = clock.now.advanced(by: Self.companionTurn)
        turnEnd = deadline.map { min($0, turn) } ?? turn
      }
      var end = finder.run(until: turnEnd, shouldStop: shouldStop)
      switch end {
      case .heardAgain:
        deafRecovery.heardAgain()
        continue
      case .deaf(let silence):
        switch deafRecovery.recover(finder, silence: silence) {
        case .scanOn: continue
        case .failed(let failure): end = .failed(failure)
        case .exit:
          service?.stopping()
          finder.stop()
          output.finish(statistics: statistics(of: finder, alongside: companion))
          throw ProcessExitStatus.deafController
        }
      default:
        break
      }
      if case .deadline = end, let companion, deadline.map({ clock.now < $0 }) ?? true {
        companion.work(until: clock.now.advanced(by: Self.companionTurn), shouldStop: shouldStop)
        continue
      }
      if case .endOfStream = end, let connection = finder.connection { endWarnings = connection.endWarnings }
      if let companion, !shouldStop() {
        switch end {
        case .endOfStream:
          StandardError.writeLine("\(program): \(sourceName) ended; \(companion.name) goes on alone")
          companion.work(until: deadline, shouldStop: shouldStop)
        case .failed(let failure) where !reconnect:
          StandardError.writeLine("\(program): \(failure)")
          StandardError.writeLine("\(program): \(spec) is gone; \(companion.name) goes on alone")
          finder.stop()
          companion.work(until: deadline, shouldStop: shouldStop)
          output.finish(statistics: statistics(of: finder, alongside: companion))
          return
        default:
          break
        }
      }
      guard case .failed(let failure) = end else { break }
      guard reconnect, spec.pacing == .live else {
        output.finish(statistics: statistics(of: finder, alongside: companion))
        let status = report(failure)
        finder.stop()
        throw status
      }
      StandardError.writeLine("\(program): \(failure)")
      finder.stop()
      service?.status("\(spec) lost; reconnecting")
      StandardError.writeLine(
        "\(program): \(spec): reconnecting every \(Self.reconnectInterval.spokenDescription) (Ctrl-C to stop)")
      let lostSince = clock.now
      let restarted = restart(finder, deadline: deadline, clock: clock, lostSince: lostSince, alongside: companion)
      let gone = (clock.now - lostSince).spokenDescription
      switch restarted {
      case .back:
        output.controllerBack()
        StandardError.writeLine(
          "\(program): \(spec): the controller is back after \(gone); scanning again", priority: .notice)
        continue
      case .stopped, .deadline:
        endedWhileGone = (restarted, gone)
      }
      break
    }
    service?.stopping()
    finder.stop()
    output.finish(statistics: statistics(of: finder, alongside: companion))
    if spec.pacing == .recorded {
      reportReplayEnd(path: sourceName, warnings: endWarnings, statistics: finder.scanner.statistics)
    } else if let recordPath {
      StandardError.writeLine("\(program): recorded the HCI traffic to \(recordPath)", priority: .notice)
    }
    switch endedWhileGone {
    case (.stopped, let gone)?:
      StandardError.writeLine("\(program): \(spec): stopped; the controller had been gone \(gone)", priority: .notice)
    case (.deadline, let gone)?:
      // The run could not scan for as long as it was asked to.
      StandardError.writeLine(
        "\(program): \(spec): the controller did not come back (gone \(gone) when --duration ran out)",
        priority: .error)
      throw ProcessExitStatus.unavailable
    case (.back, _)?, nil:
      break
    }
  }

  /// How ``restart(_:deadline:clock:lostSince:)`` ended.
  private enum Restart {
    /// The controller answers and scans again.
    case back
    /// Ctrl-C or SIGTERM came first.
    case stopped
    /// `--duration` ran out first.
    case deadline
  }

  /// Starts the finder again every ``reconnectInterval`` until it starts, or a stop or the
  /// deadline comes first; meanwhile the output is told how long the controller has been gone.
  private func restart(
    _ finder: HCIBeaconFinder, deadline: ContinuousClock.Instant?, clock: ContinuousClock,
    lostSince: ContinuousClock.Instant, alongside companion: (any RunCompanion)?
  ) -> Restart {
    while !StopSignal.isRequested {
      let retryAt = clock.now.advanced(by: Self.reconnectInterval)
      while !StopSignal.isRequested, clock.now < retryAt {
        if let deadline, clock.now >= deadline { return .deadline }
        service?.pingWatchdogIfDue()
        output?.controllerAway(for: clock.now - lostSince, now: WallClock.now())
        // The other sources (the other radios, GPS) go on while this one is away.
        guard let companion else {
          usleep(50_000)
          continue
        }
        // The other sources (the other radios, GPS) go on while this one is away; one that has
        // nothing left to do returns at once, and the turn is waited out.
        let turnEnd = min(retryAt, clock.now.advanced(by: .milliseconds(50)))
        companion.work(until: turnEnd) { StopSignal.isRequested }
        if clock.now < turnEnd { usleep(10_000) }
      }
      if StopSignal.isRequested { return .stopped }
      if finder.start() == .started { return .back }
    }
    return .stopped
  }

  /// The capture's warnings and counts, at the end of a replay.
  func reportReplayEnd(path: String, warnings: [any TransportWarning], statistics stats: ScanStatistics) {
    for warning in warnings {
      StandardError.writeLine("\(program): warning: \(path): \(warning)")
    }
    StandardError.writeLine(
      "\(program): \(path): \(stats.advertisingReports) advertising report(s), "
        + "\(stats.beaconReports) with a beacon frame, \(stats.emittedSightings) matched"
        + (stats.malformedEvents > 0 ? ", \(stats.malformedEvents) malformed event(s)" : ""), priority: .info)
  }

  /// Says what failed, on standard error, and returns the exit status that says so: for a
  /// capture, by what is wrong with the file; for a controller, 69.
  private func report(_ failure: HCIFailure) -> ProcessExitStatus {
    guard let capture = failure.connectionError?.failure as? CaptureFileError else {
      StandardError.writeLine("\(program): \(failure)", priority: .error)
      return .unavailable
    }
    if case .unrecognizedFormat(let leadingBytes, _) = capture.reason, leadingBytes.starts(with: [0x1F, 0x8B]) {
      StandardError.writeLine(
        "\(program): \(capture) A gzip-compressed capture can be replayed through a pipe: "
          + "`zcat \(capture.path) | \(program) --replay -`.", priority: .error)
    } else {
      StandardError.writeLine("\(program): \(capture)", priority: .error)
    }
    switch capture.reason {
    case .format, .packetCaptureFormat, .unrecognizedFormat: return .dataError
    case .fileNotFound, .permissionDenied, .isADirectory: return .noInput
    case .systemError, .encoding, .notAController, .output: return .ioError
    }
  }
}
