#if canImport(Glibc)
  import Glibc
#endif

/// A program could not be started.
public struct ProcessLaunchError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The program that was to be run.
  public var executable: String
  /// The `errno` from `posix_spawn` or from preparing its files.
  public var code: Int32

  /// An error for `executable` failing with `code`.
  public init(executable: String, code: Int32) {
    self.executable = executable
    self.code = code
  }

  public var description: String {
    "could not start \(executable): \(String(cString: strerror(code))); check that it exists and is executable"
  }
}
