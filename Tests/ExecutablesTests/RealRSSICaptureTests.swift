import BeaconTestSupport
import Foundation
import Testing

/// `tools/rssi-captures.py` turns the philotuxo BLE RSSI tracks (real radio with camera ground
/// truth, `../shared/rssi/philotuxo`) into btsnoop captures; these tests replay what it wrote with
/// the real `beacon-scan` and compare every report with the recording it came from.
@Suite struct RealRSSICaptureTests {
  static let dataset = TestPaths.packageRoot.deletingLastPathComponent()
    .appendingPathComponent("shared/rssi/philotuxo")
  static let script = TestPaths.packageRoot.appendingPathComponent("tools/rssi-captures.py").path
  static var datasetAvailable: Bool {
    FileManager.default.fileExists(atPath: dataset.appendingPathComponent("cnf/tetam.dev").path)
  }
  static var python: String? { TestPaths.executable("python3") }

  /// Runs the converter on `data` into `output`.
  static func convert(data: URL, into output: TemporaryDirectory) throws -> ProcessResult {
    try ChildProcess(
      executable: try #require(python), arguments: [script, "--data", data.path, output.url.path]
    ).finish()
  }

  /// Every report `beacon-scan --replay FILE --format json` prints, one JSON object each.
  static func replay(_ capture: String) throws -> [[String: Any]] {
    let result = try Executable.run("beacon-scan", ["--replay", capture, "--format", "json"])
    #expect(result.status == 0, "\(result.stderr)")
    return jsonLines(result.stdout)
  }

  /// A truth CSV's rows as (time in µs, rssi, distance, x, y, z).
  struct TruthRow {
    var microseconds: Int64
    var rssi: Int
    var distance: Double
    var position: [Double]
  }

  static func truth(_ path: String) throws -> [TruthRow] {
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    #expect(lines.first == "time,rssi,distance_m,x,y,z")
    return try lines.dropFirst().map { line in
      let fields = line.split(separator: ",").map(String.init)
      try #require(fields.count == 6, "\(line)")
      let time = fields[0].split(separator: ".")
      try #require(time.count == 2 && time[1].count == 6, "\(line)")
      let seconds = try #require(Int64(time[0]))
      let micros = try #require(Int64(time[1]))
      return TruthRow(
        microseconds: seconds * 1_000_000 + micros, rssi: try #require(Int(fields[1])),
        distance: try #require(Double(fields[2])), position: try fields[3...5].map { try #require(Double($0)) })
    }
  }

  /// A report's `time` (`2020-02-09T12:00:01.408Z`) in Unix milliseconds.
  static func milliseconds(_ report: [String: Any]) throws -> Int64 {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    let text = try #require(report["time"] as? String)
    let date = try #require(formatter.date(from: text))
    return Int64((date.timeIntervalSince1970 * 1000).rounded())
  }

  /// The Pi `sensor10` (b827eb4521b4) on `straight_01`: the replay gives back every line the
  /// track file holds for that receiver, in order, with its RSSI and its time (to the
  /// millisecond the JSON shows), from the beacon's address; the truth CSV holds the same RSSIs
  /// and the distance from the receiver's position in receivers.csv.
  @Test(
    .enabled(if: datasetAvailable, "../shared/rssi/philotuxo is not beside the project: real RSSI tests skipped"),
    .enabled(if: python != nil, "needs python3 for tools/rssi-captures.py"))
  func replayCarriesTheRecording() throws {
    let output = try TemporaryDirectory()
    defer { output.remove() }
    let conversion = try Self.convert(data: Self.dataset, into: output)
    #expect(conversion.status == 0, "\(conversion.stderr)")
    #expect(conversion.stderr.isEmpty, "the six tracks have no malformed line: \(conversion.stderr)")

    // The recording itself: the track file's lines of this receiver, as recorded.
    let recorded = try String(
      contentsOf: Self.dataset.appendingPathComponent("trk/straight_01_all_sensors.mbd"), encoding: .utf8
    ).split(separator: "\n").map { $0.split(separator: ",").map(String.init) }.filter {
      $0.count > 3 && $0[1] == "b827eb4521b4"
    }
    #expect(recorded.count > 100)

    let truth = try Self.truth(output.path("straight_01/sensor10.truth.csv"))
    let reports = try Self.replay(output.path("straight_01/sensor10.btsnoop"))
    #expect(reports.count == recorded.count)
    #expect(truth.count == recorded.count)
    #expect(reports.map { $0["rssi"] as? Int } == recorded.map { Int($0[3]) })
    #expect(truth.map(\.rssi) == recorded.map { Int($0[3]) ?? 0 })
    #expect(try reports.map(Self.milliseconds) == truth.map { $0.microseconds / 1000 })
    #expect(Set(reports.compactMap { $0["address"] as? String }) == ["E7:8F:13:56:24:CE"])
    #expect(Set(reports.compactMap { $0["kind"] as? String }) == ["ibeacon"])

    let receivers = try String(contentsOfFile: output.path("receivers.csv"), encoding: .utf8)
      .split(separator: "\n").map { $0.split(separator: ",").map(String.init) }
    #expect(receivers.count == 13, "a header and the 12 receivers")
    let pi = try #require(receivers.first { $0.first == "sensor10" })
    #expect(pi[1...2] == ["b827eb4521b4", "pi"])
    let receiver = try pi[3...5].map { try #require(Double($0)) }
    for row in truth {
      let distance = zip(row.position, receiver).map { ($0 - $1) * ($0 - $1) }.reduce(0, +).squareRoot()
      #expect(abs(row.distance - distance) < 0.000_05, "\(row)")
    }
  }

  /// What the recording says goes into the capture as it is, even an RSSI no radio reports
  /// (+42 dBm: later code must count and drop it, not the converter); a malformed line is
  /// named and skipped, and the lines after it are converted.
  @Test(.enabled(if: python != nil, "needs python3 for tools/rssi-captures.py"))
  func impossibleRSSIStaysAndMalformedLinesAreNamed() throws {
    let data = try Self.madeUpRecording([
      "1581249601.4086823,b827eb4521b4,e78f135624ce,-87,18.031,8.465,1.816",
      "1581249601.5,b827eb4521b4,e78f135624ce,loud,18.031,8.465,1.816",
      "1581249601.8640,b827eb4521b4,e78f135624ce,42,18.0296574,8.465104933,1.821895067",
      "1581249602.3191755,b827eb4521b4,e78f135624ce,-128,7.0,7.09,1.22",
    ])
    defer { data.remove() }
    let output = try TemporaryDirectory()
    defer { output.remove() }
    let conversion = try Self.convert(data: data.url, into: output)
    #expect(conversion.status == 0, "\(conversion.stderr)")
    #expect(conversion.stderr.contains("lab_all_sensors.mbd:2: field 4 (rssi) 'loud' is not valid; line skipped"))
    let reports = try Self.replay(output.path("lab/sensor10.btsnoop"))
    #expect(reports.map { $0["rssi"] as? Int } == [-87, 42, -128])
    #expect(try reports.map(Self.milliseconds) == [1_581_249_601_408, 1_581_249_601_864, 1_581_249_602_319])
    let truth = try Self.truth(output.path("lab/sensor10.truth.csv"))
    #expect(truth.map(\.microseconds) == [1_581_249_601_408_682, 1_581_249_601_864_000, 1_581_249_602_319_176])
    #expect(truth.map(\.rssi) == [-87, 42, -128])
    #expect(truth.last?.distance == 0)
  }

  /// A recording in the philotuxo layout, made up: one receiver (the Pi sensor10 of
  /// cnf/tetam.dev) and the beacon, and `lines` as the track `lab` (`trk/lab_all_sensors.mbd`).
  static func madeUpRecording(_ lines: [String]) throws -> TemporaryDirectory {
    let data = try TemporaryDirectory()
    let files = [
      "cnf/tetam.dev": """
      Dongles:{"b827eb4521b4": [[7.00, 7.09, 1.22], 16711680, "sensor10"]}
      Beacons:{"e78f135624ce": [[], 1328790, "beacon1"] }

      """,
      "trk/lab_all_sensors.mbd": lines.joined(separator: "\n") + "\n",
    ]
    for (name, text) in files {
      let file = data.url.appendingPathComponent(name)
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: file)
    }
    return data
  }
}
