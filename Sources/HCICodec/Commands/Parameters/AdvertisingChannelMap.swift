/// Advertising_Channel_Map / Primary_Advertising_Channel_Map
/// (Core v5.4 Vol 4 Part E §7.8.5, §7.8.53): which primary advertising channels to use.
public struct AdvertisingChannelMap: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Bit 0: channel 37.
  public static let channel37 = AdvertisingChannelMap(rawValue: 1 << 0)
  /// Bit 1: channel 38.
  public static let channel38 = AdvertisingChannelMap(rawValue: 1 << 1)
  /// Bit 2: channel 39.
  public static let channel39 = AdvertisingChannelMap(rawValue: 1 << 2)
  /// All three channels (0x07, the default).
  public static let all: AdvertisingChannelMap = [.channel37, .channel38, .channel39]
}
