import Foundation
import ServiceManager
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct JournalStreamTests {
  /// A temporary file open for writing, and its `DEV:INO` as systemd would write it.
  private func openFile() throws -> (descriptor: Int32, stream: String, path: String) {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("journal-\(UUID().uuidString)").path
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    return (descriptor, "\(status.st_dev):\(status.st_ino)", path)
  }

  @Test func recognisesTheStreamItsDeviceAndInodeName() throws {
    let file = try openFile()
    defer {
      close(file.descriptor)
      unlink(file.path)
    }
    #expect(JournalStream.isConnected(descriptor: file.descriptor, journalStream: file.stream))
  }

  @Test(arguments: [nil, "", "12", "12:", ":34", "a:b", "1:2:3"])
  func anotherOrAMalformedValueIsNotTheJournal(value: String?) throws {
    let file = try openFile()
    defer {
      close(file.descriptor)
      unlink(file.path)
    }
    #expect(!JournalStream.isConnected(descriptor: file.descriptor, journalStream: value))
  }

  @Test func anInheritedValueForAnotherStreamIsNotTheJournal() throws {
    let first = try openFile()
    let second = try openFile()
    defer {
      for file in [first, second] {
        close(file.descriptor)
        unlink(file.path)
      }
    }
    #expect(!JournalStream.isConnected(descriptor: second.descriptor, journalStream: first.stream))
  }

  @Test func priorityPrefixesAreSyslogLevels() {
    #expect(LogPriority.allCases.map(\.journalPrefix) == ["<3>", "<4>", "<5>", "<6>"])
  }
}
