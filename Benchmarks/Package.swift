// swift-tools-version: 6.2
import PackageDescription

// The benchmarks, kept out of the main package so that its test build does not compile
// ordo-one/benchmark. `swift package benchmark` here runs DecodeBenchmarks; `tools/bench` runs
// bench-decode beside the Python decoders, and bench-plan for plans by a GTFS timetable. Both read a capture written by tools/bench-capture.py
// (BENCH_CAPTURE, default /tmp/beacon-bench/bench-1m.btsnoop); DecodeBenchmarks also the
// distinct-identity one that tools/bench writes (BENCH_DISTINCT_CAPTURE, default
// /tmp/beacon-bench/bench-distinct-1m.btsnoop), when it is there.
let package = Package(
  name: "beacon-benchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "beacon-toolkit", path: ".."),
    .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    .target(
      name: "BenchSupport",
      dependencies: [
        .product(name: "BluetoothTypes", package: "beacon-toolkit"),
        .product(name: "HCICodec", package: "beacon-toolkit"),
        .product(name: "HCITransportCore", package: "beacon-toolkit"),
        .product(name: "HCICaptures", package: "beacon-toolkit"),
        .product(name: "Beacons", package: "beacon-toolkit"),
        .product(name: "BeaconScanning", package: "beacon-toolkit"),
        .product(name: "MRTNavigation", package: "beacon-toolkit"),
        .product(name: "BeaconStatistics", package: "beacon-toolkit"),
        .product(name: "StationCatalogs", package: "beacon-toolkit"),
      ]
    ),
    .executableTarget(name: "bench-decode", dependencies: ["BenchSupport"]),
    // Plans by a GTFS feed's timetable, timed after the load (tools/bench-gtfs.py runs it).
    .executableTarget(
      name: "bench-plan",
      dependencies: [
        .product(name: "TransitFeeds", package: "beacon-toolkit"),
        .product(name: "TransitNetworks", package: "beacon-toolkit"),
      ]
    ),
    .executableTarget(
      name: "DecodeBenchmarks",
      dependencies: [
        "BenchSupport",
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/DecodeBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
