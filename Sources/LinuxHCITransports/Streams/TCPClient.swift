import HCITransportCore
import POSIXSupport
import SystemPackage

/// Connects to a controller that serves H4 over TCP: a controller emulator, an HCI bridge,
/// or a board's network HCI.
public enum TCPClient {
  /// Resolves `host` (an IPv4 or IPv6 address, or a name) and connects to the first of its
  /// addresses that accepts, trying them in the resolver's order (``TCPConnector``).
  ///
  /// - Parameters:
  ///   - host: `127.0.0.1`, `::1` (no brackets) or `localhost`.
  ///   - port: the TCP port.
  ///   - timeout: how long all the attempts together may take.
  ///   - name: what messages call the connection; `tcp:HOST:PORT` when `nil`.
  public static func connect(
    host: String, port: UInt16, timeout: Duration = .seconds(5), name: String? = nil
  ) throws(TCPClientError) -> H4StreamConnection {
    let file: FileDescriptor
    do throws(TCPConnectFailure) {
      file = try TCPConnector.connect(host: host, port: port, timeout: timeout)
    } catch {
      throw TCPClientError(host: host, port: port, reason: error)
    }
    let label = TCPConnector.displayAddress(host: host, port: port)
    return H4StreamConnection(adoptingDescriptor: file.rawValue, name: name ?? "tcp:\(label)")
  }
}
