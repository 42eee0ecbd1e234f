import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A TCP listener on loopback that accepts connections and never answers: a controller that
/// has stopped responding.
final class SilentListener {
  private let descriptor: Int32
  let port: UInt16
  private var thread = Thread {}

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
    let listening = descriptor
    thread = Thread {
      // Accept and hold connections, reading nothing, until the listener is closed.
      while true {
        let client = accept(listening, nil, nil)
        if client < 0 { return }
      }
    }
    thread.start()
  }

  func close() {
    shutdown(descriptor, Int32(SHUT_RDWR))
    _ = Glibc.close(descriptor)
  }
}
