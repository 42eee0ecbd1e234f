import BluetoothTypes
import HCICodec
import HCITransportCore
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A C `errno` value, thrown by the wrappers below.
struct Errno: Error, Hashable, Sendable {
  var rawValue: Int32

  static var current: Errno { Errno(rawValue: errno) }

  static let interrupted = Errno(rawValue: EINTR)
  static let noSuchFile = Errno(rawValue: ENOENT)
  static let permissionDenied = Errno(rawValue: EACCES)
  static let notPermitted = Errno(rawValue: EPERM)
  static let isADirectory = Errno(rawValue: EISDIR)
  static let badDescriptor = Errno(rawValue: EBADF)
  static let wouldBlock = Errno(rawValue: EAGAIN)
  static let inProgress = Errno(rawValue: EINPROGRESS)
  static let connectionRefused = Errno(rawValue: ECONNREFUSED)
  static let connectionReset = Errno(rawValue: ECONNRESET)
  static let brokenPipe = Errno(rawValue: EPIPE)
  static let ioError = Errno(rawValue: EIO)
  static let timedOut = Errno(rawValue: ETIMEDOUT)
  static let busy = Errno(rawValue: EBUSY)
  static let notATerminal = Errno(rawValue: ENOTTY)
  static let invalidArgument = Errno(rawValue: EINVAL)

  /// The symbolic name of the common ones (`ECONNREFUSED`), else `errno N`.
  var name: String {
    let names: [Int32: String] = [
      EINTR: "EINTR", ENOENT: "ENOENT", EACCES: "EACCES", EPERM: "EPERM", EISDIR: "EISDIR",
      EBADF: "EBADF", EAGAIN: "EAGAIN", EINPROGRESS: "EINPROGRESS", ECONNREFUSED: "ECONNREFUSED",
      ECONNRESET: "ECONNRESET", EPIPE: "EPIPE", EIO: "EIO", ETIMEDOUT: "ETIMEDOUT", EBUSY: "EBUSY",
      ENOTTY: "ENOTTY", EINVAL: "EINVAL", ENETUNREACH: "ENETUNREACH", EHOSTUNREACH: "EHOSTUNREACH",
      ENXIO: "ENXIO", ENODEV: "ENODEV",
    ]
    return names[rawValue] ?? "errno \(rawValue)"
  }

  /// The C library's text for the error, e.g. "No space left on device".
  var message: String { String(cString: strerror(rawValue)) }
}

/// An open file descriptor, with the few syscalls capture files need. Every call retries on
/// `EINTR`. The owner closes it.
struct POSIXFile {
  let descriptor: Int32

  /// Opens a file for reading; fails with `EISDIR` for a directory, which `open` alone allows.
  /// The corresponding C functions are `open` and `fstat`.
  static func openForReading(_ path: String) throws(Errno) -> POSIXFile {
    let file = POSIXFile(descriptor: try retryingOnInterrupt { open(path, O_RDONLY | O_CLOEXEC) })
    var status = stat()
    if fstat(file.descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR {
      file.close()
      throw .isADirectory
    }
    return file
  }

  /// Creates or truncates a file for writing, mode 0644. The corresponding C function is `open`.
  static func createForWriting(_ path: String) throws(Errno) -> POSIXFile {
    POSIXFile(
      descriptor: try retryingOnInterrupt { open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) })
  }

  /// Reads up to `buffer.count` bytes; returns how many, 0 at end of file.
  /// The corresponding C function is `read`.
  func read(into buffer: inout [UInt8]) throws(Errno) -> Int {
    let capacity = buffer.count
    // `withUnsafeMutableBytes` rethrows untyped errors, so the result travels out as a `Result`.
    let result = buffer.withUnsafeMutableBytes { raw in
      Result { () throws(Errno) -> Int in
        try retryingOnInterrupt { systemRead(descriptor, raw.baseAddress, capacity) }
      }
    }
    return try result.get()
  }

  /// Writes all of `bytes`, looping over partial writes. The corresponding C function is `write`.
  func writeAll(_ bytes: [UInt8]) throws(Errno) {
    let result = bytes.withUnsafeBytes { raw in
      Result { () throws(Errno) in
        var written = 0
        while written < raw.count {
          written += try retryingOnInterrupt {
            systemWrite(descriptor, raw.baseAddress.map { $0 + written }, raw.count - written)
          }
        }
      }
    }
    try result.get()
  }

  /// The corresponding C function is `close`; its errors are ignored, as the descriptor is
  /// released either way on Linux.
  func close() {
    _ = systemClose(descriptor)
  }
}

/// Calls `body` until it does not fail with `EINTR`; a negative result throws `errno`.
func retryingOnInterrupt<Result: BinaryInteger>(_ body: () -> Result) throws(Errno) -> Result {
  while true {
    let result = body()
    if result >= 0 { return result }
    let error = Errno.current
    if error != .interrupted { throw error }
  }
}

// The C functions under other names, as `POSIXFile`'s methods shadow them.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}

private func systemClose(_ descriptor: Int32) -> Int32 {
  close(descriptor)
}
