import Foundation
import POSIXSupport

/// A plain HTTP server on a free loopback port serving the files of a directory: Python's
/// `http.server` (it answers `If-Modified-Since` with 304), for the tests of `http://` sources.
package final class LocalHTTPServer {
  package let port: UInt16
  package let directory: TemporaryDirectory
  private let process: ChildProcess

  /// Whether python3 is on this machine; the tests that need the server are skipped without it.
  package static var isAvailable: Bool { TestPaths.executable("python3") != nil }

  package init() throws {
    let python = try TestPaths.executable("python3") ?? { throw POSIXError(.ENOENT) }()
    directory = try TemporaryDirectory()
    port = try GPSFake.freePort()
    process = try ChildProcess(
      executable: python,
      arguments: ["-m", "http.server", String(port), "--bind", "127.0.0.1", "--directory", directory.url.path])
    // Ready once it accepts a connection: tried every 50 ms, for up to 10 s.
    for _ in 0..<200 {
      do {
        let socket = try TCPConnector.connect(host: "127.0.0.1", port: port, timeout: .seconds(1))
        socket.closeIgnoringErrors()
        return
      } catch {
        // Not listening yet.
      }
      guard process.isRunning else { break }
      usleep(50_000)
    }
    process.stop()
    throw POSIXError(.ECONNREFUSED)
  }

  deinit {
    process.stop()
    directory.remove()
  }

  /// The URL of `name` in the served directory.
  package func url(_ name: String) -> String { "http://127.0.0.1:\(port)/\(name)" }

  /// Writes `bytes` as `name` in the served directory.
  package func serve(_ bytes: [UInt8], as name: String) throws {
    try Data(bytes).write(to: directory.url.appendingPathComponent(name))
  }

  /// The requests the server logged (one line each, on its standard error).
  package var log: String { process.stderr }
}
