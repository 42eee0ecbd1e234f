import BluetoothTypes
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The far end of a byte stream in a test: the controller side of a pty, a socket pair or a
/// TCP connection. It reads and writes raw bytes with plain syscalls, so what it sees is
/// exactly what went over the wire.
final class StreamPeer {
  private(set) var descriptor: Int32

  init(descriptor: Int32) { self.descriptor = descriptor }

  deinit { close() }

  /// Writes all the bytes (`write`).
  func write(_ bytes: [UInt8]) throws {
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { throw PeerError.system("write", errno) }
      written += count
    }
  }

  /// Reads until `count` bytes have arrived or `timeout` passes (`poll`, `read`).
  func read(count: Int, timeout: Duration = .seconds(2)) throws -> [UInt8] {
    var bytes: [UInt8] = []
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while bytes.count < count, ContinuousClock.now < deadline {
      var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&entry, 1, 50) > 0 else { continue }
      var buffer = [UInt8](repeating: 0, count: count - bytes.count)
      let got = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      guard got > 0 else { throw PeerError.system("read", got == 0 ? 0 : errno) }
      bytes += buffer[..<got]
    }
    return bytes
  }

  func close() {
    guard descriptor >= 0 else { return }
    _ = Glibc.close(descriptor)
    descriptor = -1
  }

  enum PeerError: Error { case system(String, Int32) }

  /// A pty pair: the peer holds the master side; returns the slave side's path.
  ///
  /// What `posix_openpt`, `unlockpt` and `ptsname` do (Glibc's Swift module does not export
  /// them): `open("/dev/ptmx")`, `ioctl(TIOCSPTLCK)` to unlock, `ioctl(TIOCGPTN)` for the
  /// number. `grantpt` has nothing to do on Linux's devpts.
  static func pseudoTerminal() throws -> (peer: StreamPeer, path: String) {
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard master >= 0 else { throw PeerError.system("open /dev/ptmx", errno) }
    let peer = StreamPeer(descriptor: master)
    var unlock: Int32 = 0
    var number: UInt32 = 0
    // _IOW('T', 0x31, int) and _IOR('T', 0x30, unsigned int): function-like macros Swift does not import.
    let setLock: UInt = 0x4004_5431
    let getNumber: UInt = 0x8004_5430
    guard ioctl(master, setLock, &unlock) == 0, ioctl(master, getNumber, &number) == 0 else {
      throw PeerError.system("ioctl", errno)
    }
    return (peer, "/dev/pts/\(number)")
  }

  /// A connected pair of stream sockets (`socketpair(AF_UNIX, SOCK_STREAM)`).
  static func socketPair() throws -> (peer: StreamPeer, other: Int32) {
    var descriptors: [Int32] = [-1, -1]
    let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    guard socketpair(AF_UNIX, type, 0, &descriptors) == 0 else { throw PeerError.system("socketpair", errno) }
    return (StreamPeer(descriptor: descriptors[0]), descriptors[1])
  }
}

/// A TCP listener on 127.0.0.1 at a port the kernel picks (`socket`, `bind`, `listen`,
/// `getsockname`, `accept`).
final class LoopbackListener {
  let descriptor: Int32
  let port: UInt16

  init() throws {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    self.descriptor = descriptor
    guard descriptor >= 0 else { throw StreamPeer.PeerError.system("socket", errno) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(descriptor, pointer, length) == 0 && listen(descriptor, 4) == 0
          && getsockname(descriptor, pointer, &length) == 0
      }
    }
    guard bound else {
      _ = Glibc.close(descriptor)
      throw StreamPeer.PeerError.system("bind/listen", errno)
    }
    port = UInt16(bigEndian: address.sin_port)
  }

  deinit { _ = Glibc.close(descriptor) }

  /// Accepts the one connection the test makes.
  func accept() throws -> StreamPeer {
    let connection = Glibc.accept(descriptor, nil, nil)
    guard connection >= 0 else { throw StreamPeer.PeerError.system("accept", errno) }
    return StreamPeer(descriptor: connection)
  }
}

/// A free loopback port: bound once, then released, so that nothing listens on it.
func unusedLoopbackPort() throws -> UInt16 {
  let listener = try LoopbackListener()
  return listener.port
}
