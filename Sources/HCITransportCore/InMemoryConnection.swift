import BluetoothTypes
import HCICodec

/// An ``HCIConnection`` over packets held in memory: what a test scripts, or packets a program
/// already has. It hands out ``incoming`` in order, then ends as ``ending`` says; it keeps what
/// is sent in ``sent``. No I/O, no clock: a packet's time is the one it was given.
public final class InMemoryConnection: HCIConnection {
  public let name: String
  public let answersCommands: Bool
  /// The packets to hand out, in order; the first ``receivedCount`` have been.
  public let incoming: [TimedHCIPacket]
  /// What ``receive(timeout:)`` throws once ``incoming`` is empty: by default
  /// ``HCIConnectionError/endOfStream``, as a capture ends; `nil` to time out instead, as an
  /// idle controller does.
  public var ending: HCIConnectionError?
  /// Every packet sent, in order.
  public private(set) var sent: [HCIPacket] = []
  /// Whether ``close()`` was called.
  public private(set) var isClosed = false
  private var head = 0

  public init(
    name: String = "memory", incoming: [TimedHCIPacket], answersCommands: Bool = false,
    ending: HCIConnectionError? = .endOfStream
  ) {
    self.name = name
    self.incoming = incoming
    self.answersCommands = answersCommands
    self.ending = ending
  }

  public func send(_ packet: HCIPacket) throws(HCIConnectionError) {
    if isClosed { throw .closed(Closed(connection: name)) }
    sent.append(packet)
  }

  public func receive(timeout: Duration) throws(HCIConnectionError) -> TimedHCIPacket? {
    if isClosed { throw .closed(Closed(connection: name)) }
    guard head < incoming.count else {
      if let ending { throw ending }
      return nil
    }
    head += 1
    return incoming[head - 1]
  }

  /// How many packets have been received.
  public var receivedCount: Int { head }

  public func close() { isClosed = true }

  /// The connection was used after ``close()``.
  public struct Closed: TransportFailure, Hashable {
    public var connection: String
    public var description: String { "\(connection) is closed" }
  }
}
