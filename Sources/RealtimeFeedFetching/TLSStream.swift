import COpenSSL
import Glibc
import POSIXSupport
import SystemPackage

/// TLS over a connected TCP socket, through OpenSSL: TLS 1.2 or later, the server's chain verified
/// against a ``TLSTrust``, its certificate checked for the URL's host (a name, or an IP address),
/// the name sent as SNI. The socket stays the caller's to close; it is made non-blocking, so that
/// the handshake, sending and reading each wait at most until the exchange's deadline.
///
/// The corresponding C functions are OpenSSL's `SSL_CTX_new`, `SSL_CTX_set_default_verify_paths`
/// (or `SSL_CTX_load_verify_locations`), `SSL_set1_host` (or `X509_VERIFY_PARAM_set1_ip_asc`),
/// `SSL_set_tlsext_host_name`, `SSL_connect`, `SSL_write`, `SSL_read` and
/// `SSL_get_verify_result`.
final class TLSStream: HTTPByteStream {
  private let context: OpaquePointer
  private let connection: OpaquePointer
  private let socket: FileDescriptor
  private let deadline: ContinuousClock.Instant
  private let timeout: Duration

  /// Sets up TLS on `socket` and completes the handshake with `host`'s server.
  init(socket: FileDescriptor, host: String, trust: TLSTrust, deadline: ContinuousClock.Instant, timeout: Duration)
    throws(RealtimeFetchProblem)
  {
    ERR_clear_error()
    guard let context = SSL_CTX_new(TLS_client_method()) else { throw .tlsFailed(reason: Self.queuedError()) }
    guard let connection = Self.connection(in: context, host: host, trust: trust, socket: socket) else {
      let reason = Self.queuedError()
      SSL_CTX_free(context)
      throw .tlsFailed(reason: reason)
    }
    self.context = context
    self.connection = connection
    self.socket = socket
    self.deadline = deadline
    self.timeout = timeout
    do { try socket.setNonBlocking(true) } catch { throw .io(error) }
    try handshake(host: host)
  }

  deinit {
    SSL_free(connection)
    SSL_CTX_free(context)
  }

  /// A client connection on `socket` configured to verify `host`'s certificate against `trust`;
  /// `nil` when OpenSSL refuses a step (its error queue says why).
  private static func connection(in context: OpaquePointer, host: String, trust: TLSTrust, socket: FileDescriptor)
    -> OpaquePointer?
  {
    guard beacon_ssl_ctx_require_tls12(context) == 1 else { return nil }
    let trusted =
      switch trust {
      case .systemStore: SSL_CTX_set_default_verify_paths(context)
      case .certificateAuthorities(let file): SSL_CTX_load_verify_locations(context, file, nil)
      }
    guard trusted == 1 else { return nil }
    SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
    beacon_ssl_ctx_accept_eof_without_close_notify(context)
    guard let connection = SSL_new(context) else { return nil }
    let parameters = SSL_get0_param(connection)
    X509_VERIFY_PARAM_set_hostflags(parameters, UInt32(X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS))
    // An IP address is checked against the certificate's IP addresses, and sent as no SNI
    // (RFC 6066); a name against its DNS names, and sent.
    let named =
      X509_VERIFY_PARAM_set1_ip_asc(parameters, host) == 1
      || (SSL_set1_host(connection, host) == 1 && beacon_ssl_set_server_name(connection, host) == 1)
    guard named, SSL_set_fd(connection, socket.rawValue) == 1 else {
      SSL_free(connection)
      return nil
    }
    return connection
  }

  private func handshake(host: String) throws(RealtimeFetchProblem) {
    while true {
      ERR_clear_error()
      let result = SSL_connect(connection)
      if result == 1 { return }
      let error = SSL_get_error(connection, result)
      if try waited(for: error) { continue }
      let verification = SSL_get_verify_result(connection)
      if verification != Int(X509_V_OK) {
        throw .certificateRejected(
          host: host, reason: String(cString: X509_verify_cert_error_string(verification)),
          kind: Self.rejection(verification))
      }
      throw failure(error, during: "the handshake")
    }
  }

  func send(_ bytes: [UInt8]) throws(RealtimeFetchProblem) {
    var sent = 0
    while sent < bytes.count {
      ERR_clear_error()
      let result = bytes.withUnsafeBytes { raw in
        SSL_write(connection, raw.baseAddress.map { $0 + sent }, Int32(clamping: raw.count - sent))
      }
      if result > 0 {
        sent += Int(result)
        continue
      }
      let error = SSL_get_error(connection, result)
      guard try waited(for: error) else { throw failure(error, during: "sending") }
    }
  }

  func receive(into buffer: inout [UInt8]) throws(RealtimeFetchProblem) -> Int {
    while true {
      ERR_clear_error()
      let result = buffer.withUnsafeMutableBytes { raw in
        SSL_read(connection, raw.baseAddress, Int32(clamping: raw.count))
      }
      if result > 0 { return Int(result) }
      let error = SSL_get_error(connection, result)
      // The server's close_notify, or its close without one (see the shim): the end.
      if error == SSL_ERROR_ZERO_RETURN { return 0 }
      guard try waited(for: error) else { throw failure(error, during: "reading") }
    }
  }

  /// Waits, when OpenSSL wants the socket readable or writable, until it is; false for any other
  /// error, which no waiting mends.
  private func waited(for error: Int32) throws(RealtimeFetchProblem) -> Bool {
    let ready: Bool
    do {
      switch error {
      case SSL_ERROR_WANT_READ: ready = try socket.waitUntilReadable(until: deadline)
      case SSL_ERROR_WANT_WRITE: ready = try socket.waitUntilWritable(until: deadline)
      default: return false
      }
    } catch {
      throw .io(error)
    }
    guard ready else { throw .timedOut(timeout) }
    return true
  }

  /// The problem an OpenSSL error is: the system call's errno, or OpenSSL's own reason.
  private func failure(_ error: Int32, during step: String) -> RealtimeFetchProblem {
    let systemError = Glibc.errno
    let queued = ERR_peek_error()
    if error == SSL_ERROR_SYSCALL, queued == 0 {
      if systemError != 0 { return .io(Errno(rawValue: systemError)) }
      return .tlsFailed(reason: "the server closed the connection during \(step)")
    }
    return .tlsFailed(reason: Self.queuedError())
  }

  /// The oldest error on OpenSSL's queue, as its reason's text (the queue is then emptied).
  private static func queuedError() -> String {
    let code = ERR_get_error()
    ERR_clear_error()
    guard code != 0 else { return "OpenSSL gave no reason" }
    if let reason = ERR_reason_error_string(code) { return String(cString: reason) }
    var text = [CChar](repeating: 0, count: 256)
    ERR_error_string_n(code, &text, text.count)
    return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  private static func rejection(_ verification: Int) -> CertificateRejection {
    switch Int32(truncatingIfNeeded: verification) {
    case X509_V_ERR_HOSTNAME_MISMATCH, X509_V_ERR_IP_ADDRESS_MISMATCH: .wrongName
    case X509_V_ERR_CERT_HAS_EXPIRED, X509_V_ERR_CERT_NOT_YET_VALID: .outOfDate
    default: .notTrusted
    }
  }
}
