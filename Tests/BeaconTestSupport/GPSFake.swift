import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A real gpsd fed by `gpsfake` (Debian's `gpsd` and `gpsd-clients`) from an NMEA log, on a free
/// loopback port (never gpsd's own 2947), in a process group of its own so that gpsfake and the
/// gpsd it starts end together.
///
/// gpsd (without `-n`) opens gpsfake's pty only when a client watches, and drops sentences while
/// it syncs to it: the fixtures begin with a lead-in without a fix, and `init` returns once gpsd
/// listens, so that the test's client is not refused and left to back off while the log runs on.
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
    let chosen = try port ?? LoopbackPort.free()
    self.port = chosen
    guard let setsid = TestPaths.executable("setsid"), let gpsfake = TestPaths.executable("gpsfake") else {
      throw POSIXError(.ENOENT)
    }
    process = try ChildProcess(
      executable: setsid,
      arguments: [gpsfake, "-1", "-q", "-c", String(cycle), "-P", String(chosen), log])
    guard LoopbackPort.waitUntilAccepting(chosen, startedBy: process, seconds: 30) else {
      stop()
      throw GPSFakeDidNotStart(port: chosen, log: process.stderr)
    }
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
}

/// gpsfake's gpsd did not accept connections on its port; what gpsfake and gpsd wrote says why.
package struct GPSFakeDidNotStart: Error, CustomStringConvertible {
  package var port: UInt16
  package var log: String
  package var description: String { "gpsfake's gpsd did not listen on 127.0.0.1:\(port): \(log)" }
}
