// swift-tools-version: 6.2
import PackageDescription

// libFuzzer targets for the decoders that see untrusted bytes. tools/fuzz builds the decoding
// modules (BluetoothTypes, HCICodec, HCITransportCore, HCICaptures, Beacons, BeaconScanning) here with -sanitize=fuzzer,address (`swift build --target FuzzDependencies`),
// then compiles each Targets/*.swift (which defines LLVMFuzzerTestOneInput; libFuzzer supplies
// main) with swiftc against them. Kept out of the main package, whose build never needs the
// fuzzer runtime.
let package = Package(
  name: "beacon-fuzz",
  dependencies: [.package(name: "beacon-toolkit", path: "..")],
  targets: [
    .target(
      name: "FuzzDependencies",
      dependencies: [
        .product(name: "BluetoothTypes", package: "beacon-toolkit"),
        .product(name: "HCICodec", package: "beacon-toolkit"),
        .product(name: "HCITransportCore", package: "beacon-toolkit"),
        .product(name: "HCICaptures", package: "beacon-toolkit"),
        .product(name: "Beacons", package: "beacon-toolkit"),
        .product(name: "BeaconScanning", package: "beacon-toolkit"),
      ])
  ],
  swiftLanguageModes: [.v6]
)
