import BluetoothTypes
import POSIXSupport
import Positioning
import SystemPackage

/// A ``LocationFinder`` over a running gpsd, through its JSON protocol: it connects, sends
/// `?WATCH={"enable":true,"json":true}` and reads the objects gpsd streams back, one a line
/// (``GPSDReportDecoder``).
///
/// It survives what gpsd does to a long ride, telling the delegate the condition in domain
/// terms (``LocationSourceCondition``) and ``onProblem`` the details, each kind once, while
/// ``counts`` counts them all:
/// - gpsd not running, or gone mid-ride (stopped, restarted): it reconnects, with backoff
///   from 1 s to 30 s, and tells ``onRecovery`` when gpsd answers again;
/// - the receiver unplugged (`DEVICE` with `activated` 0, or no `DEVICES`): no receiver;
/// - no `TPV` for more than two of the receiver's cycles: stale;
/// - a line that is not a gpsd object (noise, a line cut short): skipped.
///
/// Backoff, staleness and outages are measured with the clock given at ``init(endpoint:retriesWhenUnreachable:connectTimeout:clock:)``
/// (the continuous clock unless a test moves its own); waiting for gpsd's bytes, the connect
/// timeout and ``run(until:shouldStop:)``'s deadline are real time.
///
/// Driven by ``run(until:shouldStop:)`` on the caller's thread, as the Bluetooth finder is.
/// Not `Sendable`: keep it on one thread.
public final class GPSDLocationFinder: LocationFinder {
  public weak var delegate: (any LocationFinderDelegate)?
  public let endpoint: GPSDEndpoint
  /// Told of each kind of problem the first time it happens (and after it cleared, again).
  public var onProblem: ((GPSDProblem) -> Void)?
  /// Told when gpsd answers again after an outage ``onProblem`` was told of.
  public var onRecovery: ((GPSDRecovery) -> Void)?
  /// What happened so far.
  public private(set) var counts = Counts()
  /// The error that kept the last connection attempt from succeeding.
  public private(set) var lastError: GPSDError?

  /// How many of each thing happened.
  public struct Counts: Hashable, Sendable {
    /// Position reports (`TPV`) handed to the delegate.
    public var fixes = 0
    /// Connections made (the first and every reconnection).
    public var connections = 0
    /// Times gpsd closed the connection or could not be reached.
    public var outages = 0
    /// Lines that were not gpsd objects, or too long.
    public var unreadableLines = 0
    /// Times no position came for more than two cycles.
    public var staleEpisodes = 0
  }

  /// Why ``run(until:shouldStop:)`` returned.
  public enum RunEnd: Hashable, Sendable {
    case stopped
    case deadline
  }

  private let retriesWhenUnreachable: Bool
  private let connectTimeout: Duration
  /// The time on the finder's clock since the finder was made.
  private let elapsed: () -> Duration
  private let decoder = GPSDReportDecoder()
  private var isStarted = false
  private var connection: FileDescriptor?
  private var splitter = GPSDLineSplitter()
  private var nextAttempt: Duration?
  private var backoff = GPSDLocationFinder.firstBackoff
  private var condition: LocationSourceCondition?
  private var receiverCycle: Duration = .seconds(1)
  /// When the last position report arrived (``elapsed``), and the receiver time it carried.
  private var lastReport: (at: Duration, time: Timestamp?)?
  private var reportedProblems: Set<ProblemKind> = []
  /// When gpsd went away (or the first attempt failed), until it answers again.
  private var outageSince: Duration?

  static let firstBackoff: Duration = .seconds(1)
  static let longestBackoff: Duration = .seconds(30)
  /// How long one wait for gpsd's bytes lasts before the deadline, stop and staleness are
  /// looked at again.
  static let pollInterval: Duration = .milliseconds(200)
  static let watchCommand = Array(#"?WATCH={"enable":true,"json":true};"#.utf8) + [UInt8(ascii: "\n")]

  /// - Parameters:
  ///   - retriesWhenUnreachable: when gpsd cannot be reached at ``start()``: `true` starts
  ///     anyway and keeps trying (it may come up later; what `beacon-ride --gps` does);
  ///     `false` answers ``LocationFinderStartResult/unavailable``, for a caller that would
  ///     rather do without.
  public convenience init(
    endpoint: GPSDEndpoint = .local, retriesWhenUnreachable: Bool = true, connectTimeout: Duration = .seconds(2)
  ) {
    self.init(
      endpoint: endpoint, retriesWhenUnreachable: retriesWhenUnreachable, connectTimeout: connectTimeout,
      clock: ContinuousClock())
  }

  /// A finder that measures backoff, staleness and outages with `clock`: a test's clock that
  /// moves only when told makes gpsd's silence last as long as the test says, without waiting.
  public init<C: Clock>(
    endpoint: GPSDEndpoint = .local, retriesWhenUnreachable: Bool = true, connectTimeout: Duration = .seconds(2),
    clock: C
  ) where C.Duration == Duration {
    self.endpoint = endpoint
    self.retriesWhenUnreachable = retriesWhenUnreachable
    self.connectTimeout = connectTimeout
    let origin = clock.now
    elapsed = { origin.duration(to: clock.now) }
  }

  deinit { connection?.closeIgnoringErrors() }

  public func start() -> LocationFinderStartResult {
    guard !isStarted else { return .alreadyStarted }
    guard connect() || retriesWhenUnreachable else { return .unavailable }
    isStarted = true
    return .started
  }

  @discardableResult
  public func stop() -> LocationFinderStopResult {
    guard isStarted else { return .notRunning }
    isStarted = false
    disconnect()
    return .stopped
  }

  /// Reads and hands on gpsd's reports until `deadline` (`nil`: none) or `shouldStop`;
  /// reconnects when gpsd goes away. Returns at once when not started.
  public func run(until deadline: ContinuousClock.Instant? = nil, shouldStop: () -> Bool = { false }) -> RunEnd {
    while isStarted {
      if shouldStop() { return .stopped }
      let realNow = ContinuousClock.now
      if let deadline, realNow >= deadline { return .deadline }
      var waitEnd = realNow.advanced(by: Self.pollInterval)
      if let deadline { waitEnd = min(waitEnd, deadline) }
      guard let connection else {
        let now = elapsed()
        if let nextAttempt, now < nextAttempt {
          sleepRetryingOnInterrupt(for: min(waitEnd - realNow, nextAttempt - now))
        } else {
          _ = connect()
        }
        continue
      }
      readAvailable(from: connection, until: waitEnd)
      checkStaleness()
    }
    return .stopped
  }

  // MARK: Connection

  /// Connects and asks for reports; on failure schedules the next attempt. Returns whether
  /// it connected.
  private func connect() -> Bool {
    let file: FileDescriptor
    do throws(TCPConnectFailure) {
      file = try TCPConnector.connect(host: endpoint.host, port: endpoint.port, timeout: connectTimeout)
    } catch {
      let error = GPSDError.unreachable(endpoint, error)
      lastError = error
      if condition != .sourceUnreachable { counts.outages += 1 }
      outageSince = outageSince ?? elapsed()
      report(.unreachable(error), kind: .unreachable)
      change(to: .sourceUnreachable)
      scheduleRetry()
      return false
    }
    do throws(Errno) {
      try file.sendAll(Self.watchCommand)
    } catch {
      file.closeIgnoringErrors()
      lastError = .connectionFailed(endpoint, operation: "send", errno: error)
      scheduleRetry()
      return false
    }
    connection = file
    let wasConnectedBefore = counts.connections > 0
    counts.connections += 1
    backoff = Self.firstBackoff
    nextAttempt = nil
    let outageWasTold = reportedProblems.contains(.unreachable) || reportedProblems.contains(.closed)
    reportedProblems.remove(.unreachable)
    reportedProblems.remove(.closed)
    if let outageSince, outageWasTold {
      onRecovery?(
        GPSDRecovery(
          endpoint: endpoint, outage: elapsed() - outageSince, wasConnectedBefore: wasConnectedBefore))
    }
    outageSince = nil
    lastReport = (elapsed(), lastReport?.time)
    return true
  }

  private func scheduleRetry() {
    nextAttempt = elapsed() + backoff
    backoff = min(backoff * 2, Self.longestBackoff)
  }

  private func disconnect() {
    connection?.closeIgnoringErrors()
    connection = nil
    splitter.reset()
  }

  /// gpsd closed the connection, or reading failed: reconnect after the backoff.
  private func lose(_ problem: GPSDProblem) {
    disconnect()
    counts.outages += 1
    outageSince = outageSince ?? elapsed()
    report(problem, kind: .closed)
    change(to: .sourceUnreachable)
    scheduleRetry()
  }

  private func readAvailable(from file: FileDescriptor, until waitEnd: ContinuousClock.Instant) {
    var buffer = [UInt8](repeating: 0, count: 4_096)
    let count: Int
    do throws(Errno) {
      guard try file.waitUntilReadable(until: waitEnd) else { return }
      count = try file.read(into: &buffer)
    } catch  where error == .connectionReset {
      lose(.connectionClosed(endpoint))
      return
    } catch {
      lose(.unreachable(.connectionFailed(endpoint, operation: "read", errno: error)))
      return
    }
    guard count > 0 else {
      lose(.connectionClosed(endpoint))
      return
    }
    let overlong = splitter.overlongLines
    // Lines are handled once the splitter is done with the bytes: a delegate told of a fix may
    // stop the finder, which resets the splitter.
    var lines: [ArraySlice<UInt8>] = []
    splitter.append(buffer[..<count]) { lines.append($0) }
    for line in lines where isStarted && connection != nil { handle(line) }
    if splitter.overlongLines > overlong {
      counts.unreadableLines += splitter.overlongLines - overlong
      report(
        .unreadableLine(GPSDLineError(line: [], reason: .tooLong(limit: GPSDLineSplitter.maximumLineLength))),
        kind: .unreadable)
    }
  }

  // MARK: Reports

  private func handle(_ line: ArraySlice<UInt8>) {
    guard !line.isEmpty else { return }
    let report: GPSDReport
    do throws(GPSDLineError) {
      report = try decoder.decode(line)
    } catch {
      counts.unreadableLines += 1
      self.report(.unreadableLine(error), kind: .unreadable)
      return
    }
    switch report {
    case .version(_, let major, let minor):
      if major != 3 { self.report(.unsupportedProtocol(major: major, minor: minor), kind: .protocolVersion) }
    case .devices(let devices):
      if let active = devices.first(where: \.isActive) {
        noteReceiver(active)
      } else {
        self.report(.noReceiver(path: nil), kind: .noReceiver)
        change(to: .noReceiver)
      }
    case .device(let device):
      if device.isActive {
        noteReceiver(device)
      } else {
        self.report(.noReceiver(path: device.path), kind: .noReceiver)
        change(to: .noReceiver)
      }
    case .fix(let fix):
      counts.fixes += 1
      lastReport = (elapsed(), fix.mode.hasPosition ? fix.time : lastReport?.time)
      reportedProblems.remove(.stale)
      change(to: .reporting)
      delegate?.locationFinder(self, didReceive: fix)
    case .error(let message):
      self.report(.gpsdError(message: message), kind: .gpsdError)
    case .other:
      break
    }
  }

  private func noteReceiver(_ device: GPSDDevice) {
    if let cycle = device.cycle, cycle.isFinite, cycle > 0 { receiverCycle = .milliseconds(Int64(cycle * 1_000)) }
    reportedProblems.remove(.noReceiver)
  }

  /// Stale: connected, yet no position report for more than two cycles (and at least 2 s).
  private func checkStaleness() {
    guard connection != nil, let lastReport, condition != .noReceiver else { return }
    let limit = max(receiverCycle * 2, .seconds(2))
    let silence = elapsed() - lastReport.at
    guard silence > limit, !reportedProblems.contains(.stale) else { return }
    counts.staleEpisodes += 1
    report(.stale(seconds: Double(silence.wholeMicroseconds) / 1_000_000), kind: .stale)
    change(to: .stale(since: lastReport.time ?? Timestamp(microsecondsSinceUnixEpoch: 0)))
  }

  // MARK: Telling

  private enum ProblemKind: Hashable {
    case unreachable, closed, noReceiver, stale, unreadable, gpsdError, protocolVersion
  }

  /// Tells ``onProblem`` of `problem` unless its kind was told and has not cleared since.
  private func report(_ problem: GPSDProblem, kind: ProblemKind) {
    guard reportedProblems.insert(kind).inserted else { return }
    onProblem?(problem)
  }

  private func change(to new: LocationSourceCondition) {
    guard new != condition else { return }
    if case .stale = new, case .stale = condition { return }
    condition = new
    delegate?.locationFinder(self, didChange: new)
  }
}
