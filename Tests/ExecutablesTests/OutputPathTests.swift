import BeaconTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What `--report` and `--record` write to: only a regular file or a new name. Anything else
/// at the path (made for real in a temporary folder: a device node, a FIFO, a link, a socket)
/// is refused before the run with exit 64 and a message naming what it is, and is left exactly
/// as it was.
@Suite struct OutputPathTests {
  static let ride = TestPaths.fixture("ride-lebak-bulus-to-bundaran-hi.btsnoop")
  static let isRoot = getuid() == 0

  /// The option given the hostile path, and a command line that would write to it.
  enum Option: CaseIterable, CustomTestStringConvertible {
    case report, rideReport, record, chart

    var name: String {
      switch self {
      case .report, .rideReport: "--report"
      case .record: "--record"
      case .chart: "--chart"
      }
    }
    var executable: String {
      switch self {
      case .report, .record: "beacon-scan"
      case .rideReport: "beacon-ride"
      case .chart: "detection-sweep"
      }
    }
    var testDescription: String { "\(executable) \(name)" }

    /// `--report` after a replay; `--record` on a port nothing listens on.
    func arguments(_ path: String) throws -> [String] {
      switch self {
      case .report: ["--replay", OutputPathTests.ride, "--summary", "--report", path]
      case .rideReport: ["--replay", OutputPathTests.ride, "--to", "BundaranHI", "--report", path]
      case .record: ["-i", "tcp:127.0.0.1:\(try LoopbackPort.free())", "--record", path]
      case .chart: ["--chart", path, OutputPathTests.ride]
      }
    }
  }

  /// Something at the path that is not a regular file, and what it must still be afterwards.
  enum Hostile: String, CaseIterable, CustomTestStringConvertible {
    case characterDevice, fifo, symbolicLink, directory, socket, procfs

    var testDescription: String { rawValue }

    /// What the message must say it is.
    var kind: String {
      switch self {
      case .characterDevice: "is a character device"
      case .fifo: "is a FIFO"
      case .symbolicLink: "is a symbolic link"
      case .directory: "is a directory"
      case .socket: "is a socket"
      case .procfs: "is on proc, a kernel pseudo filesystem"
      }
    }
  }

  /// A temporary folder holding one hostile thing (and, for the link, its target), or nothing.
  final class Scene {
    let folder: String
    let path: String
    let hostile: Hostile?
    static let targetBytes = Array("the previous page, which must survive\n".utf8)
    /// Device 1, 3 (/dev/null's), as glibc's `makedev` encodes small numbers (a macro Swift
    /// does not import).
    static let nullDevice: dev_t = 1 << 8 | 3
    var target: String { folder + "/target.html" }
    /// The FIFO's read end, open so that a writer would not block and its bytes can be seen.
    private var reader: Int32 = -1
    private var socket: Int32 = -1

    init(_ hostile: Hostile?) throws {
      self.hostile = hostile
      folder = FileManager.default.temporaryDirectory.appendingPathComponent("output-path-\(UUID().uuidString)").path
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      path = hostile == .procfs ? "/proc/beacon-toolkit-\(UUID().uuidString).html" : folder + "/out"
      switch hostile {
      case .characterDevice:
        // The same device as /dev/null (1, 3): writing to it would be harmless, but must not happen.
        try Self.check(mknod(path, S_IFCHR | 0o644, Self.nullDevice), "mknod")
      case .fifo:
        try Self.check(mkfifo(path, 0o644), "mkfifo")
        reader = open(path, O_RDONLY | O_NONBLOCK)
        try Self.check(reader, "open the FIFO")
      case .symbolicLink:
        try Data(Self.targetBytes).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
      case .directory:
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
      case .socket:
        socket = try Self.bindUnixSocket(at: path)
      case .procfs, nil:
        break
      }
    }

    deinit {
      if reader >= 0 { close(reader) }
      if socket >= 0 { close(socket) }
      try? FileManager.default.removeItem(atPath: folder)
    }

    /// The folder's names, to see that nothing was added (a temporary page, a capture).
    var names: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() }

    /// What `lstat` says is at the path (its type bits and device), or `nil` when nothing is.
    var status: (type: mode_t, device: dev_t)? {
      var status = stat()
      guard lstat(path, &status) == 0 else { return nil }
      return (status.st_mode & S_IFMT, status.st_rdev)
    }

    /// Checks that the hostile thing is exactly as it was made.
    func expectUnchanged(_ comment: Comment) throws {
      switch hostile {
      case .characterDevice:
        #expect(status?.type == S_IFCHR && status?.device == Self.nullDevice, "still the device node; \(comment)")
      case .fifo:
        #expect(status?.type == S_IFIFO, "still a FIFO; \(comment)")
        var byte: UInt8 = 0
        #expect(read(reader, &byte, 1) <= 0, "its reader got nothing; \(comment)")
      case .symbolicLink:
        #expect(status?.type == S_IFLNK, "still a link; \(comment)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path) == target, "\(comment)")
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: target))) == Self.targetBytes, "target: \(comment)")
      case .directory:
        #expect(status?.type == S_IFDIR, "still a directory; \(comment)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: path).isEmpty, "and empty; \(comment)")
      case .socket:
        #expect(status?.type == S_IFSOCK, "still a socket; \(comment)")
      case .procfs, nil:
        #expect(status == nil, "nothing made at \(path); \(comment)")
      }
    }

    private static func check(_ result: Int32, _ what: String) throws {
      guard result >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    /// A Unix stream socket bound (not listening) at `path`.
    private static func bindUnixSocket(at path: String) throws -> Int32 {
      let descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
      try check(descriptor, "socket")
      var address = sockaddr_un()
      address.sun_family = sa_family_t(AF_UNIX)
      let bytes = Array(path.utf8)
      withUnsafeMutableBytes(of: &address.sun_path) { room in
        for (index, byte) in bytes.prefix(room.count - 1).enumerated() { room[index] = byte }
      }
      let result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
      }
      try check(result, "bind")
      return descriptor
    }
  }

  /// Runs the command with `option` at the hostile path: refused at once, and untouched.
  func expectRefused(_ hostile: Hostile, _ option: Option) throws {
    let scene = try Scene(hostile)
    let before = scene.names
    let result = try Executable.run(option.executable, try option.arguments(scene.path))
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.contains("\(option.name) \(scene.path) \(hostile.kind)"), "\(result.stderr)")
    #expect(result.stdout.isEmpty, "refused before the run: \(result.stdout)")
    try scene.expectUnchanged("\(result.stderr)")
    #expect(scene.names == before, "nothing added beside it")
  }

  @Test(
    arguments: [Hostile.fifo, .symbolicLink, .directory, .socket, .procfs], Option.allCases)
  func whatIsNotARegularFileIsRefusedAndLeftAlone(_ hostile: Hostile, _ option: Option) throws {
    try expectRefused(hostile, option)
  }

  @Test(.enabled(if: isRoot, "mknod of a character device needs root"), arguments: Option.allCases)
  func aDeviceNodeIsRefusedAndLeftAlone(_ option: Option) throws {
    try expectRefused(.characterDevice, option)
  }

  /// An empty path, or one ending in `/`, names no file: refused before the run, not failed after.
  @Test(arguments: Option.allCases)
  func aPathWithoutAFileNameIsRefused(_ option: Option) throws {
    let scene = try Scene(nil)
    for path in ["", scene.folder + "/"] {
      let result = try Executable.run(option.executable, try option.arguments(path))
      #expect(result.status == 64, "\(result.stderr)")
      #expect(result.stderr.contains("\(option.name) '\(path)' names no file"), "\(result.stderr)")
    }
    #expect(scene.names.isEmpty)
  }

  @Test func aRegularFileIsReplacedAndANewNameCreatedByReport() throws {
    let scene = try Scene(nil)
    let existing = scene.folder + "/existing.html"
    try Data("the previous page".utf8).write(to: URL(fileURLWithPath: existing))
    for path in [existing, scene.folder + "/new.html"] {
      let result = try Executable.run("beacon-scan", try Option.report.arguments(path))
      #expect(result.status == 0, "\(result.stderr)")
      #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
    }
    #expect(scene.names == ["existing.html", "new.html"], "no temporary file left")
  }

  /// A `--record` whose controller cannot be opened records nothing: a file that was there is
  /// left as it was, and a new name is not left behind.
  @Test func aFailedStartLeavesAnExistingCaptureAndRemovesOnlyItsOwn() throws {
    let scene = try Scene(nil)
    let existing = scene.folder + "/existing.btsnoop"
    let precious = Data("yesterday's capture".utf8)
    try precious.write(to: URL(fileURLWithPath: existing))
    for path in [existing, scene.folder + "/new.btsnoop"] {
      let result = try Executable.run("beacon-scan", try Option.record.arguments(path))
      #expect(result.status == 69, "\(result.stderr)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: existing)) == precious)
    #expect(scene.names == ["existing.btsnoop"])
  }
}

/// `--record` over an existing regular file on a controller that answers: the file becomes
/// the capture (the old bytes gone), and replays.
@Suite(.enabled(if: FaultController.python != nil, "needs python3 for tools/fault-controller.py"))
struct RecordOverAnExistingFileTests {
  @Test func anExistingFileBecomesTheCapture() throws {
    let controller = try FaultController(["--rate", "50"])
    defer { controller.stop() }
    let scene = try OutputPathTests.Scene(nil)
    let path = scene.folder + "/existing.btsnoop"
    try Data(repeating: 0x55, count: 1 << 20).write(to: URL(fileURLWithPath: path))
    let result = try Executable.run(
      "beacon-scan", ["-i", controller.device, "--format", "json", "--duration", "1", "--record", path])
    #expect(result.status == 0, "\(result.stderr)")
    let capture = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(capture.starts(with: Array("btsnoop\0".utf8)))
    #expect(capture.count < 1 << 20 && !capture.suffix(64).allSatisfy { $0 == 0x55 }, "the old bytes are gone")
    let replay = try Executable.run("beacon-scan", ["--replay", path, "--format", "json"])
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(!replay.stdout.isEmpty)
  }
}
