/// Every numeric option of beacon-scan, beacon-ride and beacon-broadcast, each with values
/// outside its documented range, and the partner rules between options: the one table that
/// BeaconCLITests parses in-process, case by case, and ExecutablesTests runs end to end on a sample.
package enum OutOfRangeNumbers {
  package static let ride = TestPaths.fixture("ride-lebak-bulus-to-bundaran-hi.btsnoop")

  /// What each command is given besides the number: a source, and what it would do with it.
  package static let base = [
    "beacon-scan": ["--replay", ride],
    "beacon-ride": ["--replay", ride, "--to", "BlokM"],
    "beacon-broadcast": ["--station", "CipeteRaya"],
  ]

  /// One bad command line: the arguments after the command's base, the option its message must
  /// name, and the range (or rule) it must state.
  package struct CommandLineCase: Sendable, CustomStringConvertible {
    package var program: String
    package var arguments: [String]
    package var option: String
    package var range: String
    package var description: String { "\(program) \(arguments.joined(separator: " "))" }
  }

  package static let seconds = "more than 0 and at most 31536000 seconds"
  package static let rssi = "from -127 to 20 dBm"
  package static let reports = "a whole number from 1 to 100"
  package static let lostAfter = "more than 0 and at most 3600 seconds"
  package static let reportEvery = "from 0 to 86400 seconds"
  package static let identifier = "a whole number from 0 to 65535"
  package static let nonsense = ["nan", "inf", "-inf", "1e300"]

  /// Every numeric option of the three commands, each with the values outside its range.
  package static let commandLineCases: [CommandLineCase] = {
    let options: [(programs: [String], option: String, range: String, bad: [String])] = [
      (["beacon-scan", "beacon-ride", "beacon-broadcast"], "--duration", seconds, ["-1", "0", "31536001"]),
      (["beacon-scan", "beacon-ride"], "--enter-rssi", rssi, ["50", "-128"]),
      (["beacon-scan", "beacon-ride"], "--exit-rssi", rssi, ["21", "-1000"]),
      (["beacon-scan", "beacon-ride"], "--enter-reports", reports, ["-1", "0", "1.5", "101"]),
      (["beacon-scan", "beacon-ride"], "--lost-after", lostAfter, ["-1", "0", "3601"]),
      (["beacon-scan", "beacon-ride"], "--report-every", reportEvery, ["-1", "86401"]),
      (["beacon-scan", "beacon-ride"], "--deaf-after", "from 0 to 3600 seconds", ["-1", "3601"]),
      (["beacon-scan", "beacon-ride"], "--scan-interval", "from 2.5 to 10240 ms", ["-1", "2", "10241"]),
      (["beacon-scan", "beacon-ride"], "--scan-window", "from 2.5 to 10240 ms", ["-1", "0"]),
      (["beacon-scan", "beacon-ride"], "--duty", "from 1 to 100 %", ["-1", "0", "0.5", "101"]),
      (["beacon-scan"], "--silent-after", "from 1 to 86400 seconds", ["-1", "0"]),
      (["beacon-scan"], "--weak-drop", "from 1 to 60 dB", ["-1", "61"]),
      (["beacon-scan"], "--mqtt-interval", "from 0.1 to 3600 seconds", ["-1", "0"]),
      (["beacon-scan", "beacon-ride"], "--rssi-offset", "from -60 to 60 dB", ["-61", "60.5", "1000"]),
      (["beacon-scan", "beacon-ride"], "--path-loss-exponent", "from 1 to 6", ["0", "0.99", "-2.5", "6.1"]),
      (["beacon-scan"], "--calibrate", "from 0.1 to 100 m", ["0", "-1", "0.09", "100.1"]),
      (["beacon-broadcast"], "--dwell", seconds, ["-1", "0"]),
      (["beacon-broadcast"], "--arrive-after", "from 0 to 31536000 seconds", ["-1"]),
      (["beacon-broadcast"], "--interval", "from 20 to 10240 ms", ["-1", "19", "10241"]),
      (["beacon-broadcast"], "--measured-power", "a whole number from -128 to 127 dBm", ["-129", "128", "1.5"]),
      (["beacon-scan", "beacon-broadcast"], "--major", identifier, ["-1", "65536", "1.5"]),
      (["beacon-scan", "beacon-broadcast"], "--minor", identifier, ["-1", "65536"]),
      (["beacon-broadcast"], "--train-set", identifier, ["-1", "65536"]),
      (
        ["beacon-scan", "beacon-ride", "beacon-broadcast"], "--trials", "a whole number from 1 to 100000",
        ["0", "100001"]
      ),
      (["beacon-scan", "beacon-ride", "beacon-broadcast"], "--seed", "a whole number from 0 to 4294967295", ["-1"]),
    ]
    var cases: [CommandLineCase] = []
    for entry in options {
      for program in entry.programs {
        for value in nonsense + entry.bad {
          // --major/--minor go with --uuid, not --station; the number is refused before either matters.
          cases.append(
            CommandLineCase(
              program: program, arguments: [entry.option, value], option: entry.option, range: entry.range))
        }
      }
    }
    // Partners: the enter threshold above the exit one (given or default), the window within the interval.
    let rule = "must not be above --enter-rssi"
    for program in ["beacon-scan", "beacon-ride"] {
      cases.append(
        CommandLineCase(
          program: program, arguments: ["--enter-rssi", "-100", "--exit-rssi", "-90"], option: "--exit-rssi (-90)",
          range: rule))
      cases.append(
        CommandLineCase(
          program: program, arguments: ["--enter-rssi", "-100"], option: "--exit-rssi (-95, its default)", range: rule))
    }
    for program in ["beacon-scan", "beacon-ride"] {
      cases.append(
        CommandLineCase(
          program: program, arguments: ["--scan-interval", "50", "--scan-window", "100"],
          option: "--scan-window (100 ms)", range: "must be at most --scan-interval (50 ms)"))
    }
    return cases
  }()

  /// One case of each program's option (its bad values taken in turn from one option to the
  /// next, so that every kind of value is among them) and every partner rule: the cases run as
  /// real processes. The parse behind them is the same for every value; BeaconCLITests checks each.
  package static let endToEndSample: [CommandLineCase] = {
    var groups: [String: [CommandLineCase]] = [:]
    var order: [String] = []
    for bad in commandLineCases {
      let key = "\(bad.program) \(bad.option)"
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(bad)
    }
    return order.enumerated().compactMap { index, key in
      groups[key].map { $0[index % $0.count] }
    }
  }()
}
