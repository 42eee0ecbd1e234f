import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A real gpsd fed by `gpsfake` (Debian's `gpsd` and `gpsd-clients`) from an NMEA log, on a free
/// loopback port (never gpsd's own 2947), in a process group of its own so that gpsfake and the
/// gpsd it starts end together.
///
/// gpsfake waits for its first client before it feeds the log, and gpsd drops sentences while it
/// syncs to the pty: the fixtures begin with a lead-in without a fix.
package final class GPSFake {
  package let port: UInt16
  private let process: ChildProcess

  /// Whether gpsfake and gpsd are installed (`tools/test` installs them).
  package static var isAvailable: Bool {
    TestPaths.executable("gpsfake") != nil && TestPaths.executable("gpsd") != nil
      && TestPaths.executable("setsid") != nil
  }

  /// Starts gpsfake on `log`, one sentence every `cycle` seconds, once through.
  package init(log: String, cycle: Double = 0.01, port: UInt16? = nil) throws {
    let chosen = try port ?? Self.freePort()
    self.port = chosen
    guard let setsid = TestPaths.executable("setsid"), let gpsfake = TestPaths.executable("gpsfake") else {
      throw POSIXError(.ENOENT)
    }
    process = try ChildProcess(
      executable: setsid,
      arguments: [gpsfake, "-1", "-q", "-c", String(cycle), "-P", String(chosen), log])
  }

  /// What gpsfake and gpsd wrote to standard error.
  package var stderr: String { process.stderr }

  /// Kills gpsfake and its gpsd (the whole process group).
  package func stop() {
    guard process.isRunning else { return }
    kill(-process.pid, SIGKILL)
    _ = process.wait(seconds: 5)
  }

  deinit { stop() }

  /// A TCP port on 127.0.0.1 that nothing listens on now (bound to port 0, then released).
  package static func freePort() throws -> UInt16 {
    let (socket, port) = try bindLoopback()
    close(socket)
    return port
  }

  /// A TCP socket bound to a port of 127.0.0.1 the kernel chose, and that port.
  package static func bindLoopback() throws -> (socket: Int32, port: UInt16) {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
        bind(socket, generic, length) == 0 && getsockname(socket, generic, &length) == 0
      }
    }
    guard bound else {
      let failure = POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
      close(socket)
      throw failure
    }
    return (socket, UInt16(bigEndian: address.sin_port))
  }
}
