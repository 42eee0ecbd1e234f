import Glibc
import SystemPackage

// Opening files and asking their type, beyond swift-system's `FileDescriptor`: for the capture
// reader and the H4 stream transports.

extension FileDescriptor {
  /// Opens a file for reading; fails with `EISDIR` for a directory, which `open` alone allows.
  /// The corresponding C functions are `open` and `fstat`.
  package static func openForReading(_ path: String) throws(Errno) -> FileDescriptor {
    let file = try systemCall { try FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec]) }
    if file.fileType == S_IFDIR {
      file.closeIgnoringErrors()
      throw .isDirectory
    }
    return file
  }

  /// The file's type bits (`S_IFDIR`, `S_IFSOCK`, …), 0 when `fstat` fails.
  /// The corresponding C function is `fstat`.
  package var fileType: mode_t {
    var status = Glibc.stat()
    return Glibc.fstat(rawValue, &status) == 0 ? status.st_mode & S_IFMT : 0
  }

  /// Whether the descriptor is a socket.
  package var isSocket: Bool { fileType == S_IFSOCK }
}

extension Errno {
  /// The C library's message, such as "Address family not supported by protocol".
  ///
  /// The corresponding C function is `strerror`.
  public var message: String {
    guard let message = strerror(rawValue) else { return "unknown error \(rawValue)" }
    return String(cString: message)
  }
}

/// Why a small input file (a catalog, a policy, credentials) cannot be read.
public enum SmallFileProblem: Error, Hashable, Sendable, CustomStringConvertible {
  /// `open`, `fstat` or `read` failed.
  case failed(Errno)
  /// The path names something that is not a regular file: a FIFO would block, a device
  /// (`/dev/zero`) would never end.
  case notARegularFile(FileKind)
  /// The file is larger than the reader takes.
  case tooLarge(bytes: Int64, limit: Int)

  public var description: String {
    switch self {
    case .failed(let errno): return errno.message
    case .notARegularFile(let kind): return "it is \(kind), not a regular file"
    case .tooLarge(let bytes, let limit): return "it holds \(bytes) bytes, more than the \(limit) read"
    }
  }
}

extension FileDescriptor {
  /// The whole content of the regular file at `path` (a link is followed), at most `limit`
  /// bytes. Opened without blocking and checked with `fstat` before a byte is read, so that a
  /// FIFO, a device or a growing file given as a small input never hangs or exhausts memory.
  /// The corresponding C functions are `open`, `fstat` and `read`.
  package static func readSmallFile(_ path: String, limit: Int = 16 << 20) throws(SmallFileProblem) -> [UInt8] {
    let file: FileDescriptor
    do {
      file = try systemCall {
        try FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec, .nonBlocking])
      }
    } catch {
      throw .failed(error)
    }
    defer { file.closeIgnoringErrors() }
    var status = Glibc.stat()
    guard Glibc.fstat(file.rawValue, &status) == 0 else { throw .failed(Errno(rawValue: errno)) }
    let kind = FileKind(mode: status.st_mode)
    // A directory is said as `read` says it ("Is a directory").
    if kind == .directory { throw .failed(.isDirectory) }
    guard kind == .regularFile else { throw .notARegularFile(kind) }
    guard status.st_size <= limit else { throw .tooLarge(bytes: Int64(status.st_size), limit: limit) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let count: Int
      do {
        count = try systemCall { try chunk.withUnsafeMutableBytes { try file.read(into: $0) } }
      } catch {
        throw .failed(error)
      }
      if count == 0 { return bytes }
      guard bytes.count + count <= limit else { throw .tooLarge(bytes: Int64(bytes.count + count), limit: limit) }
      bytes.append(contentsOf: chunk[..<count])
    }
  }
}
