/// Peer_Address_Type (Direct_Address_Type in the legacy command) of the advertising
/// parameter commands (Core v5.4 Vol 4 Part E §7.8.5, §7.8.53).
public struct PeerAddressType: RawRepresentable, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Public Device Address or Public Identity Address.
  public static let `public` = PeerAddressType(rawValue: 0x00)
  /// Random Device Address or Random (static) Identity Address.
  public static let random = PeerAddressType(rawValue: 0x01)
}
