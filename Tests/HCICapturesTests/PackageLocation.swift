import BeaconTestSupport
import Foundation

/// Paths relative to the package, found from this source file's location.
enum PackageLocation {
  /// The package root: two levels above `Tests/HCICapturesTests/`.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The shared real captures, `../shared/captures` next to the package; absent on most machines.
  static let sharedCaptures = root.deletingLastPathComponent().appendingPathComponent("shared/captures")

  static var sharedCapturesExist: Bool {
    FileManager.default.fileExists(atPath: sharedCaptures.appendingPathComponent("SOURCES.md").path)
  }

  /// The first executable named `name` on `PATH` (or in /usr/bin, /usr/sbin), if any.
  static func executable(_ name: String) -> String? { TestPaths.executable(name) }
}
