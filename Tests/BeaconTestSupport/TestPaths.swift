import Foundation

/// Paths the end-to-end tests use, found from this file's location.
package enum TestPaths {
  /// The package root.
  package static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  package static let fixtures = packageRoot.appendingPathComponent("Fixtures")

  /// `../shared/captures` beside the project: real third-party captures, when present.
  package static let sharedCaptures = packageRoot.deletingLastPathComponent()
    .appendingPathComponent("shared/captures")

  package static var sharedCapturesAvailable: Bool {
    FileManager.default.fileExists(atPath: sharedCaptures.appendingPathComponent("expected.tsv").path)
  }

  /// The directory holding the built executables (next to the test bundle).
  package static var productsDirectory: URL {
    let candidates = [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
      packageRoot.appendingPathComponent(".build/debug"),
    ]
    return candidates.first {
      FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("beacon-scan").path)
    } ?? candidates[1]
  }

  package static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

  /// The first executable named `name` on `PATH` (or in /usr/bin, /usr/sbin), if any.
  package static func executable(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let directories = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/sbin"]
    return directories.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// The fixtures that come with the reports their scenario expects (`NAME.expected.jsonl`).
  package static func fixturesWithExpectations() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []
    return names.filter { $0.hasSuffix(".expected.jsonl") }
      .map { String($0.dropLast(".expected.jsonl".count)) }.sorted()
  }
}

/// The result of running one of the built executables.
package struct ProcessResult {
  package var status: Int32
  package var stdout: String
  package var stderr: String
}

package enum Executable {
  /// Runs `name` (a product of this package) with `arguments`, with no standard input, to the end;
  /// with `environment`, in exactly those variables.
  package static func run(_ name: String, _ arguments: [String], environment: [String: String]? = nil) throws
    -> ProcessResult
  {
    try ChildProcess(
      executable: TestPaths.productsDirectory.appendingPathComponent(name).path, arguments: arguments,
      environment: environment
    ).finish()
  }
}
