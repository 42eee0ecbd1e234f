import Foundation
import POSIXSupport

#if canImport(Glibc)
  import Glibc
#endif

/// TCP ports of 127.0.0.1 for the services the tests start (gpsd, mosquitto, an HTTP server):
/// finding a free one, and waiting until the service started on it accepts connections.
package enum LoopbackPort {
  /// A TCP port on 127.0.0.1 that nothing listens on now (bound to port 0, then released).
  package static func free() throws -> UInt16 {
    let (socket, port) = try bind()
    close(socket)
    return port
  }

  /// A TCP socket bound to a port of 127.0.0.1 the kernel chose, and that port.
  package static func bind() throws -> (socket: Int32, port: UInt16) {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
        Glibc.bind(socket, generic, length) == 0 && getsockname(socket, generic, &length) == 0
      }
    }
    guard bound else {
      let failure = POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
      close(socket)
      throw failure
    }
    return (socket, UInt16(bigEndian: address.sin_port))
  }

  /// Whether something accepts TCP connections on 127.0.0.1:`port` now. The connection is closed
  /// at once, without a byte sent.
  package static func accepts(_ port: UInt16) -> Bool {
    do {
      let socket = try TCPConnector.connect(host: "127.0.0.1", port: port, timeout: .seconds(1))
      socket.closeIgnoringErrors()
      return true
    } catch {
      return false
    }
  }

  /// Waits, trying every 20 ms for up to `seconds`, until `port` accepts connections; gives up
  /// early once `service` has exited. Whether it accepts.
  package static func waitUntilAccepting(_ port: UInt16, startedBy service: ChildProcess, seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if accepts(port) { return true }
      guard service.isRunning else { return false }
      usleep(20_000)
    }
    return false
  }
}
