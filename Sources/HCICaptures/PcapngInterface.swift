import BluetoothTypes

/// What a pcapng Interface Description Block says about the packets captured on it.
public struct PcapngInterface: Hashable, Sendable {
  /// How to read the packets' bytes.
  public var linkType: PcapLinkType
  /// The largest number of bytes stored per packet; 0 means no limit.
  public var snapLength: UInt32
  /// The `if_tsresol` option as stored (default 6): bit 7 clear means units of
  /// 10^-value seconds, set means 2^-(value & 0x7F) seconds.
  public var timestampResolution: UInt8
  /// The `if_tsoffset` option: seconds to add to every timestamp (default 0).
  public var timestampOffsetSeconds: Int64

  public init(
    linkType: PcapLinkType, snapLength: UInt32, timestampResolution: UInt8 = 6, timestampOffsetSeconds: Int64 = 0
  ) {
    self.linkType = linkType
    self.snapLength = snapLength
    self.timestampResolution = timestampResolution
    self.timestampOffsetSeconds = timestampOffsetSeconds
  }

  /// A packet block's 64-bit timestamp as a time, truncated to whole microseconds (and
  /// clamped to what ``Timestamp`` can hold).
  public func captureTime(timestamp: UInt64) -> Timestamp {
    let exponent = Int(timestampResolution & 0x7F)
    let microseconds: UInt64
    if timestampResolution & 0x80 != 0 {
      // units of 2^-exponent seconds: timestamp * 10^6 / 2^exponent, in 128 bits.
      let product = timestamp.multipliedFullWidth(by: 1_000_000)
      if exponent >= 128 {
        microseconds = 0
      } else if exponent >= 64 {
        microseconds = product.high >> UInt64(exponent - 64)
      } else if exponent == 0 {
        microseconds = product.high == 0 ? product.low : UInt64.max
      } else {
        let high = product.high >> UInt64(exponent)
        microseconds = high != 0 ? UInt64.max : product.low >> UInt64(exponent) | product.high << UInt64(64 - exponent)
      }
    } else if exponent >= 6 {
      // units of 10^-exponent seconds: divide by 10^(exponent - 6); beyond 10^19 the result is 0.
      let divisorExponent = exponent - 6
      microseconds = divisorExponent > 19 ? 0 : timestamp / Self.powerOfTen(divisorExponent)
    } else {
      let (product, overflow) = timestamp.multipliedReportingOverflow(by: Self.powerOfTen(6 - exponent))
      microseconds = overflow ? UInt64.max : product
    }
    let clamped = Int64(clamping: microseconds)
    let (offset, offsetOverflow) = timestampOffsetSeconds.multipliedReportingOverflow(by: 1_000_000)
    let (total, totalOverflow) = clamped.addingReportingOverflow(offset)
    let value = offsetOverflow || totalOverflow ? (timestampOffsetSeconds < 0 ? Int64.min : Int64.max) : total
    return Timestamp(microsecondsSinceUnixEpoch: value)
  }

  private static func powerOfTen(_ exponent: Int) -> UInt64 {
    var value: UInt64 = 1
    for _ in 0..<exponent { value *= 10 }
    return value
  }
}
