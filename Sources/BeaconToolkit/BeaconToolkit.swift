// The reference documentation lives in BeaconToolkit.docc beside this file; this module has no
// code. Build it with `swift package generate-documentation --target BeaconToolkit`.
