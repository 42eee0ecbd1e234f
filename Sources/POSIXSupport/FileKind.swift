import Glibc

/// What a path names, from the type bits of its mode (`lstat`, `fstat`): a symbolic link is
/// itself, not what it points to.
public enum FileKind: Hashable, Sendable, CustomStringConvertible {
  case regularFile
  case directory
  case symbolicLink
  case characterDevice
  case blockDevice
  case fifo
  case socket
  /// Type bits Linux does not use.
  case other

  /// The kind of a file whose `st_mode` is `mode`.
  public init(mode: mode_t) {
    switch mode & S_IFMT {
    case S_IFREG: self = .regularFile
    case S_IFDIR: self = .directory
    case S_IFLNK: self = .symbolicLink
    case S_IFCHR: self = .characterDevice
    case S_IFBLK: self = .blockDevice
    case S_IFIFO: self = .fifo
    case S_IFSOCK: self = .socket
    default: self = .other
    }
  }

  /// As messages say it after "is": "a symbolic link".
  public var description: String {
    switch self {
    case .regularFile: "a regular file"
    case .directory: "a directory"
    case .symbolicLink: "a symbolic link"
    case .characterDevice: "a character device"
    case .blockDevice: "a block device"
    case .fifo: "a FIFO (named pipe)"
    case .socket: "a socket"
    case .other: "not a regular file"
    }
  }
}
