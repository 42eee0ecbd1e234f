import Glibc
import SystemPackage

/// A file the program writes at a path the user gave (`--report`, `--record`): only a regular
/// file, or a new name in a writable folder on a real filesystem. A device, FIFO, socket,
/// directory or symbolic link there is refused and left as it was, and so is a path on a kernel
/// pseudo filesystem (`/proc`, `/sys`).
///
/// ``check()`` says so before a run, without opening anything; ``replace(with:)`` and
/// ``open()`` check again when they write, and never follow a link or write to anything but a
/// regular file, whatever was put at the path in between.
public struct OutputFile: Hashable, Sendable {
  /// The path, as the user gave it.
  public let path: String

  public init(path: String) {
    self.path = path
  }

  /// The folder the file is in: what comes before the last `/`, or `.`.
  public var folder: String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// Fails unless the path names a regular file or nothing yet, in a folder this process can
  /// write to, on a real filesystem; an empty path or one ending in `/` names no file. Opens and
  /// changes nothing.
  /// The corresponding C functions are `lstat`, `statfs` and `access`.
  public func check() throws(OutputFileProblem) {
    guard !path.isEmpty, !path.hasSuffix("/") else { throw problem(.noFileName) }
    let exists: Bool
    switch Self.kind(at: path) {
    case .success(.regularFile): exists = true
    case .success(let kind): throw problem(.notARegularFile(kind))
    case .failure(.noSuchFileOrDirectory): exists = false
    case .failure(let error): throw problem(.folder(folder, error))
    }
    // A missing or unreachable folder is said as such below, not as a pseudo filesystem.
    if let name = PseudoFilesystem.name(holding: exists ? path : folder) { throw problem(.pseudoFilesystem(name)) }
    guard access(folder, W_OK | X_OK) == 0 else { throw problem(.folder(folder, Errno(rawValue: errno))) }
  }

  /// Writes `bytes` as the file's whole content: to a new temporary file beside it, then renamed
  /// over the path, so that a failed write never leaves half a file or loses the previous one.
  ///
  /// The path is checked again first and just before the rename: what is not a regular file
  /// is never replaced. (`rename` replaces a name, never follows a link.)
  /// The corresponding C functions are `open` (`O_EXCL`), `write` and `rename`.
  public func replace(with bytes: [UInt8]) throws(OutputFileProblem) {
    try check()
    let (temporary, file) = try createTemporary()
    do throws(OutputFileProblem) {
      defer { file.closeIgnoringErrors() }
      do {
        try file.writeAll(bytes)
      } catch {
        throw problem(.failed(operation: "write", error))
      }
      switch Self.kind(at: path) {
      case .success(.regularFile), .failure(.noSuchFileOrDirectory): break
      case .success(let kind): throw problem(.notARegularFile(kind))
      case .failure(let error): throw problem(.failed(operation: "lstat", error))
      }
      guard rename(temporary, path) == 0 else { throw problem(.failed(operation: "rename", Errno(rawValue: errno))) }
    } catch {
      unlink(temporary)
      throw error
    }
  }

  /// Opens the file for writing, as it is (not truncated): creates it if the name is new;
  /// otherwise opens what is there only if it is a regular file.
  ///
  /// A symbolic link is never followed (`O_NOFOLLOW`), and what was opened is confirmed to be a
  /// regular file (`fstat`) on a real filesystem (`fstatfs`) before it is written; opening never
  /// blocks on a FIFO or takes a terminal.
  /// The corresponding C functions are `open`, `fstat` and `fstatfs`.
  public func open() throws(OutputFileProblem) -> OpenOutputFile {
    try check()
    let flags: FileDescriptor.OpenOptions = [.noFollow, .closeOnExec]
    // A name removed between the two opens is created again, a few times at most.
    for _ in 0..<3 {
      let new = Result { () throws(Errno) in
        try systemCall {
          try FileDescriptor.open(
            FilePath(path), .writeOnly, options: flags.union([.create, .exclusiveCreate]),
            permissions: [.ownerReadWrite, .groupRead, .otherRead])
        }
      }
      switch new {
      case .success(let file): return try opened(file, created: true)
      case .failure(.fileExists): break
      case .failure(let error): throw openProblem(error)
      }
      let noTerminal = FileDescriptor.OpenOptions(rawValue: O_NOCTTY)
      let existing = Result { () throws(Errno) in
        try systemCall {
          try FileDescriptor.open(FilePath(path), .writeOnly, options: flags.union([.nonBlocking, noTerminal]))
        }
      }
      switch existing {
      case .success(let file): return try opened(file, created: false)
      case .failure(.noSuchFileOrDirectory): continue
      case .failure(let error): throw openProblem(error)
      }
    }
    throw problem(.failed(operation: "open", .noSuchFileOrDirectory))
  }

  /// `file` if it is a regular file on a real filesystem, made blocking; otherwise it is closed
  /// and refused.
  private func opened(_ file: FileDescriptor, created: Bool) throws(OutputFileProblem) -> OpenOutputFile {
    do throws(OutputFileProblem) {
      var status = Glibc.stat()
      guard fstat(file.rawValue, &status) == 0 else {
        throw problem(.failed(operation: "fstat", Errno(rawValue: errno)))
      }
      let kind = FileKind(mode: status.st_mode)
      guard kind == .regularFile else { throw problem(.notARegularFile(kind)) }
      if let name = PseudoFilesystem.name(of: file) { throw problem(.pseudoFilesystem(name)) }
      do {
        try file.setNonBlocking(false)
      } catch {
        throw problem(.failed(operation: "fcntl", error))
      }
      return OpenOutputFile(path: path, descriptor: file, created: created ? FileIdentity(status) : nil)
    } catch {
      // A file made by this open and then refused (a pseudo filesystem) is not left behind.
      if created { FileIdentity(of: file)?.removeIfStillAt(path) }
      file.closeIgnoringErrors()
      throw error
    }
  }

  /// What a failed `open` means: what is at the path when that is not a regular file (a link
  /// under `O_NOFOLLOW` fails with `ELOOP`, a FIFO without a reader or a socket with `ENXIO`, a
  /// directory with `EISDIR`), otherwise the failure.
  private func openProblem(_ error: Errno) -> OutputFileProblem {
    if case .success(let kind) = Self.kind(at: path), kind != .regularFile { return problem(.notARegularFile(kind)) }
    return problem(.failed(operation: "open", error))
  }

  /// A new, uniquely named file beside the path (`.NAME.RANDOM.partial`), created by this call
  /// (`O_EXCL`, `O_NOFOLLOW`): whatever was at such a name is neither followed nor replaced.
  private func createTemporary() throws(OutputFileProblem) -> (String, FileDescriptor) {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    var lastError = Errno.fileExists
    for _ in 0..<16 {
      let temporary =
        (folder == "/" ? "" : folder + "/") + ".\(name).\(String(UInt32.random(in: .min ... .max), radix: 16)).partial"
      do {
        let file = try systemCall {
          try FileDescriptor.open(
            FilePath(temporary), .writeOnly, options: [.create, .exclusiveCreate, .noFollow, .closeOnExec],
            permissions: [.ownerReadWrite, .groupRead, .otherRead])
        }
        return (temporary, file)
      } catch .fileExists {
        lastError = .fileExists
      } catch {
        throw problem(.failed(operation: "open", error))
      }
    }
    throw problem(.failed(operation: "open", lastError))
  }

  private func problem(_ reason: OutputFileProblem.Reason) -> OutputFileProblem {
    OutputFileProblem(path: path, reason: reason)
  }

  /// What `path` itself names (`lstat`: a link is a link), or why that cannot be known.
  private static func kind(at path: String) -> Result<FileKind, Errno> {
    var status = Glibc.stat()
    guard lstat(path, &status) == 0 else { return .failure(Errno(rawValue: errno)) }
    return .success(FileKind(mode: status.st_mode))
  }
}
