import BeaconTestSupport
import Foundation
import Testing

/// The executables stay clear of Foundation (FoundationEssentials, which swift-argument-parser
/// brings, is fine): loading libFoundation and its ICU adds about 6 MiB of resident memory, which
/// took `beacon-scan` at rest from 14.5 to 20.6 MiB, over the 20 MB budget (README, "Benchmark").
///
/// An incremental debug build made before Foundation was dropped can still link it: the object
/// files of unchanged sources keep the autolink entries of their module's old imports. A clean
/// build, or `rm -rf .build/debug/LinuxNotifications.build .build/debug/BeaconCLI.build`, fixes it.
@Suite struct ExecutableFootprintTests {
  @Test(arguments: ["beacon-scan", "beacon-ride", "beacon-broadcast"])
  func doesNotLoadFoundation(executable: String) throws {
    let path = TestPaths.productsDirectory.appendingPathComponent(executable).path
    let result = try ChildProcess(executable: "/usr/bin/ldd", arguments: [path]).finish()
    #expect(result.status == 0, "\(result.stderr)")
    let libraries = result.stdout.split(separator: "\n").compactMap {
      $0.split(whereSeparator: \.isWhitespace).first.map(String.init)
    }
    #expect(libraries.contains("libswiftCore.so"), "the parsing sees the Swift runtime: \(libraries)")
    #expect(!libraries.contains("libFoundation.so"), "stale objects? see this suite's comment")
    #expect(!libraries.contains("libFoundationInternationalization.so"))
    #expect(!libraries.contains("lib_FoundationICU.so"))
  }
}
