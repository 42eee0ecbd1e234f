import HCICodec

/// A two-way HCI packet link: the kernel's HCI socket, H4 over a serial line or TCP, a capture
/// replayed as if a controller sent it, or a scripted controller in tests. Every packet source
/// is one, so one scan loop serves them all; ``ControllerSession`` (in `HCIController`) drives
/// the ones that ``answersCommands``.
///
/// Calls come from one thread at a time; implementations need no locking.
public protocol HCIConnection: AnyObject {
  /// A short description for messages, e.g. `hci0`, `serial:/dev/ttyUSB0`, `tcp:127.0.0.1:9000`.
  var name: String { get }

  /// Whether a controller on the other side answers commands. A capture replay does not: it is
  /// read without a session, and ``send(_:)`` fails.
  var answersCommands: Bool { get }

  /// How its packets come in time: ``HCIConnectionPacing/live`` unless it plays a recording back.
  var pacing: HCIConnectionPacing { get }

  /// What did not stop it but should be said once it has delivered its last packet (a capture's
  /// last record cut short); complete only after ``HCIConnectionError/endOfStream``.
  var endWarnings: [any TransportWarning] { get }

  /// How the controller scans with no command of this connection's, as a clause for people
  /// (bluetoothd discovering for it); `nil` when a session's commands scan through it, or it only
  /// listens to whoever scans.
  var selfScanDescription: String? { get }

  /// Sends one packet to the controller (commands; ACL data is not used by this toolkit).
  func send(_ packet: HCIPacket) throws(HCIConnectionError)

  /// The next packet from the controller with the time it was seen, waiting at most `timeout`;
  /// `nil` if none arrived. Throws ``HCIConnectionError/closed(_:)`` once the controller has
  /// gone (EOF, reset, unplugged), and ``HCIConnectionError/endOfStream`` once a finite source
  /// (a capture) has delivered its last packet.
  func receive(timeout: Duration) throws(HCIConnectionError) -> TimedHCIPacket?

  /// Hands `body` the packets that are there now, in order, until `body` returns `false` or
  /// `maximumCount` were handed, and returns how many were handed: 0 if none arrived within
  /// `timeout`. Throws as ``receive(timeout:)`` does: ``HCIConnectionError/endOfStream`` only
  /// when no packet was handed; a failure may come after packets of the same call, which
  /// `body` has then had.
  ///
  /// A capture replay hands out a whole read buffer per call, without the per-packet cost of a
  /// call through the protocol, a typed error and an optional; a live link hands out the one
  /// packet ``receive(timeout:)`` gets (the default implementation).
  func receivePackets(
    timeout: Duration, maximumCount: Int, _ body: (TimedHCIPacket) -> Bool
  ) throws(HCIConnectionError) -> Int

  /// Releases the link. Idempotent.
  func close()
}

extension HCIConnection {
  /// A live link answers commands; only a replay says otherwise.
  public var answersCommands: Bool { true }

  /// A link to a controller is live; only a replay says otherwise.
  public var pacing: HCIConnectionPacing { .live }

  /// A live link has nothing to say at its end.
  public var endWarnings: [any TransportWarning] { [] }

  /// A link scans only through a session's commands, or listens; only bluetoothd's scan says otherwise.
  public var selfScanDescription: String? { nil }

  /// The one packet ``receive(timeout:)`` gets, if any.
  public func receivePackets(
    timeout: Duration, maximumCount: Int, _ body: (TimedHCIPacket) -> Bool
  ) throws(HCIConnectionError) -> Int {
    guard maximumCount > 0, let packet = try receive(timeout: timeout) else { return 0 }
    _ = body(packet)
    return 1
  }
}

/// What a transport's own error says to whoever must act on it: its text (with advice), and,
/// through its type, everything else. ``HCIConnectionError`` carries one, typed, so that a
/// caller can still ask a `CaptureFileError` for its reason or an `HCISocketError` for its errno.
public protocol TransportFailure: Error, Sendable, CustomStringConvertible {}

/// What a transport says of a problem that did not stop it (``HCIConnection/endWarnings``): its
/// text, and, through its type, everything else.
public protocol TransportWarning: Sendable, CustomStringConvertible {}

/// Why an ``HCIConnection`` failed, in the categories a caller acts on differently. Each case
/// keeps the transport's own typed error; its ``description`` says what happened and what to do.
public enum HCIConnectionError: Error, Sendable, CustomStringConvertible {
  /// The process may not use the controller (`EPERM`, `EACCES`): grant the capabilities the
  /// failure's text names, or run as root.
  case notAuthorized(any TransportFailure)
  /// There is no controller to use: no Bluetooth in the kernel, no such device or port, a
  /// device that is down or blocked, nothing listening at the address.
  case unavailable(any TransportFailure)
  /// The link was open, and now the other side is gone (EOF, connection reset, device removed),
  /// or it was closed here.
  case closed(any TransportFailure)
  /// Bytes arrived that are not HCI packets in the link's framing (e.g. an unknown H4 indicator).
  case framing(any TransportFailure)
  /// Any other failure of the transport (a corrupt capture, an I/O error, a busy device).
  case failed(any TransportFailure)
  /// A finite source (a capture being replayed) has delivered its last packet. Not a failure:
  /// a scan ends here as it does at `--duration`.
  case endOfStream

  /// The transport's own error, for the cases that carry one.
  public var failure: (any TransportFailure)? {
    switch self {
    case .notAuthorized(let failure), .unavailable(let failure), .closed(let failure), .framing(let failure),
      .failed(let failure):
      return failure
    case .endOfStream: return nil
    }
  }

  public var description: String { failure?.description ?? "the source has no more packets" }
}

extension HCIConnectionError: Hashable {
  /// Two connection errors are the same when they are of the same case and say the same.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.caseIndex == rhs.caseIndex && lhs.description == rhs.description
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(caseIndex)
    hasher.combine(description)
  }

  private var caseIndex: Int {
    switch self {
    case .notAuthorized: return 0
    case .unavailable: return 1
    case .closed: return 2
    case .framing: return 3
    case .failed: return 4
    case .endOfStream: return 5
    }
  }
}
