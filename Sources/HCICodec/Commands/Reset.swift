import BluetoothTypes

/// HCI_Reset (Core v5.4 Vol 4 Part E §7.3.2): resets the controller (and the link manager
/// or link layer). No parameters; returns Status.
public struct Reset: HCICommandWithReturnParameters, HCICommandWithoutParameters {
  public typealias ReturnParameters = StatusReturnParameters
  public static let opcode = HCIOpcode(rawValue: 0x0C03)

  public init() {}
}
