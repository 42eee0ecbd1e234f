import BenchSupport
import Benchmark

#if canImport(Glibc)
  import Glibc
#endif

/// The capture of tools/bench-capture.py named by BENCH_CAPTURE.
private let capturePath = getenv("BENCH_CAPTURE").map { String(cString: $0) } ?? "/tmp/beacon-bench/bench-1m.btsnoop"

nonisolated(unsafe) let benchmarks: @Sendable () -> Void = {
  let capture: BenchCapture
  do {
    capture = try BenchCapture(path: capturePath)
  } catch {
    print("DecodeBenchmarks: \(error)")
    return
  }
  // One iteration is the whole capture; scalingFactor divides the figures by 1 000 000 reports
  // when the capture has that many (tools/bench-capture.py's default).
  let configuration = Benchmark.Configuration(
    metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
    scalingFactor: .mega, maxDuration: .seconds(10), maxIterations: 10)
  Benchmark("HCI bytes to beacon identity", configuration: configuration) { benchmark in
    blackHole(BenchWorkloads.hciToIdentity(capture.packets))
  }
  Benchmark("AD payload to beacon identity", configuration: configuration) { benchmark in
    blackHole(BenchWorkloads.payloadToIdentity(capture.payloads))
  }
  Benchmark("BeaconScanner", configuration: configuration) { benchmark in
    blackHole(BenchWorkloads.scanner(capture.packets))
  }
  Benchmark("BeaconScanner + StationDetector", configuration: configuration) { benchmark in
    blackHole(BenchWorkloads.scannerAndStations(capture.packets))
  }
  Benchmark("BeaconScanner + ScanSummary", configuration: configuration) { benchmark in
    blackHole(BenchWorkloads.summary(capture.packets))
  }
}
