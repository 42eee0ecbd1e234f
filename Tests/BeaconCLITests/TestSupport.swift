import Foundation

/// Paths the end-to-end tests use, found from this file's location.
enum TestPaths {
  /// The package root.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static let fixtures = packageRoot.appendingPathComponent("Fixtures")

  /// `../shared/captures` beside the project: real third-party captures, when present.
  static let sharedCaptures = packageRoot.deletingLastPathComponent()
    .appendingPathComponent("shared/captures")

  static var sharedCapturesAvailable: Bool {
    FileManager.default.fileExists(atPath: sharedCaptures.appendingPathComponent("expected.tsv").path)
  }

  /// The directory holding the built executables (next to the test bundle).
  static var productsDirectory: URL {
    let candidates = [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
      packageRoot.appendingPathComponent(".build/debug"),
    ]
    return candidates.first {
      FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("beacon-scan").path)
    } ?? candidates[1]
  }

  static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }
}

/// The result of running one of the built executables.
struct ProcessResult {
  var status: Int32
  var stdout: String
  var stderr: String
}

enum Executable {
  /// Runs `name` (a product of this package) with `arguments`, with no standard input, to the end;
  /// with `environment`, in exactly those variables.
  static func run(_ name: String, _ arguments: [String], environment: [String: String]? = nil) throws
    -> ProcessResult
  {
    try ChildProcess(
      executable: TestPaths.productsDirectory.appendingPathComponent(name).path, arguments: arguments,
      environment: environment
    ).finish()
  }
}
