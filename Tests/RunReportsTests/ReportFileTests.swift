import Foundation
import POSIXSupport
import RunReports
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The `--report` page is written through a new temporary file and a rename; what is put at
/// the path after the command line was checked (a link, a FIFO) is not replaced.
@Suite struct ReportFileTests {
  static let previous = Array("the previous page".utf8)

  func folder() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("report-file-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  @Test func aLinkPutThereDuringTheRunIsNotReplaced() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let page = ReportFile(path: folder + "/ride.html")
    try page.check()
    let target = folder + "/target.html"
    try Data(Self.previous).write(to: URL(fileURLWithPath: target))
    try FileManager.default.createSymbolicLink(atPath: page.path, withDestinationPath: target)
    let problem = try #require(throws: OutputFileProblem.self) { try page.write("<!DOCTYPE html>") }
    #expect(problem.reason == .notARegularFile(.symbolicLink))
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: page.path) == target)
    #expect(Array(try Data(contentsOf: URL(fileURLWithPath: target))) == Self.previous)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["ride.html", "target.html"])
  }

  @Test func aFIFOPutThereDuringTheRunIsNotReplaced() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let page = ReportFile(path: folder + "/ride.html")
    try page.check()
    #expect(mkfifo(page.path, 0o644) == 0)
    let problem = try #require(throws: OutputFileProblem.self) { try page.write("<!DOCTYPE html>") }
    #expect(problem.reason == .notARegularFile(.fifo))
    var status = stat()
    #expect(lstat(page.path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["ride.html"], "no temporary file left")
  }
}
