import LinuxHCITransports
import HCITransportCore

extension TransportSpec {
  /// Whether this names a capture rather than a controller.
  var isReplay: Bool { replayPath != nil }

  /// The capture's path for `replay:FILE`.
  var replayPath: String? {
    if case .replay(let path) = self { return path }
    return nil
  }
}
