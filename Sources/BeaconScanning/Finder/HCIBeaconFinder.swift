import Beacons
import BluetoothTypes
import HCIController
import HCITransportCore

/// The ``BeaconFinder`` over any ``HCIConnection``: a controller (the kernel socket, H4 over a
/// serial line or TCP) or a capture being replayed. One loop, ``run(until:shouldStop:)``, serves
/// them all.
///
/// ``start()`` opens the connection; on one that answers commands it starts a
/// ``ControllerSession`` and enables scanning. A capture needs neither. ``run(until:shouldStop:)``
/// then reads packets, has the ``scanner`` turn reports into sightings, and tells the
/// ``delegate`` of each sighting and of time passing. ``stop()`` disables scanning, leaving the
/// controller as it was found, and closes the connection.
///
/// With ``deafAfter``, a run on a controller that has been heard and then goes that long without
/// an advertising report ends with ``RunEnd/deaf(silence:)``; the caller recovers it in stages
/// (``rescan()``, ``resetController()``, ``powerCycle(_:)``) and the next run says
/// ``RunEnd/heardAgain`` when reports come back. A capture is never deaf.
///
/// A failure keeps its type: ``failure`` says why the last start or run failed, and the start
/// result says what to do (``BeaconFinderStartResult/notAuthorized`` for a permission refused).
/// Not `Sendable`: use it from one thread.
public final class HCIBeaconFinder: BeaconFinder {
  /// What the finder is doing, for the caller to show.
  public enum Progress {
    /// The controller answered the session's first commands.
    case controllerStarted(ControllerCapabilities)
    /// Scanning is enabled, with these parameters and commands.
    case scanning(ScanConfiguration, CommandSet)
    /// An event could not be fully decoded; scanning goes on.
    case problem(ScanProblem)
  }

  /// How a ``run(until:shouldStop:)`` ended.
  public enum RunEnd: Sendable {
    /// The source has no more packets: a capture's end.
    case endOfStream
    /// ``stop()`` was called, or `shouldStop` said so.
    case stopped
    /// The deadline passed.
    case deadline
    /// The connection or the controller failed; ``failure`` has the error too.
    case failed(HCIFailure)
    /// Scanning is enabled and advertising reports were heard, but none for ``deafAfter``
    /// (`silence`: since the last one, or since the last recovery stage). See ``rescan()``.
    case deaf(silence: Duration)
    /// Advertising reports are heard again after a recovery stage (``rescan()``,
    /// ``resetController()``, ``powerCycle(_:)``).
    case heardAgain
  }

  /// How long one wait for a packet may take, so that stop requests and time passing are
  /// seen promptly.
  public static let pollInterval = Duration.milliseconds(100)

  public weak var delegate: (any BeaconFinderDelegate)?
  /// Reports to sightings, with their counts.
  public var scanner: BeaconScanner
  /// How a controller scans.
  public private(set) var configuration: ScanConfiguration
  /// Told what the finder does and of malformed events.
  public var onProgress: ((Progress) -> Void)?
  /// The open connection, while started.
  /// Unchecked: read for every packet a run hands out, by one thread.
  @exclusivity(unchecked) public private(set) var connection: (any HCIConnection)?
  /// The controller session, while started on a connection that answers commands.
  public private(set) var session: ControllerSession?
  /// Why the last start or run failed; `nil` after a start that worked.
  public private(set) var failure: HCIFailure?
  /// How long a scanning controller that has been heard may go without an advertising report
  /// before a run ends with ``RunEnd/deaf(silence:)``; `nil`: never. Never for a capture, and
  /// never for a controller not heard since this finder was made (a quiet place is not a deaf
  /// controller).
  public var deafAfter: Duration?

  /// The advertising reports counted at the last look, for telling when one arrives.
  private var reportsAtLastLook = 0
  /// When the last advertising report came (or, after a recovery stage or a new start, when
  /// that was); `nil` until the first report.
  private var lastHeard: ContinuousClock.Instant?
  /// A recovery stage was done and no report has come since.
  private var recovering = false

  private let openConnection: () throws(HCIConnectionError) -> any HCIConnection
  private let makeSession: (any HCIConnection) -> ControllerSession

  /// - Parameters:
  ///   - scanner: the pipeline from reports to sightings, with its filter.
  ///   - configuration: how a controller scans.
  ///   - openConnection: opens the connection, on every start (`TransportSpec.open`, in
  ///     `LinuxHCITransports`).
  ///   - makeSession: the session for a connection that answers commands: whether it resets the
  ///     controller, which commands it prefers, what it reports.
  public init(
    scanner: BeaconScanner = BeaconScanner(), configuration: ScanConfiguration = ScanConfiguration(),
    openConnection: @escaping () throws(HCIConnectionError) -> any HCIConnection,
    makeSession: @escaping (any HCIConnection) -> ControllerSession = { ControllerSession(connection: $0) }
  ) {
    self.scanner = scanner
    self.configuration = configuration
    self.openConnection = openConnection
    self.makeSession = makeSession
  }

  /// Opens the connection and, on a controller, starts the session and scanning.
  public func start() -> BeaconFinderStartResult {
    guard connection == nil else { return .alreadyStarted }
    failure = nil
    let opened: any HCIConnection
    do throws(HCIConnectionError) {
      opened = try openConnection()
    } catch {
      return fail(.connection(error))
    }
    guard opened.answersCommands else {
      connection = opened
      return .started
    }
    let session = makeSession(opened)
    do throws(ControllerError) {
      onProgress?(.controllerStarted(try session.start()))
      try session.startScanning(configuration)
      onProgress?(.scanning(configuration, session.scanningCommandSet))
    } catch {
      session.shutdown()
      return fail(.controller(error))
    }
    connection = opened
    self.session = session
    if lastHeard != nil { lastHeard = ContinuousClock().now }
    return .started
  }

  /// Disables scanning, leaving the controller as it was found, and closes the connection.
  @discardableResult
  public func stop() -> BeaconFinderStopResult {
    guard let connection else { return .notRunning }
    if let session { session.shutdown() } else { connection.close() }
    self.connection = nil
    session = nil
    return .stopped
  }

  /// Reads and scans packets until the source ends, ``stop()`` is called (by a delegate, say),
  /// `shouldStop` returns `true` (checked before each packet), the deadline passes (checked
  /// before each read: a read of a capture hands out up to ``batchSize`` packets), or the
  /// connection fails. The finder stays started: call ``stop()`` afterwards. The ``delegate``
  /// is the one set when the run starts, and ``scanner``'s counts are up to date when it returns.
  public func run(until deadline: ContinuousClock.Instant? = nil, shouldStop: () -> Bool = { false }) -> RunEnd {
    let clock = ContinuousClock()
    // The delegate is read once, when the run starts; and the scanner is worked on as a local
    // value, written back when the run ends: per packet, neither a weak load nor a dynamic
    // exclusivity check on this object.
    let delegate = self.delegate
    var scanner = self.scanner
    defer { self.scanner = scanner }
    // Made once, not per packet: a closure literal at the call would copy (retain and release)
    // the delegate for every packet, and a delegate that is also held weakly (a presenter)
    // pays the slow path of a side-table reference count each time.
    // It holds the finder strongly: it lives only as long as this call, and an unowned reference
    // would be checked on every packet.
    let see: (BeaconSighting) -> Void = { delegate?.beaconFinder(self, didSee: $0) }
    let report: (ScanProblem) -> Void = { [onProgress] in onProgress?(.problem($0)) }
    var stopRequested = false
    while let connection {
      if stopRequested || shouldStop() { return .stopped }
      if let deadline, clock.now >= deadline { return .deadline }
      if let deafAfter, session != nil, let end = listen(reports: scanner.statistics.advertisingReports, deafAfter) {
        return end
      }
      let handed: Int
      do throws(HCIFailure) {
        handed = try receivePackets(from: connection) { packet in
          scanner.process(packet, sighting: see, problem: report)
          delegate?.beaconFinder(self, didReach: packet.time)
          // A delegate may have stopped the finder, or the caller wants it to stop.
          stopRequested = self.connection !== connection || shouldStop()
          return !stopRequested
        }
      } catch {
        if case .connection(.endOfStream) = error { return .endOfStream }
        failure = error
        return .failed(error)
      }
      if handed == 0 { delegate?.beaconFinder(self, didReach: WallClock.now()) }
    }
    return .stopped
  }

  /// Whether the controller has gone deaf or is heard again, from the advertising reports
  /// counted so far: `nil` to read on.
  private func listen(reports: Int, _ deafAfter: Duration) -> RunEnd? {
    let now = ContinuousClock().now
    if reports != reportsAtLastLook {
      reportsAtLastLook = reports
      lastHeard = now
      if recovering {
        recovering = false
        return .heardAgain
      }
      return nil
    }
    guard let lastHeard, now - lastHeard >= deafAfter else { return nil }
    return .deaf(silence: now - lastHeard)
  }

  /// Recovery stage 1 for a deaf controller (an adapter that stays up but hears nothing until
  /// it is reset, as Raspberry Pis' do): disables scanning and enables it again, on the same
  /// session. The silence is measured again from now. Each stage is counted in the scanner's
  /// ``ScanStatistics/deafScanRecoveries``; a failure is kept in ``failure`` too.
  public func rescan() throws(HCIFailure) {
    guard let session else { return }
    scanner.deafScanRecoveries.rescans += 1
    rearm()
    do throws(ControllerError) {
      try session.startScanning(configuration)
    } catch {
      failure = .controller(error)
      throw .controller(error)
    }
  }

  /// Scans with `newConfiguration` from now on (a setting changed while it runs): scanning is
  /// started again with it on the same session, and kept for the sessions after a
  /// reconnection. A source that only listens takes it for later and sends nothing.
  public func changeScanning(to newConfiguration: ScanConfiguration) throws(HCIFailure) {
    configuration = newConfiguration
    guard let session, session.isScanning else { return }
    do throws(ControllerError) {
      try session.startScanning(newConfiguration)
      onProgress?(.scanning(newConfiguration, session.scanningCommandSet))
    } catch {
      failure = .controller(error)
      throw .controller(error)
    }
  }

  /// Whether ``resetController()`` can be done: the session resets the controller when it
  /// starts. Not on the kernel's shared channel, where bluetoothd owns the controller.
  public var resetsController: Bool { session?.resetOnStart ?? false }

  /// Recovery stage 2 for a deaf controller: starts the session again, which resets the
  /// controller (HCI_Reset) and sets it up, then enables scanning. The silence is measured
  /// again from now.
  public func resetController() throws(HCIFailure) {
    guard let session, session.resetOnStart else { return }
    scanner.deafScanRecoveries.resets += 1
    rearm()
    do throws(ControllerError) {
      onProgress?(.controllerStarted(try session.start()))
      try session.startScanning(configuration)
      onProgress?(.scanning(configuration, session.scanningCommandSet))
    } catch {
      failure = .controller(error)
      throw .controller(error)
    }
  }

  /// Recovery stage 3 for a deaf controller: stops the finder, runs `cycle` (which powers the
  /// device down and up: the caller knows how, for the transports that can), and starts again.
  /// The silence is measured again from now.
  public func powerCycle(_ cycle: () throws(HCIConnectionError) -> Void) throws(HCIFailure) {
    scanner.deafScanRecoveries.powerCycles += 1
    stop()
    rearm()
    do throws(HCIConnectionError) {
      try cycle()
    } catch {
      failure = .connection(error)
      throw .connection(error)
    }
    if start() != .started, let failure { throw failure }
  }

  /// After a recovery stage: the silence is measured from now, and the next report says the
  /// controller is heard again.
  private func rearm() {
    lastHeard = ContinuousClock().now
    recovering = true
  }

  /// The most packets one read of a capture hands out before the deadline is looked at again.
  public static let batchSize = 256

  /// The packets there are now, through the session when there is one (which answers its own
  /// commands' events, one packet a read), else straight from the connection (a capture: up
  /// to ``batchSize`` a read).
  private func receivePackets(
    from connection: any HCIConnection, _ body: (TimedHCIPacket) -> Bool
  ) throws(HCIFailure) -> Int {
    if let session {
      let packet: TimedHCIPacket?
      do throws(ControllerError) {
        packet = try session.nextPacket(timeout: Self.pollInterval)
      } catch {
        throw .controller(error)
      }
      guard let packet else { return 0 }
      _ = body(packet)
      return 1
    }
    do throws(HCIConnectionError) {
      return try connection.receivePackets(timeout: Self.pollInterval, maximumCount: Self.batchSize, body)
    } catch {
      throw .connection(error)
    }
  }

  private func fail(_ failure: HCIFailure) -> BeaconFinderStartResult {
    self.failure = failure
    switch failure.kind {
    case .notAuthorized: return .notAuthorized
    case .unavailable: return .bluetoothUnavailable
    case .other: return .failed
    }
  }
}
