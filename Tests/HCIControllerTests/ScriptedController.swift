import BeaconTestSupport
import BluetoothTypes
import Glibc
import HCICodec
import HCITransportCore
import Testing

/// A fake controller that follows a script: each command the host sends must be the next
/// scripted one, byte for byte, and is answered with the scripted events. Tests end by
/// checking ``isConsumed``.
final class ScriptedController: HCIConnection {
  /// One step of the script. Packets are hex text, e.g. `"0C 20 02 01 00"`.
  enum Step {
    /// The host sends this command packet; the controller answers with these event packets.
    case command(String, replies: [String])
    /// The controller sends these event packets on its own, the next time the host waits.
    case events([String])
    /// The link closes the next time the host waits.
    case close
  }

  let name: String
  private(set) var steps: [Step]
  /// Every command packet the host sent, as hex text with spaces.
  private(set) var sent: [String] = []
  /// The timeout of every receive call.
  private(set) var receiveTimeouts: [Duration] = []
  private(set) var closeCount = 0
  /// When set, waiting advances this clock instead of sleeping.
  var clock: ManualClock?
  private var outbox: [[UInt8]] = []
  private var linkClosed = false
  /// Events handed out so far.
  private var received = 0

  init(name: String = "scripted", _ steps: [Step]) {
    self.name = name
    self.steps = steps
  }

  /// Whether every step was played and every reply read.
  var isConsumed: Bool { steps.isEmpty && outbox.isEmpty }

  func send(_ packet: HCIPacket) throws(HCIConnectionError) {
    let text = Hex.encode(packet.bytes, separator: " ")
    sent.append(text)
    #expect(packet.type == .command && packet.direction == .hostToController, "not a command: \(text)")
    guard let step = steps.first else {
      Issue.record("the host sent \(text) after the script ended")
      return
    }
    guard case .command(let expected, let replies) = step else {
      Issue.record("the host sent \(text) while the script expected \(step)")
      return
    }
    #expect(text == Self.normalized(expected))
    steps.removeFirst()
    outbox += replies.map(Self.bytes)
  }

  func receive(timeout: Duration) throws(HCIConnectionError) -> TimedHCIPacket? {
    receiveTimeouts.append(timeout)
    if outbox.isEmpty, let step = steps.first {
      switch step {
      case .events(let events):
        steps.removeFirst()
        outbox += events.map(Self.bytes)
      case .close:
        steps.removeFirst()
        linkClosed = true
      case .command:
        break
      }
    }
    if !outbox.isEmpty {
      received += 1
      // Each event a microsecond after the last, as a controller's would be stamped on arrival.
      return TimedHCIPacket(
        time: Timestamp(microsecondsSinceUnixEpoch: Int64(received)),
        packet: HCIPacket(type: .event, direction: .controllerToHost, bytes: outbox.removeFirst()[...]))
    }
    if linkClosed { throw .closed(LinkClosed()) }
    if let clock {
      clock.advance(by: timeout)
    } else {
      let (seconds, attoseconds) = timeout.components
      var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
      _ = nanosleep(&request, nil)
    }
    return nil
  }

  func close() { closeCount += 1 }

  static func bytes(_ text: String) -> [UInt8] {
    guard let bytes = Hex.decode(text) else {
      Issue.record("bad hex in the script: \(text)")
      return []
    }
    return bytes
  }

  static func normalized(_ text: String) -> String { Hex.encode(bytes(text), separator: " ") }
}

/// The scripted controller closed the link (a `.close` step).
struct LinkClosed: TransportFailure, Hashable {
  var description: String { "the scripted controller closed the link" }
}
