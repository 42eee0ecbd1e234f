// The modules the fuzz targets (Targets/*.swift) link against, built by SwiftPM with the
// fuzzer and address sanitizer instrumentation: `swift build --target FuzzDependencies`.
@_exported import BeaconDomain
@_exported import HCICodec
