// The modules the fuzz targets (Targets/*.swift) link against, built by SwiftPM with the
// fuzzer and address sanitizer instrumentation: `swift build --target FuzzDependencies`.
@_exported import BeaconScanning
@_exported import Beacons
@_exported import BluetoothTypes
@_exported import HCICaptures
@_exported import HCICodec
@_exported import HCITransportCore
