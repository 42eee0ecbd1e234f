import LinuxNotifications
import Synchronization

/// A host described by data, recording what is written to it.
final class FakeHost: Sendable {
  /// The writes made, as (file descriptor, bytes).
  final class WriteLog: Sendable {
    private let entries = Mutex<[(Int32, [UInt8])]>([])
    var all: [(Int32, [UInt8])] { entries.withLock { $0 } }
    func append(_ entry: (Int32, [UInt8])) { entries.withLock { $0.append(entry) } }
  }

  let writes = WriteLog()
  let system: HostSystem

  init(
    variables: [String: String] = ["PATH": "/usr/local/bin:/usr/bin:/bin"],
    executables: Set<String> = [],
    files: Set<String> = [],
    terminals: Set<Int32> = [],
    writeResult: Int32 = 0
  ) {
    let writes = self.writes
    system = HostSystem(
      variables: variables,
      isExecutableFile: { executables.contains($0) },
      fileExists: { files.contains($0) || executables.contains($0) },
      isTerminal: { terminals.contains($0) },
      write: { descriptor, bytes in
        writes.append((descriptor, bytes))
        return writeResult
      })
  }
}

/// The session a desktop user has: a bus address and a runtime directory.
let desktopSession = [
  "PATH": "/usr/local/bin:/usr/bin:/bin",
  "DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/1000/bus",
  "XDG_RUNTIME_DIR": "/run/user/1000",
]
