import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A TCP listener on loopback that accepts connections and never answers: a controller that
/// has stopped responding. It reads what the host sends and notes when the first bytes came
/// and when the host closed the connection, so a test can time the host's wait by itself,
/// without the time the host took to start.
final class SilentListener: Sendable {
  /// What one connection carried, and when.
  struct Connection: Sendable {
    var received: [UInt8] = []
    var firstBytes: ContinuousClock.Instant?
    var closed: ContinuousClock.Instant?
  }

  private let descriptor: Int32
  let port: UInt16
  private let connections = Mutex<[Connection]>([])

  init() throws {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    self.descriptor = descriptor
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
    }
    guard bound == 0, listen(descriptor, 4) == 0 else { throw POSIXError(.EADDRINUSE) }
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    port = UInt16(bigEndian: address.sin_port)
    Thread { [self] in acceptUntilClosed() }.start()
  }

  /// The connections so far, in the order they came.
  var seen: [Connection] { connections.withLock { $0 } }

  /// Waits up to `seconds` for the first connection to be closed by the host.
  func waitForClose(seconds: Double) -> Connection? {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if let first = seen.first, first.closed != nil { return first }
      Thread.sleep(forTimeInterval: 0.02)
    }
    return nil
  }

  func close() {
    shutdown(descriptor, Int32(SHUT_RDWR))
    _ = Glibc.close(descriptor)
  }

  /// Accepts connections and reads each on its own thread, answering nothing.
  private func acceptUntilClosed() {
    while true {
      let client = accept(descriptor, nil, nil)
      if client < 0 { return }
      let index = connections.withLock {
        $0.append(Connection())
        return $0.count - 1
      }
      Thread { [self] in read(client, into: index) }.start()
    }
  }

  private func read(_ client: Int32, into index: Int) {
    var buffer = [UInt8](repeating: 0, count: 512)
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(client, $0.baseAddress, $0.count) }
      let now = ContinuousClock.now
      if count <= 0 {
        connections.withLock { $0[index].closed = now }
        _ = Glibc.close(client)
        return
      }
      connections.withLock {
        if $0[index].firstBytes == nil { $0[index].firstBytes = now }
        $0[index].received += buffer[0..<count]
      }
    }
  }
}
