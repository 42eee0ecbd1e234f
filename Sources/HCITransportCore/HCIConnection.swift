import HCICodec
import BluetoothTypes

/// A two-way HCI packet link to one controller: the kernel's HCI socket, H4 over a serial line
/// or TCP, or a scripted fake in tests. Transports implement it; ``ControllerSession`` drives it.
///
/// Calls come from one thread at a time (the session's); implementations need no locking.
public protocol HCIConnection: AnyObject {
  /// A short description for messages, e.g. `hci0`, `serial:/dev/ttyUSB0`, `tcp:127.0.0.1:9000`.
  var name: String { get }

  /// Sends one packet to the controller (commands; ACL data is not used by this toolkit).
  func send(_ packet: HCIPacket) throws(HCIConnectionError)

  /// The next packet from the controller, waiting at most `timeout`; `nil` if none arrived.
  /// Throws ``HCIConnectionError/closed(_:)`` once the controller has gone (EOF, reset, unplugged).
  func receive(timeout: Duration) throws(HCIConnectionError) -> HCIPacket?

  /// Releases the link. Idempotent.
  func close()
}

/// Why an ``HCIConnection`` failed. Each case's text says what happened and, where it can,
/// what to do.
public enum HCIConnectionError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The link was open, and now the other side is gone (EOF, connection reset, device removed).
  case closed(String)
  /// Bytes arrived that are not HCI packets in the link's framing (e.g. an unknown H4 indicator).
  case framing(String)
  /// Any other failure, already phrased for the user (permission, device down, …).
  case failed(String)

  public var description: String {
    switch self {
    case .closed(let text), .framing(let text), .failed(let text): return text
    }
  }
}
