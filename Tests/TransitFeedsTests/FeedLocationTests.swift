import BeaconTestSupport
import Foundation
import Testing
import TransitFeeds

/// Where a feed may be: a directory, a zip with the files at the top or in one folder; and the
/// paths that are neither.
@Suite("GTFS: feed paths")
struct FeedLocationTests {
  @Test func readsAZipWhoseFilesAreInAFolder() throws {
    let copy = try FeedCopy("jakarta-mrt.zip")
    defer { copy.directory.remove() }
    // Python's zipfile, not the reader under test, writes the archive: jakarta/agency.txt, …
    let zipPath = copy.directory.path("nested.zip")
    let script = """
      import os, sys, zipfile
      with zipfile.ZipFile(sys.argv[2], 'w', zipfile.ZIP_DEFLATED) as z:
          for name in sorted(os.listdir(sys.argv[1])):
              if name.endswith('.txt'): z.write(os.path.join(sys.argv[1], name), 'jakarta/' + name)
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(TestPaths.executable("python3")))
    process.arguments = ["-c", script, copy.path, zipPath]
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0)
    let feed = try Feed.load(from: zipPath)
    #expect(feed.trips.count == 504)
    #expect(feed.stopTimes.count == 6_528)
  }

  @Test func refusesAFIFOWithoutWaitingForAWriter() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let fifo = directory.path("feed.zip")
    try #require(mkfifo(fifo, 0o600) == 0)
    let error = #expect(throws: FeedError.self) { try Feed.load(from: fifo) }
    #expect(
      error?.description
        == "cannot read GTFS feed \(fifo.debugDescription): it is a FIFO (named pipe), not a directory or a regular file; give a feed directory or a .zip"
    )
  }

  @Test func refusesAMissingPath() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let error = #expect(throws: FeedError.self) { try Feed.load(from: directory.path("absent.zip")) }
    #expect(error?.description.contains("No such file or directory") == true)
  }

  @Test func refusesAFileThatIsNotAZip() throws {
    let error = #expect(throws: FeedError.self) { try Feed.load(from: TestPaths.fixture("gtfs/SOURCES.md")) }
    #expect(error?.file == nil)
    #expect(error?.description.hasPrefix("cannot read GTFS feed") == true)
    #expect(error?.description.contains("Not a zip archive") == true)
  }
}
