/// Finds programs the way a shell does: each directory of `PATH` in order.
public struct ExecutableSearch: Sendable {
  private let host: HostSystem

  /// A search through the `PATH` of `host`.
  public init(host: HostSystem) {
    self.host = host
  }

  /// The directories searched, in order. An empty `PATH` entry means the current directory,
  /// which is skipped here: a notifier should not run whatever lies in the working directory.
  public var directories: [String] {
    (host.variables["PATH"] ?? "").split(separator: ":", omittingEmptySubsequences: true).map(String.init)
  }

  /// The absolute path of the first executable named `name` on `PATH`, or `nil`.
  public func locate(_ name: String) -> String? {
    for directory in directories where directory.hasPrefix("/") {
      let candidate = directory.hasSuffix("/") ? directory + name : directory + "/" + name
      if host.isExecutableFile(candidate) { return candidate }
    }
    return nil
  }
}
