import POSIXSupport
import SystemPackage

/// bluetoothd as a process, found without D-Bus: a `/proc/PID/comm` that reads `bluetoothd`.
public enum BluetoothdProcess {
  /// The process ids of the bluetoothd processes running now, lowest first; those of other
  /// users' are seen too (`/proc` shows every process's name unless mounted with `hidepid`).
  public static func running(procRoot: String = "/proc") -> [Int32] {
    guard let entries = try? DirectoryListing.names(in: procRoot) else { return [] }
    return entries.compactMap { entry -> Int32? in
      guard let pid = Int32(entry),
        let comm = try? FileDescriptor.readSmallFile("\(procRoot)/\(entry)/comm", limit: 64),
        String(decoding: comm, as: UTF8.self) == "bluetoothd\n"
      else { return nil }
      return pid
    }.sorted()
  }
}
