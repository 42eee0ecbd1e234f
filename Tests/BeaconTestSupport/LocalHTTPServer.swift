import Foundation
import POSIXSupport

/// An HTTP server on a free loopback port serving the files of a directory: Python's
/// `http.server` (it answers `If-Modified-Since` with 304), for the tests of `http://` sources;
/// with an identity, over TLS (Python's `ssl`), for those of `https://` sources.
package final class LocalHTTPServer {
  package let port: UInt16
  package let directory: TemporaryDirectory
  private let process: ChildProcess
  private let scheme: String

  /// Whether python3 is on this machine; the tests that need the server are skipped without it.
  package static var isAvailable: Bool { TestPaths.executable("python3") != nil }

  /// `http.server`'s handler behind a TLS listening socket: each connection's handshake is made as
  /// it is accepted, and one that fails (a client refusing the certificate) is dropped.
  private static let tlsServer = """
    import functools, http.server, ssl, sys
    port, directory, certificate, key = sys.argv[1:5]
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=directory)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", int(port)), handler)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(certificate, key)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    server.serve_forever()
    """

  /// Serves plain HTTP, or with `identity` HTTPS with that certificate.
  package init(identity: TestCertificateAuthority.ServerIdentity? = nil) throws {
    let python = try TestPaths.executable("python3") ?? { throw POSIXError(.ENOENT) }()
    directory = try TemporaryDirectory()
    port = try LoopbackPort.free()
    if let identity {
      scheme = "https"
      process = try ChildProcess(
        executable: python,
        arguments: ["-c", Self.tlsServer, String(port), directory.url.path, identity.certificate, identity.key])
    } else {
      scheme = "http"
      process = try ChildProcess(
        executable: python,
        arguments: ["-m", "http.server", String(port), "--bind", "127.0.0.1", "--directory", directory.url.path])
    }
    if LoopbackPort.waitUntilAccepting(port, startedBy: process, seconds: 10) { return }
    process.stop()
    throw POSIXError(.ECONNREFUSED)
  }

  deinit {
    process.stop()
    directory.remove()
  }

  /// The URL of `name` in the served directory, with `host` for the loopback address.
  package func url(_ name: String, host: String = "127.0.0.1") -> String { "\(scheme)://\(host):\(port)/\(name)" }

  /// Writes `bytes` as `name` in the served directory.
  package func serve(_ bytes: [UInt8], as name: String) throws {
    try Data(bytes).write(to: directory.url.appendingPathComponent(name))
  }

  /// The requests the server logged (one line each, on its standard error).
  package var log: String { process.stderr }
}
