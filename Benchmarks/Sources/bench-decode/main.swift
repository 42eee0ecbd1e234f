import BenchSupport

#if canImport(Glibc)
  import Glibc
#endif

// bench-decode CAPTURE [PASSES [WORKLOAD...]]: times each workload (or only those named) over
// the whole capture, best of PASSES (default 5), and prints one JSON object: nanoseconds per
// advertising report for each.
let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
  print("usage: bench-decode CAPTURE [PASSES [WORKLOAD...]]")
  exit(64)
}
let passes = arguments.count >= 3 ? max(1, Int(arguments[2]) ?? 5) : 5
let capture: BenchCapture
do {
  capture = try BenchCapture(path: arguments[1])
} catch {
  print("bench-decode: \(error)")
  exit(66)
}
let reports = capture.reportCount
let clock = ContinuousClock()

/// Best wall time of `passes` runs, in nanoseconds per report.
func nanosecondsPerReport(_ work: () -> Int) -> (Double, Int) {
  var best = Duration.seconds(1_000_000)
  var result = 0
  for _ in 0..<passes {
    let start = clock.now
    result = work()
    best = min(best, clock.now - start)
  }
  let (seconds, attoseconds) = best.components
  return ((Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(reports), result)
}

let workloads: [(String, () -> Int)] = [
  ("hciToIdentity", { BenchWorkloads.hciToIdentity(capture.packets) }),
  ("payloadToIdentity", { BenchWorkloads.payloadToIdentity(capture.payloads) }),
  ("scanner", { BenchWorkloads.scanner(capture.packets) }),
  ("scannerAndStations", { BenchWorkloads.scannerAndStations(capture.packets) }),
  ("summary", { BenchWorkloads.summary(capture.packets) }),
]
var fields = ["\"reports\":\(reports)", "\"passes\":\(passes)"]
let chosen = Set(arguments.dropFirst(3))
for (name, work) in workloads where chosen.isEmpty || chosen.contains(name) {
  let (nanoseconds, result) = nanosecondsPerReport(work)
  fields.append("\"\(name)\":{\"nsPerReport\":\((nanoseconds * 10).rounded() / 10),\"result\":\(result)}")
}
print("{" + fields.joined(separator: ",") + "}")
