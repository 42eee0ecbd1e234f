import Beacons
import BluetoothTypes

/// AD structures and beacon frames: the input is one report's AD payload. Every parser that
/// reads it must return a value or a typed error, never trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzADBeacon(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: start, count: count))
  let data = AdvertisingData(bytes)
  _ = data.structures
  if let frame = BeaconFrame(advertisingData: data) {
    // What we decoded must encode back to a payload that decodes to the same identity.
    let again = BeaconFrame(advertisingData: frame.advertisingData)
    if again?.identity != frame.identity { fatalError("re-encoded frame has another identity: \(frame)") }
    _ = frame.identity.description
    _ = frame.txPowerAt1m
  }
  _ = try? IBeacon(manufacturerSpecificData: bytes[...])
  _ = try? AltBeacon(manufacturerSpecificData: bytes[...])
  _ = try? EddystoneUID(serviceData: bytes[...])
  return 0
}
