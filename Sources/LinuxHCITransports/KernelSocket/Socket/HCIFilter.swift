import HCICodec

/// Which packets a raw-channel ``HCISocket`` receives (BlueZ's `struct hci_filter`).
public struct HCIFilter: Hashable, Sendable {
  /// Which event codes pass.
  public enum Events: Hashable, Sendable {
    /// Every event code.
    case all
    /// Only these codes. The kernel keeps one bit per code modulo 64, so a code of 64 or
    /// more also passes the code 64 below it (0xFF, vendor events, shares bit 63 with 0x3F).
    case only(Set<HCIEventCode>)
  }

  /// The packet types that pass; events are further narrowed by ``events``.
  public var packetTypes: Set<HCIPacketType>
  /// The event codes that pass, when ``packetTypes`` contains ``HCIPacketType/event``.
  public var events: Events

  public init(packetTypes: Set<HCIPacketType>, events: Events = .all) {
    self.packetTypes = packetTypes
    self.events = events
  }

  /// Every event, nothing else: what a scanner wants.
  public static let allEvents = HCIFilter(packetTypes: [.event], events: .all)

  /// Events, commands, ACL, SCO and ISO data, and vendor packets: everything the raw
  /// channel can deliver.
  public static let everything = HCIFilter(
    packetTypes: [.command, .event, .aclData, .synchronousData, .isoData, HCIPacketType(rawValue: 0xFF)],
    events: .all)
}
