import Foundation

/// A fresh directory under the system's temporary directory, removed by ``remove()``.
package struct TemporaryDirectory {
  package let url: URL

  package init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("beacon-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// A fresh directory holding `files` (name → UTF-8 text).
  package init(files: [String: String]) throws {
    try self.init()
    for (name, text) in files { _ = try write(Array(text.utf8), to: name) }
  }

  package func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  package func write(_ bytes: [UInt8], to name: String) throws -> String {
    let path = path(name)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  package func remove() { try? FileManager.default.removeItem(at: url) }
}
