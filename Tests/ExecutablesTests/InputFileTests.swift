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
    // The judge's --expect file, from a FIFO: refused before it waits on the broker.
    let expect = try Executable.run("beacon-fleet", ["--mqtt", "mqtt://127.0.0.1:1", "--expect", fifo])
    #expect(expect.status == 66, "\(expect.stderr)")
    #expect(expect.stderr.contains("beacon-fleet: \(fifo): cannot read the catalog"), "\(expect.stderr)")
  }

  /// A catalog that is no catalog ends the judge with 65 and one line naming the file.
  @Test func theJudgesExpectFileIsCheckedAsACatalog() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.path("stations.jsonl")
    try "not json\n".write(toFile: file, atomically: true, encoding: .utf8)
    let judge = try Executable.run("beacon-fleet", ["--mqtt", "mqtt://127.0.0.1:1", "--expect", file])
    #expect(judge.status == 65, "\(judge.stderr)")
    #expect(judge.stderr.hasPrefix("beacon-fleet: \(file): not a usable station catalog"), "\(judge.stderr)")
  }
}
