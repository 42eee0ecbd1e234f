import BeaconTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The small files the commands read (a catalog, a policy): a FIFO would block the read for
/// ever and a device such as /dev/zero would never end; both are refused at once with 66.
@Suite struct InputFileTests {
  static let ride = TestPaths.fixture("ride-stops-short.btsnoop")

  @Test func aFIFOOrADeviceIsNoInputFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let fifo = directory.path("policy.json")
    #expect(mkfifo(fifo, 0o644) == 0)
    let policy = try Executable.run("beacon-ride", ["--replay", Self.ride, "--to", "BlokA", "--policy-file", fifo])
    #expect(policy.status == 66, "\(policy.stderr)")
    #expect(policy.stderr.contains("\(fifo): cannot read the policy file"), "\(policy.stderr)")
    let catalog = try Executable.run("beacon-scan", ["--replay", Self.ride, "--catalog", "/dev/zero"])
    #expect(catalog.status == 66, "\(catalog.stderr)")
    #expect(
      catalog.stderr.contains("/dev/zero: cannot read the catalog: it is a character device"), "\(catalog.stderr)")
  }
}
