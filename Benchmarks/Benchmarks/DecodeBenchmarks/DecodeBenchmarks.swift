import BenchSupport
import Benchmark

#if canImport(Glibc)
  import Glibc
#endif

/// The capture of tools/bench-capture.py named by BENCH_CAPTURE: few identities, as most places.
private let capturePath = getenv("BENCH_CAPTURE").map { String(cString: $0) } ?? "/tmp/beacon-bench/bench-1m.btsnoop"

/// The capture of `tools/bench-capture.py --distinct-identities` named by BENCH_DISTINCT_CAPTURE
/// (tools/bench writes it): most reports a new identity from a new address, a crowded concourse
/// or a BLE-spam flood. Its benchmarks are skipped, with a message, when it is not there.
private let distinctCapturePath =
  getenv("BENCH_DISTINCT_CAPTURE").map { String(cString: $0) } ?? "/tmp/beacon-bench/bench-distinct-1m.btsnoop"

nonisolated(unsafe) let benchmarks: @Sendable () -> Void = {
  // One iteration is the whole capture; scalingFactor divides the figures by 1 000 000 reports
  // when the capture has that many (tools/bench-capture.py's default, and tools/bench's
  // distinct-identity capture).
  let configuration = Benchmark.Configuration(
    metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
    scalingFactor: .mega, maxDuration: .seconds(10), maxIterations: 10)

  /// The five workloads on one capture, their names followed by `suffix`.
  func register(_ capture: BenchCapture, suffix: String) {
    Benchmark("HCI bytes to beacon identity" + suffix, configuration: configuration) { benchmark in
      blackHole(BenchWorkloads.hciToIdentity(capture.packets))
    }
    Benchmark("AD payload to beacon identity" + suffix, configuration: configuration) { benchmark in
      blackHole(BenchWorkloads.payloadToIdentity(capture.payloads))
    }
    Benchmark("BeaconScanner" + suffix, configuration: configuration) { benchmark in
      blackHole(BenchWorkloads.scanner(capture.packets))
    }
    Benchmark("BeaconScanner + StationDetector" + suffix, configuration: configuration) { benchmark in
      blackHole(BenchWorkloads.scannerAndStations(capture.packets))
    }
    Benchmark("BeaconScanner + ScanSummary" + suffix, configuration: configuration) { benchmark in
      blackHole(BenchWorkloads.summary(capture.packets))
    }
  }

  do {
    register(try BenchCapture(path: capturePath), suffix: "")
  } catch {
    print("DecodeBenchmarks: \(error)")
  }
  do {
    register(try BenchCapture(path: distinctCapturePath), suffix: ", distinct identities")
  } catch {
    print("DecodeBenchmarks: skipping the distinct-identity benchmarks: \(error)")
  }
}
