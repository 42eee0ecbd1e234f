import SystemPackage

/// Why the program will not or could not write a file it was given (``OutputFile``); its
/// description starts with the path and says what to do, so that a command can put the option
/// before it: `--record /tmp/x is a symbolic link; give …`.
public struct OutputFileProblem: Error, Hashable, Sendable, CustomStringConvertible {
  public enum Reason: Hashable, Sendable {
    /// The path is empty or ends in `/`: it names no file.
    case noFileName
    /// The path names something other than a regular file, which is left alone.
    case notARegularFile(FileKind)
    /// The path is on a kernel pseudo filesystem (named as `mount` shows it: `proc`, `sysfs`).
    case pseudoFilesystem(String)
    /// The folder the file would go in is missing, not a folder, or not writable.
    case folder(String, Errno)
    /// A system call failed while the file was opened, written or renamed into place.
    case failed(operation: String, Errno)
  }

  /// The file, as the user named it.
  public var path: String
  public var reason: Reason

  public init(path: String, reason: Reason) {
    self.path = path
    self.reason = reason
  }

  /// Whether the path itself is wrong (a usage error, refused before the run) rather than the
  /// writing having failed.
  public var isRefusal: Bool {
    if case .failed = reason { return false }
    return true
  }

  public var description: String {
    switch reason {
    case .noFileName:
      return "'\(path)' names no file; give the path of a regular file or a new name"
    case .notARegularFile(let kind):
      return "\(path) is \(kind); give the path of a regular file or a new name"
    case .pseudoFilesystem(let name):
      return "\(path) is on \(name), a kernel pseudo filesystem; give a path on a real filesystem, e.g. in ~"
    case .folder(let folder, let errno):
      return "\(path): cannot write in \(folder): \(errno.description); choose a folder you can write to"
    case .failed(let operation, let errno):
      return "\(path): \(operation) failed: \(errno.description)"
    }
  }
}
