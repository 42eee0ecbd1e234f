import BluetoothTypes

// Small helpers shared by the command codecs.

extension ByteReader {
  /// Reads a one-octet boolean (`0x00` or `0x01`); any other value is
  /// ``ByteDecodingError/invalidValue(field:value:)``.
  mutating func readBool(_ field: String) throws(ByteDecodingError) -> Bool {
    let value = try readUInt8(field)
    switch value {
    case 0x00: return false
    case 0x01: return true
    default: throw .invalidValue(field: field, value: UInt64(value))
    }
  }
}

extension ByteWriter {
  mutating func write(_ value: Bool) { write(value ? UInt8(0x01) : UInt8(0x00)) }
}

/// Converts milliseconds to a count of `unit`-millisecond steps, rounding to the nearest
/// step, and checks it against `range`. NaN and infinities are out of range.
func unitCount(
  milliseconds: Double, unit: Double, range: ClosedRange<UInt32>, field: String
) throws(HCIParameterError) -> UInt32 {
  let allowed = Double(range.lowerBound) * unit...Double(range.upperBound) * unit
  let steps = (milliseconds / unit).rounded()
  guard steps.isFinite, steps >= Double(range.lowerBound), steps <= Double(range.upperBound) else {
    throw .outOfRange(field: field, milliseconds: milliseconds, allowed: allowed)
  }
  return UInt32(steps)
}
