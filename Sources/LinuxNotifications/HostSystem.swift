import POSIXSupport
import SystemPackage

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#endif

/// What the notification channels ask of the machine they run on: environment variables, files,
/// terminals and writes to a file descriptor.
///
/// ``live`` asks the real system; tests build one from closures so that detection and delivery
/// can be checked without a desktop session, a sound server or a terminal.
public struct HostSystem: Sendable {
  /// The environment variables (`PATH`, `DBUS_SESSION_BUS_ADDRESS`, `XDG_RUNTIME_DIR`, …).
  public var variables: [String: String]
  /// Whether a regular file at the path may be executed by this process.
  public var isExecutableFile: @Sendable (String) -> Bool
  /// Whether anything (file, socket, directory) exists at the path.
  public var fileExists: @Sendable (String) -> Bool
  /// Whether the file descriptor refers to a terminal. The corresponding C function is `isatty`.
  public var isTerminal: @Sendable (Int32) -> Bool
  /// Writes all the bytes to the file descriptor; `0` on success, otherwise the `errno`.
  /// The corresponding C function is `write`.
  public var write: @Sendable (Int32, [UInt8]) -> Int32

  /// A host made of the given parts.
  public init(
    variables: [String: String],
    isExecutableFile: @escaping @Sendable (String) -> Bool,
    fileExists: @escaping @Sendable (String) -> Bool,
    isTerminal: @escaping @Sendable (Int32) -> Bool,
    write: @escaping @Sendable (Int32, [UInt8]) -> Int32
  ) {
    self.variables = variables
    self.isExecutableFile = isExecutableFile
    self.fileExists = fileExists
    self.isTerminal = isTerminal
    self.write = write
  }

  /// The machine this process runs on, with the environment as it is now.
  public static var live: HostSystem {
    HostSystem(
      variables: ProcessInfo.processInfo.environment,
      isExecutableFile: { path in
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory else {
          return false
        }
        return access(path, X_OK) == 0
      },
      fileExists: { path in FileManager.default.fileExists(atPath: path) },
      isTerminal: { descriptor in isatty(descriptor) == 1 },
      write: { descriptor, bytes in writeAll(descriptor, bytes) }
    )
  }
}

/// Writes every byte (swift-system retries on `EINTR` and after short writes); `0` or the `errno`.
private func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Int32 {
  do throws(Errno) {
    _ = try systemCall { () throws -> Int in try FileDescriptor(rawValue: descriptor).writeAll(bytes) }
    return 0
  } catch {
    return error.rawValue
  }
}
