import BluetoothTypes
import HCICodec

/// What a controller said about itself when the session started: its versions, address,
/// Supported_Commands bits and LE features.
///
/// ## Choosing legacy or extended commands
///
/// ``prefersExtendedScanning`` and ``prefersExtendedAdvertising`` look only at the
/// Supported_Commands bits of the extended commands, never at ``hciVersion``. An HCI version
/// of 5.0 or later does not mean the extended commands exist: the Raspberry Pi 4's controller
/// (Cypress CYW43455) is reported to claim HCI 5.0 without the extended commands, so guessing
/// from the version number breaks there. (Reported by others; not tried on a Pi here.)
public struct ControllerCapabilities: Hashable, Sendable {
  /// HCI_Version.
  public var hciVersion: CoreSpecificationVersion
  /// HCI_Subversion.
  public var hciSubversion: UInt16
  /// LMP_Version (the Link Layer version on an LE-only controller).
  public var lmpVersion: CoreSpecificationVersion
  /// LMP_Subversion.
  public var lmpSubversion: UInt16
  /// Company_Identifier: the manufacturer, a Bluetooth SIG company identifier.
  public var companyIdentifier: UInt16
  /// BD_ADDR: the public address (all zero on a controller without one).
  public var address: BluetoothAddress
  /// Supported_Commands.
  public var supportedCommands: SupportedCommands
  /// LE_Features, page 0.
  public var leFeatures: LEFeatures

  public init(
    hciVersion: CoreSpecificationVersion, hciSubversion: UInt16 = 0, lmpVersion: CoreSpecificationVersion,
    lmpSubversion: UInt16 = 0, companyIdentifier: UInt16, address: BluetoothAddress,
    supportedCommands: SupportedCommands, leFeatures: LEFeatures
  ) {
    self.hciVersion = hciVersion
    self.hciSubversion = hciSubversion
    self.lmpVersion = lmpVersion
    self.lmpSubversion = lmpSubversion
    self.companyIdentifier = companyIdentifier
    self.address = address
    self.supportedCommands = supportedCommands
    self.leFeatures = leFeatures
  }

  /// Whether Supported_Commands has the bits of HCI_LE_Set_Scan_Parameters and
  /// HCI_LE_Set_Scan_Enable.
  public var supportsLegacyScanning: Bool {
    supportedCommands.supports(.leSetScanParameters) && supportedCommands.supports(.leSetScanEnable)
  }

  /// Whether Supported_Commands has the bits of HCI_LE_Set_Extended_Scan_Parameters and
  /// HCI_LE_Set_Extended_Scan_Enable.
  public var supportsExtendedScanning: Bool {
    supportedCommands.supports(.leSetExtendedScanParameters) && supportedCommands.supports(.leSetExtendedScanEnable)
  }

  /// Whether Supported_Commands has the bits of HCI_LE_Set_Advertising_Parameters, _Data and
  /// _Enable.
  public var supportsLegacyAdvertising: Bool {
    supportedCommands.supports(.leSetAdvertisingParameters) && supportedCommands.supports(.leSetAdvertisingData)
      && supportedCommands.supports(.leSetAdvertisingEnable)
  }

  /// Whether Supported_Commands has the bits of HCI_LE_Set_Extended_Advertising_Parameters,
  /// _Data and _Enable.
  public var supportsExtendedAdvertising: Bool {
    supportedCommands.supports(.leSetExtendedAdvertisingParameters)
      && supportedCommands.supports(.leSetExtendedAdvertisingData)
      && supportedCommands.supports(.leSetExtendedAdvertisingEnable)
  }

  /// Scan with the extended commands: exactly when ``supportsExtendedScanning``.
  /// See the type's discussion for why the HCI version plays no part.
  public var prefersExtendedScanning: Bool { supportsExtendedScanning }

  /// Advertise with the extended commands: exactly when ``supportsExtendedAdvertising``.
  public var prefersExtendedAdvertising: Bool { supportsExtendedAdvertising }

  /// The command set for scanning: extended if preferred, otherwise legacy.
  public var scanningCommandSet: CommandSet { prefersExtendedScanning ? .extended : .legacy }

  /// The command set for advertising: extended if preferred, otherwise legacy.
  public var advertisingCommandSet: CommandSet { prefersExtendedAdvertising ? .extended : .legacy }

  /// Whether the controller claims the commands `set` needs for scanning.
  public func supportsScanning(with set: CommandSet) -> Bool {
    set == .legacy ? supportsLegacyScanning : supportsExtendedScanning
  }

  /// Whether the controller claims the commands `set` needs for advertising.
  public func supportsAdvertising(with set: CommandSet) -> Bool {
    set == .legacy ? supportsLegacyAdvertising : supportsExtendedAdvertising
  }
}

extension ControllerCapabilities: CustomStringConvertible {
  /// One line, e.g. `HCI 5.0 (rev 0x0000), LMP 5.0 (0x6119), company 0x000F, address
  /// B8:27:EB:12:34:56, scanning legacy, advertising legacy`.
  public var description: String {
    "HCI \(hciVersion) (rev 0x\(Hex.encode(bigEndian: UInt64(hciSubversion), byteCount: 2))), LMP \(lmpVersion) "
      + "(0x\(Hex.encode(bigEndian: UInt64(lmpSubversion), byteCount: 2))), company 0x\(Hex.encode(bigEndian: UInt64(companyIdentifier), byteCount: 2)), "
      + "address \(address), scanning \(scanningCommandSet), advertising \(advertisingCommandSet)"
  }
}
