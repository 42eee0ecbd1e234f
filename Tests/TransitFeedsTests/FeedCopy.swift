import BeaconTestSupport
import Foundation
import Testing

/// A feed from Fixtures/gtfs unpacked into a temporary directory (by Python's zipfile, not by the
/// reader under test), where a test changes one cell or drops one file.
struct FeedCopy {
  let directory: TemporaryDirectory

  init(_ fixture: String) throws {
    directory = try TemporaryDirectory()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(TestPaths.executable("python3")))
    process.arguments = ["-m", "zipfile", "-e", TestPaths.fixture("gtfs/\(fixture)"), directory.url.path]
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0)
  }

  var path: String { directory.url.path }

  /// Sets the cell of `column` on the file's `line` (the header is line 1) to `value`; the
  /// fixture's files hold no quoted fields, so a line is its cells joined by commas.
  func set(_ file: String, line: Int, column: String, to value: String) throws {
    var lines = try String(contentsOfFile: directory.path(file), encoding: .utf8).components(separatedBy: "\n")
    let header = lines[0].components(separatedBy: ",")
    let position = try #require(header.firstIndex(of: column))
    var cells = lines[line - 1].components(separatedBy: ",")
    cells[position] = value
    lines[line - 1] = cells.joined(separator: ",")
    try lines.joined(separator: "\n").write(toFile: directory.path(file), atomically: true, encoding: .utf8)
  }

  func remove(_ file: String) throws { try FileManager.default.removeItem(atPath: directory.path(file)) }

  func write(_ text: String, to file: String) throws {
    try text.write(toFile: directory.path(file), atomically: true, encoding: .utf8)
  }
}

extension FeedCopy {
  func read(_ file: String) throws -> String { try String(contentsOfFile: directory.path(file), encoding: .utf8) }
}
