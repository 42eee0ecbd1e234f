import Glibc
import SystemPackage

/// An ``OutputFile`` opened for writing (``OutputFile/open()``): its descriptor, and whether
/// this open created the file, so that only a file this program made is ever removed.
public struct OpenOutputFile: Sendable {
  /// The path, as the user gave it.
  public let path: String
  /// The descriptor, writing to a regular file; the caller closes it.
  public let descriptor: FileDescriptor
  /// The file this open created; `nil` when it opened one that was there before.
  let created: FileIdentity?

  /// Whether this open created the file (the name was new).
  public var wasCreated: Bool { created != nil }

  /// Removes the file if this open created it and the path still names that very file (not
  /// one put in its place since); a file that was there before is never removed.
  public func removeIfCreated() {
    created?.removeIfStillAt(path)
  }
}

/// Which file a descriptor or path is: its device and inode.
struct FileIdentity: Hashable, Sendable {
  let device: UInt64
  let inode: UInt64

  init(_ status: Glibc.stat) {
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
  }

  /// The identity of the open `file`, `nil` when `fstat` fails.
  init?(of file: FileDescriptor) {
    var status = Glibc.stat()
    guard fstat(file.rawValue, &status) == 0 else { return nil }
    self.init(status)
  }

  /// Unlinks `path` if it names this file (`lstat`: a link put there is not this file).
  /// The corresponding C functions are `lstat` and `unlink`.
  func removeIfStillAt(_ path: String) {
    var status = Glibc.stat()
    guard lstat(path, &status) == 0, FileIdentity(status) == self else { return }
    unlink(path)
  }
}
