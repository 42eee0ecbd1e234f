// ride-report: detection latency and accuracy of the station detector over the ride fixtures,
// across a sweep of policy constants. Usage:
//   swift run ride-report [--stops] [CAPTURE.btsnoop ...]
// Without captures it reads Fixtures/ride-*.btsnoop; each needs NAME.expected-stations.json
// beside it (tools/make-fixtures.py writes them).
import Beacons
import Foundation
import MRTNavigation

/// One row of the sweep: a policy and finder configuration, and what differs from the defaults.
struct SweepRow {
  var label: String
  var policy: StationPresencePolicy
  var finder: BeaconRanging.Configuration
}

func sweepRows() -> [SweepRow] {
  let policy = StationPresencePolicy()
  let finder = BeaconRanging.Configuration()
  var rows = [SweepRow(label: "default", policy: policy, finder: finder)]
  for value in [-84.0, -86, -90, -92] {
    var changed = policy
    changed.enterThreshold = value
    rows.append(SweepRow(label: "enter \(Int(value))", policy: changed, finder: finder))
  }
  for value in [2, 4, 5] {
    var changed = policy
    changed.enterReportCount = value
    rows.append(SweepRow(label: "reports \(value)", policy: changed, finder: finder))
  }
  for value in [-92.0, -98] {
    var changed = policy
    changed.exitThreshold = value
    rows.append(SweepRow(label: "exit \(Int(value))", policy: changed, finder: finder))
  }
  for seconds in [5, 15] {
    var changed = finder
    changed.smoothingWindow = .seconds(seconds)
    rows.append(SweepRow(label: "window \(seconds)s", policy: policy, finder: changed))
  }
  for seconds in [10, 15, 30] {
    var changed = finder
    changed.exitPeriod = .seconds(seconds)
    rows.append(SweepRow(label: "lost after \(seconds)s", policy: policy, finder: changed))
  }
  return rows
}

/// The default constants as the table's first row names them.
func describeDefaults() -> String {
  let policy = StationPresencePolicy()
  let finder = BeaconRanging.Configuration()
  return "\(Int(policy.enterThreshold)) dBm, \(policy.enterReportCount) reports, exit \(Int(policy.exitThreshold)), "
    + "window \(finder.smoothingWindow.components.seconds) s, lost \(finder.exitPeriod.components.seconds) s"
}

func format(_ value: Double?) -> String {
  guard let value else { return "–" }
  return String(format: "%.1f", value)
}

func pad(_ text: String, _ width: Int) -> String {
  text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

var arguments = Array(CommandLine.arguments.dropFirst())
let showStops = arguments.contains("--stops")
arguments.removeAll { $0 == "--stops" }
if arguments.isEmpty {
  let names = (try? FileManager.default.contentsOfDirectory(atPath: "Fixtures")) ?? []
  // The rides that come with a truth file (a recorded ride, e.g. through the emulator, may not).
  arguments = names.filter { $0.hasPrefix("ride-") && $0.hasSuffix(".btsnoop") }.sorted()
    .filter { names.contains(String($0.dropLast(".btsnoop".count)) + ".expected-stations.json") }
    .map { "Fixtures/" + $0 }
}
guard !arguments.isEmpty else {
  FileHandle.standardError.write(Data("ride-report: no ride captures (run from the package root)\n".utf8))
  exit(2)
}
var rides: [RideRecording] = []
for path in arguments {
  switch RideRecording.load(capturePath: path) {
  case .success(let ride): rides.append(ride)
  case .failure(let error):
    FileHandle.standardError.write(Data("ride-report: \(error.message)\n".utf8))
    exit(1)
  }
}

print("Rides: \(rides.map(\.name).joined(separator: ", "))")
print("")
let rows = sweepRows()
var defaultScore = RideScore()
print("| policy (change from default) | stops | on time | early | missed | false | suspect | median s | max s |")
print("|---|---|---|---|---|---|---|---|---|")
for row in rows {
  var score = RideScore()
  for ride in rides { score.add(ride, events: ride.events(policy: row.policy, finder: row.finder)) }
  if row.label == "default" { defaultScore = score }
  let label = row.label == "default" ? "**default** (\(describeDefaults()))" : row.label
  print(
    "| \(label) | \(score.stops) | \(score.onTime) | \(score.early) | \(score.missed) | \(score.falseFound) | "
      + "\(score.suspects) | \(format(score.medianLatency)) | \(format(score.latencies.max())) |")
}
if showStops {
  print("")
  print("Default policy, per stop (latency from the station's first report to FOUND):")
  for stop in defaultScore.perStop {
    let when = stop.sinceStandstill.map { offset in
      offset < 0
        ? " (\(format(-offset)) s before the train stood still)" : " (\(format(offset)) s after it stood still)"
    }
    let latency = stop.latency.map { format($0) + " s" + (when ?? "") } ?? "missed"
    print("  \(pad(stop.ride, 34)) \(pad(stop.station, 16)) \(latency)")
  }
}
