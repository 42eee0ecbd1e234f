/// A status of the kernel's management interface (BlueZ `doc/mgmt-api.txt`, "Error Codes").
public struct ManagementStatus: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let success = ManagementStatus(rawValue: 0x00)
  public static let unknownCommand = ManagementStatus(rawValue: 0x01)
  public static let failed = ManagementStatus(rawValue: 0x03)
  public static let busy = ManagementStatus(rawValue: 0x0A)
  public static let rejected = ManagementStatus(rawValue: 0x0B)
  public static let notSupported = ManagementStatus(rawValue: 0x0C)
  public static let invalidParameters = ManagementStatus(rawValue: 0x0D)
  public static let notPowered = ManagementStatus(rawValue: 0x0F)
  public static let invalidIndex = ManagementStatus(rawValue: 0x11)
  public static let rfkilled = ManagementStatus(rawValue: 0x12)
  public static let permissionDenied = ManagementStatus(rawValue: 0x14)

  private static let names: [UInt8: String] = [
    0x00: "Success", 0x01: "Unknown Command", 0x02: "Not Connected", 0x03: "Failed", 0x04: "Connect Failed",
    0x05: "Authentication Failed", 0x06: "Not Paired", 0x07: "No Resources", 0x08: "Timeout",
    0x09: "Already Connected", 0x0A: "Busy", 0x0B: "Rejected", 0x0C: "Not Supported", 0x0D: "Invalid Parameters",
    0x0E: "Disconnected", 0x0F: "Not Powered", 0x10: "Cancelled", 0x11: "Invalid Index", 0x12: "RFKilled",
    0x13: "Already Paired", 0x14: "Permission Denied",
  ]

  /// `Not Powered (0x0f)`.
  public var description: String {
    let hex = String(rawValue, radix: 16)
    return "\(Self.names[rawValue] ?? "status") (0x\(hex.count < 2 ? "0" + hex : hex))"
  }
}
