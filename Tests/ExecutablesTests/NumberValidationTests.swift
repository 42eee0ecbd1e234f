import BeaconTestSupport
import Foundation
import Testing

/// Numbers a user types, on the command line and in files, end to end: each one outside its
/// documented range (`nan`, `inf`, `-1`, `1e300`, a threshold or count that makes no sense) is
/// refused before the run with one line naming the option or the file and key, and the range;
/// nothing traps. (Every command-line case is parsed in-process by BeaconCLITests'
/// `OutOfRangeNumberParsingTests`; here a sample runs as processes.)
@Suite struct NumberValidationTests {
  static let ride = OutOfRangeNumbers.ride
  static let lostAfter = OutOfRangeNumbers.lostAfter
  static let reports = OutOfRangeNumbers.reports
  static let rssi = OutOfRangeNumbers.rssi
  static let identifier = OutOfRangeNumbers.identifier

  /// A sample of the table, one case of each option and rule, as real processes: the message
  /// reaches standard error as one line and the status is 64. BeaconCLITests parses every case.
  @Test(arguments: OutOfRangeNumbers.endToEndSample)
  func aNumberOutOfRangeIsRefusedNamingTheOptionAndTheRange(_ bad: OutOfRangeNumbers.CommandLineCase) throws {
    let result = try Executable.run(bad.program, (OutOfRangeNumbers.base[bad.program] ?? []) + bad.arguments)
    #expect(result.status == 64, "\(result.stderr)")
    let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
    #expect(first.hasPrefix("Error: "), "\(result.stderr)")
    #expect(first.contains(bad.option), "\(first)")
    #expect(first.contains(bad.range), "\(first)")
    #expect(result.stdout.isEmpty, "nothing run: \(result.stdout)")
    Self.expectNoCrash(result)
  }

  /// One bad file: which option reads it, its name and content, and the key and range its
  /// message must name.
  struct FileCase: CustomTestStringConvertible, Sendable {
    var option: String
    var name: String
    var contents: String
    var key: String
    var range: String
    var testDescription: String { "\(option) \(contents)" }
  }

  static let stationLine = #"{"name": "Home", "uuid": "11111111-2222-3333-4444-555555555555", "major": 7, "minor": 1"#

  /// A two-station catalog in the object layout, with `extra` members.
  static func town(_ extra: String = "", station: String = #""major": 8, "minor": 1"#) -> String {
    #"{"stations": [\#(stationLine)}, {"name": "Market", "uuid": "11111111-2222-3333-4444-555555555555", "#
      + station + "}]" + extra + "}"
  }

  static let fileCases: [FileCase] = [
    FileCase(
      option: "--policy-file", name: "policy.json", contents: #"{"lostAfterSeconds": 1e300}"#, key: "lostAfterSeconds",
      range: lostAfter),
    FileCase(
      option: "--policy-file", name: "policy.json", contents: #"{"lostAfterSeconds": -5}"#, key: "lostAfterSeconds",
      range: lostAfter),
    FileCase(
      option: "--policy-file", name: "policy.json", contents: #"{"enterReports": 0}"#, key: "enterReports",
      range: reports),
    FileCase(
      option: "--policy-file", name: "policy.json", contents: #"{"enterReports": 1.5}"#, key: "enterReports",
      range: reports),
    FileCase(
      option: "--policy-file", name: "policy.json", contents: #"{"enterReports": 1e300}"#, key: "enterReports",
      range: reports),
    FileCase(
      option: "--policy-file", name: "policy.json", contents: #"{"enterRSSI": 50}"#, key: "enterRSSI", range: rssi),
    FileCase(
      option: "--policy-file", name: "policy.json", contents: #"{"exitRSSI": -1000}"#, key: "exitRSSI", range: rssi),
    FileCase(
      option: "--policy-file", name: "policy.json", contents: #"{"enterRSSI": -100, "exitRSSI": -90}"#, key: "exitRSSI",
      range: #"must not be above "enterRSSI" (-100)"#),
    FileCase(
      option: "--policy-file", name: "policy.json", contents: #"{"minimumSecondsPerStop": -1}"#,
      key: "minimumSecondsPerStop", range: "from 0 to 3600 seconds"),
    FileCase(
      option: "--policy-file", name: "policy.json", contents: #"{"maximumPlausibleSkip": 1e300}"#,
      key: "maximumPlausibleSkip", range: "a whole number from 0 to 100 stops"),
    FileCase(
      option: "--catalog", name: "stations.jsonl",
      contents: stationLine.replacingOccurrences(of: #""major": 7"#, with: #""major": 65536"#) + "}", key: "major",
      range: identifier),
    FileCase(
      option: "--catalog", name: "stations.jsonl",
      contents: stationLine.replacingOccurrences(of: #""major": 7"#, with: #""major": -1"#) + "}", key: "major",
      range: identifier),
    FileCase(
      option: "--catalog", name: "stations.jsonl",
      contents: stationLine.replacingOccurrences(of: #""major": 7"#, with: #""major": 1.5"#) + "}", key: "major",
      range: identifier),
    FileCase(
      option: "--catalog", name: "stations.json", contents: town(station: #""major": 8, "minor": 70000"#), key: "minor",
      range: identifier),
    FileCase(
      option: "--catalog", name: "stations.jsonl",
      contents: stationLine.replacingOccurrences(of: #""name": "Home""#, with: #""name": """#) + "}", key: "name",
      range: "must not be empty"),
    FileCase(
      option: "--catalog", name: "stations.json",
      contents: town(station: #""major": 8, "minor": 1, "latitude": 1e300, "longitude": 0"#), key: "latitude",
      range: "from -90 to 90 degrees"),
    FileCase(
      option: "--catalog", name: "stations.json",
      contents: town(#", "interchanges": [{"from": "Home", "to": "Market", "walkingMinutes": 1e300}]"#),
      key: "walkingMinutes",
      range: "from 0 to 1440 minutes"),
    FileCase(
      option: "--catalog", name: "stations.json",
      contents: town(#", "lines": [{"name": "Town", "stations": ["Home", "Market"], "code": 70000}]"#), key: "code",
      range: identifier),
  ]

  /// The commands that read each kind of file, and what they are given beside it.
  static let readers = [
    "--policy-file": [
      ("beacon-scan", ["--replay", ride, "--notify"]), ("beacon-ride", ["--replay", ride, "--to", "BlokM"]),
    ],
    "--catalog": [
      ("beacon-scan", ["--replay", ride]), ("beacon-ride", ["--replay", ride, "--to", "Home"]),
      ("beacon-broadcast", ["--list-stations"]),
    ],
  ]

  @Test(arguments: fileCases)
  func aFileValueOutOfRangeIsRefusedNamingTheFileAndTheKey(_ bad: FileCase) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("numbers-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent(bad.name)
    try Data(bad.contents.utf8).write(to: file)
    for (program, arguments) in Self.readers[bad.option] ?? [] {
      let result = try Executable.run(program, arguments + [bad.option, file.path])
      #expect(result.status == 65, "\(program): \(result.stderr)")
      let lines = result.stderr.split(separator: "\n")
      #expect(lines.count == 1, "one line: \(result.stderr)")
      let line = lines.first.map(String.init) ?? ""
      #expect(line.hasPrefix("\(program): \(file.path): "), "\(line)")
      #expect(line.contains("\"\(bad.key)\""), "\(line)")
      #expect(line.contains(bad.range), "\(line)")
      #expect(result.stdout.isEmpty, "\(program): nothing run: \(result.stdout)")
      Self.expectNoCrash(result)
    }
  }

  @Test func rideReportHasHelpAndRefusesAnUnknownOption() throws {
    for flag in ["--help", "-h"] {
      let result = try Executable.run("detection-sweep", [flag])
      #expect(result.status == 0, "\(flag): \(result.stderr)")
      #expect(
        result.stdout.contains(
          "USAGE: detection-sweep [--stops] [--chart <file>] [--phones] [--phone-trials <n>] [<capture> ...]"),
        "\(result.stdout)")
      #expect(result.stdout.contains("--chart <file>") && result.stdout.contains("--stops"))
    }
    for arguments in [["--bogus"], ["--chart"]] {
      let result = try Executable.run("detection-sweep", arguments)
      #expect(result.status == 64, "\(arguments): \(result.stderr)")
      #expect(result.stderr.hasPrefix("Error: "), "\(result.stderr)")
      #expect(result.stdout.isEmpty)
    }
  }

  @Test func eachCommandsHelpListsOnlyWhatItAccepts() throws {
    let broadcast = try Executable.run("beacon-broadcast", ["--help"])
    #expect(broadcast.status == 0)
    for refused in ["--mqtt-interval", "--mqtt-layout", "espresense", "replay:", "the scan"] {
      #expect(!broadcast.stdout.contains(refused), "beacon-broadcast --help lists \(refused)")
    }
    #expect(broadcast.stdout.contains("--mqtt <url>") && broadcast.stdout.contains("--mqtt-prefix <topic>"))
    // beacon-scan still has them.
    let scan = try Executable.run("beacon-scan", ["--help"])
    #expect(scan.stdout.contains("--mqtt-interval <seconds>") && scan.stdout.contains("espresense"))
    // The judge says what it does on the broker (it subscribes; it publishes only verdicts),
    // and every default of its own.
    let fleet = try Executable.run("beacon-fleet", ["--help"])
    #expect(fleet.status == 0)
    let judge = fleet.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(
      separator: " ")
    #expect(judge.contains("the judge subscribes to every node"), "\(fleet.stdout)")
    #expect(!judge.contains("what this command finds or advertises"), "\(fleet.stdout)")
    #expect(judge.contains("Fleet verdict\" problem sensor"), "\(fleet.stdout)")
    #expect(judge.contains("(default: 180, three of the nodes' default heartbeats)"), "\(fleet.stdout)")
    #expect(scan.stdout.contains("--mqtt-remote-settings/--no-mqtt-remote-settings"), "\(scan.stdout)")
    // beacon-ride has no --record.
    let ride = try Executable.run("beacon-ride", ["--help"])
    #expect(ride.status == 0 && ride.stdout.contains("--reconnect"))
    #expect(!ride.stdout.contains("--record"), "\(ride.stdout)")
  }

  static func expectNoCrash(_ result: ProcessResult) {
    for sign in ["Fatal error", "Backtrace", "Stack dump", "Crash", "cannot be converted"] {
      #expect(!result.stderr.contains(sign), "\(result.stderr)")
    }
  }
}
