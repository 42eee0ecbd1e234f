import Foundation

/// A throwaway certificate authority made with the `openssl` command, and the server certificates
/// it signs, for the tests of `https://` sources.
package final class TestCertificateAuthority {
  /// A server's certificate and its key, PEM files.
  package struct ServerIdentity {
    package var certificate: String
    package var key: String
  }

  /// Why `openssl` made no certificate: its arguments and what it printed.
  package struct Failure: Error, CustomStringConvertible {
    package var arguments: [String]
    package var stderr: String
    package var description: String { "openssl \(arguments.joined(separator: " ")): \(stderr)" }
  }

  package let directory: TemporaryDirectory
  private let openssl: String

  /// Whether the `openssl` command is on this machine; the tests that need it are skipped without it.
  package static var isAvailable: Bool { TestPaths.executable("openssl") != nil }

  /// The authority's certificate (PEM): what a client told to trust it reads.
  package var certificateFile: String { directory.path("ca.pem") }

  package init() throws {
    openssl = try TestPaths.executable("openssl") ?? { throw POSIXError(.ENOENT) }()
    directory = try TemporaryDirectory()
    try run([
      "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
      "-keyout", directory.path("ca.key"), "-out", certificateFile, "-days", "2",
      "-subj", "/CN=beacon-toolkit test CA", "-addext", "basicConstraints=critical,CA:TRUE",
      "-addext", "keyUsage=critical,keyCertSign,cRLSign",
    ])
  }

  deinit { directory.remove() }

  /// A key and a certificate signed by this authority for `names`, subjectAltName entries such as
  /// `DNS:localhost` or `IP:127.0.0.1`.
  package func serverIdentity(for names: [String]) throws -> ServerIdentity {
    let stem = "server-\(UUID().uuidString)"
    let identity = ServerIdentity(certificate: directory.path("\(stem).pem"), key: directory.path("\(stem).key"))
    try run([
      "req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
      "-keyout", identity.key, "-out", directory.path("\(stem).csr"), "-subj", "/CN=beacon-toolkit test server",
    ])
    let extensions = try directory.write(
      Array(
        "subjectAltName=\(names.joined(separator: ","))\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n"
          .utf8),
      to: "\(stem).ext")
    try run([
      "x509", "-req", "-in", directory.path("\(stem).csr"), "-CA", certificateFile, "-CAkey", directory.path("ca.key"),
      "-CAcreateserial", "-days", "2", "-extfile", extensions, "-out", identity.certificate,
    ])
    return identity
  }

  private func run(_ arguments: [String]) throws {
    let result = try ChildProcess(executable: openssl, arguments: arguments).finish()
    guard result.status == 0 else { throw Failure(arguments: arguments, stderr: result.stderr) }
  }
}
