import Glibc
import SystemPackage

/// The capabilities this process may use now (`CapEff` in `/proc/self/status`), and whether it
/// runs as root.
package struct ProcessCapabilities: Hashable, Sendable {
  /// The effective set, one bit per capability number (`linux/capability.h`).
  package var effective: UInt64
  /// Whether the effective user is root (uid 0).
  package var isRoot: Bool

  /// `CAP_NET_ADMIN` (12): bring devices up and down, the user channel.
  package var netAdmin: Bool { effective & (1 << 12) != 0 }
  /// `CAP_NET_RAW` (13): the raw HCI channel's commands, the monitor channel.
  package var netRaw: Bool { effective & (1 << 13) != 0 }

  package init(effective: UInt64, isRoot: Bool) {
    self.effective = effective
    self.isRoot = isRoot
  }

  /// This process's, or `nil` when `/proc/self/status` cannot be read or has no `CapEff`.
  package static func current() -> ProcessCapabilities? {
    guard let status = try? FileDescriptor.readSmallFile("/proc/self/status", limit: 1 << 16) else { return nil }
    let text = String(decoding: status, as: UTF8.self)
    for line in text.split(separator: "\n") where line.hasPrefix("CapEff:") {
      let hex = line.dropFirst("CapEff:".count).trimmingPrefix { $0 == " " || $0 == "\t" }
      guard let effective = UInt64(hex, radix: 16) else { return nil }
      return ProcessCapabilities(effective: effective, isRoot: geteuid() == 0)
    }
    return nil
  }
}
