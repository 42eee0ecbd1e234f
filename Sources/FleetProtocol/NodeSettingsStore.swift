import Glibc
import POSIXSupport
import SystemPackage

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where a node keeps the settings it was sent (``NodeSettings``), so that they survive a
/// restart: `settings-NODE.json` in the directory systemd names in `$STATE_DIRECTORY` (the units'
/// `StateDirectory=beacon-toolkit`: `/var/lib/beacon-toolkit`); without it, in
/// `$XDG_STATE_HOME/beacon-toolkit`, or `~/.local/state/beacon-toolkit` (made, mode 0700).
package struct NodeSettingsStore {
  package let file: OutputFile

  /// The store of `node` in `environment`'s state directory; `nil` when there is none (no
  /// `STATE_DIRECTORY`, `XDG_STATE_HOME` or `HOME`), and then settings last until the process
  /// ends.
  package init?(node: String, environment: [String: String]) {
    let directory: String
    if let state = environment["STATE_DIRECTORY"].flatMap({ $0.split(separator: ":").first }), !state.isEmpty {
      // systemd sets several, separated by colons, when a unit names several.
      directory = String(state)
    } else if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      directory = state + "/beacon-toolkit"
    } else if let home = environment["HOME"], home.hasPrefix("/") {
      directory = home + "/.local/state/beacon-toolkit"
    } else {
      return nil
    }
    file = OutputFile(path: directory + "/settings-\(node).json")
  }

  /// The store of `node` in this process's environment.
  package init?(node: String) {
    self.init(node: node, environment: ProcessInfo.processInfo.environment)
  }

  package var path: String { file.path }

  /// The saved settings' bytes; `nil` when none were saved (no file).
  package func load() throws(SmallFileProblem) -> [UInt8]? {
    do {
      return try FileDescriptor.readSmallFile(file.path, limit: 1 << 16)
    } catch {
      if case .failed(let errno) = error, errno == .noSuchFileOrDirectory { return nil }
      throw error
    }
  }

  /// Saves `settings`, replacing what was saved (atomically: a new file renamed over the old);
  /// makes the fallback directory first.
  package func save(_ settings: NodeSettings) throws(OutputFileProblem) {
    Self.makeDirectories(file.folder)
    try file.replace(with: Array((settings.json() + "\n").utf8))
  }

  /// `mkdir -p` with mode 0700; what exists already is left as it is, and a failure is said by
  /// the write that follows.
  private static func makeDirectories(_ path: String) {
    var partial = ""
    for component in path.split(separator: "/") {
      partial += "/" + component
      mkdir(partial, 0o700)
    }
  }
}
