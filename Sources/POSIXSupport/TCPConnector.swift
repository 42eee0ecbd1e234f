import Glibc
import SystemPackage

/// Why a TCP connection could not be made. Each client wraps it in its own error, whose text
/// says what to start or check (an H4 bridge, gpsd).
public enum TCPConnectFailure: Error, Hashable, Sendable {
  /// The name does not resolve; the resolver's text (`gai_strerror`).
  case unresolvable(String)
  /// Every address refused the connection (`ECONNREFUSED`): nothing listens there.
  case refused
  /// No address answered within the time allowed.
  case timedOut(Duration)
  /// Another failure of a system call: which one, and its `errno`.
  case systemError(operation: String, errno: Errno)
}

/// Opens TCP connections: the one place that resolves a host and connects with a deadline.
package enum TCPConnector {
  /// `HOST:PORT` as messages show it, an IPv6 address in brackets.
  package static func displayAddress(host: String, port: UInt16) -> String {
    host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
  }

  /// Resolves `host` (an IPv4 or IPv6 address, or a name) and connects to the first of its
  /// addresses that accepts, trying them in the resolver's order; the descriptor is blocking,
  /// close-on-exec, with Nagle's algorithm off.
  ///
  /// The corresponding C functions are `getaddrinfo`, `socket`, `connect`, `poll`,
  /// `getsockopt(SO_ERROR)` and `setsockopt(TCP_NODELAY)`.
  package static func connect(host: String, port: UInt16, timeout: Duration) throws(TCPConnectFailure)
    -> FileDescriptor
  {
    let addresses = try resolve(host: host, port: port)
    defer { freeaddrinfo(addresses) }
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    var lastFailure: TCPConnectFailure = .refused
    var entry: UnsafeMutablePointer<addrinfo>? = addresses
    while let address = entry?.pointee {
      entry = address.ai_next
      guard clock.now < deadline else {
        lastFailure = .timedOut(timeout)
        break
      }
      switch attempt(address, until: deadline) {
      case .success(let file):
        return file
      case .failure(let errno) where errno == .connectionRefused:
        lastFailure = .refused
      case .failure(let errno) where errno == .timedOut:
        lastFailure = .timedOut(timeout)
      case .failure(let errno):
        lastFailure = .systemError(operation: "connect", errno: errno)
      }
    }
    throw lastFailure
  }

  /// The addresses of `host`, for the caller to release with `freeaddrinfo`.
  private static func resolve(host: String, port: UInt16) throws(TCPConnectFailure) -> UnsafeMutablePointer<addrinfo> {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    hints.ai_flags = AI_NUMERICSERV
    var result: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, String(port), &hints, &result)
    guard status == 0, let result else {
      let message = status == 0 ? "no address" : String(cString: gai_strerror(status))
      throw .unresolvable(message)
    }
    return result
  }

  /// One non-blocking connection attempt, waited for until `deadline`; the socket is left
  /// blocking, with Nagle's algorithm off so that each command leaves at once.
  private static func attempt(
    _ address: addrinfo, until deadline: ContinuousClock.Instant
  ) -> Result<FileDescriptor, Errno> {
    let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
    let descriptor: Int32
    do throws(Errno) {
      descriptor = try valueOrErrno(socket(address.ai_family, type, address.ai_protocol))
    } catch {
      return .failure(error)
    }
    let file = FileDescriptor(rawValue: descriptor)
    do throws(Errno) {
      if try !file.startConnecting(to: address.ai_addr, length: address.ai_addrlen) {
        try waitForConnection(file, until: deadline)
      }
      try file.setNonBlocking(false)
      var one: Int32 = 1
      _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
      return .success(file)
    } catch {
      file.closeIgnoringErrors()
      return .failure(error)
    }
  }

  /// Waits until a connecting socket is connected or has failed, and throws its failure.
  private static func waitForConnection(_ file: FileDescriptor, until deadline: ContinuousClock.Instant) throws(Errno) {
    guard try file.waitUntilWritable(until: deadline) else { throw .timedOut }
    var pending: Int32 = 0
    var length = socklen_t(MemoryLayout<Int32>.size)
    _ = try valueOrErrno(getsockopt(file.rawValue, SOL_SOCKET, SO_ERROR, &pending, &length))
    if pending != 0 { throw Errno(rawValue: pending) }
  }
}
