import Glibc
import POSIXSupport
import SystemPackage

/// Where `--report` writes its page: checked before the run (a bad path fails at once, not
/// after a two-hour ride) and written at the end through a temporary file beside it, renamed
/// over the path, so a failed write never leaves half a page or loses the previous one.
struct ReportFile {
  /// Why the page cannot be written, with what to do about it.
  struct Problem: Error, CustomStringConvertible {
    enum Reason {
      /// The path is a directory.
      case isDirectory
      /// The folder it would go in is missing or not writable.
      case folder(String, Errno)
      /// Writing or renaming failed.
      case write(Errno)
    }

    let path: String
    let reason: Reason

    var description: String {
      switch reason {
      case .isDirectory:
        return "--report \(path) is a directory: give a file name, e.g. --report \(path)/ride.html."
      case .folder(let folder, let errno):
        return "cannot write the report to \(path): \(folder): \(errno.description); "
          + "choose a folder you can write to, e.g. --report ~/ride.html."
      case .write(let errno):
        return "cannot write the report to \(path): \(errno.description)."
      }
    }
  }

  let path: String

  /// The folder the page goes in.
  var folder: String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// Fails when the page could not be written there: a directory, or a folder missing or
  /// read-only.
  func check() throws(Problem) {
    var status = Glibc.stat()
    if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { throw Problem(path: path, reason: .isDirectory) }
    if access(folder, W_OK | X_OK) != 0 { throw Problem(path: path, reason: .folder(folder, Errno(rawValue: errno))) }
  }

  /// Writes `text` to the path, replacing what was there only once all of it is written.
  func write(_ text: String) throws(Problem) {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    let temporary = (folder == "/" ? "" : folder) + "/.\(name).\(getpid()).partial"
    do throws(Errno) {
      let file = try FileDescriptor.createForWriting(temporary)
      defer { file.closeIgnoringErrors() }
      try file.writeAll(Array(text.utf8))
      guard rename(temporary, path) == 0 else { throw Errno(rawValue: errno) }
    } catch {
      unlink(temporary)
      throw Problem(path: path, reason: .write(error))
    }
  }
}
