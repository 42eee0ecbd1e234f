import BluetoothTypes
import HCICodec

extension ControllerSession {
  /// Prepares the controller and reads what it can do, then chooses the command sets.
  ///
  /// In order:
  /// 1. HCI_Reset, if ``resetOnStart``.
  /// 2. HCI_Read_Local_Version_Information.
  /// 3. HCI_Read_Local_Supported_Commands.
  /// 4. If ``setsEventMasks``: HCI_Set_Event_Mask with the defaults plus LE Meta, then
  ///    HCI_LE_Set_Event_Mask with LE Advertising Report, plus LE Extended Advertising Report
  ///    when the controller has the extended scanning commands or they are forced (the bit is
  ///    reserved on older controllers, which is why the masks come after the supported
  ///    commands are known).
  /// 5. HCI_LE_Read_Local_Supported_Features.
  /// 6. HCI_Read_BD_ADDR.
  ///
  /// The command sets come from the Supported_Commands bits only (see
  /// ``ControllerCapabilities``), unless ``commandSetPreference`` forces one.
  ///
  /// A started session may be started again: with ``resetOnStart``, the controller is reset
  /// and set up afresh, and the session no longer counts itself scanning or advertising.
  @discardableResult
  public func start() throws(ControllerError) -> ControllerCapabilities {
    if resetOnStart {
      try execute(Reset())
      // A reset leaves the controller neither scanning nor advertising, and free to take
      // either command set again (a session started again: a deaf controller's recovery).
      isScanning = false
      isAdvertising = false
      advertisingSetExists = false
      usedCommandSets = []
      record(.reset)
    }
    let version = try execute(ReadLocalVersionInformation())
    let supportedCommands = try execute(ReadLocalSupportedCommands()).supportedCommands
    let forced = commandSetPreference.forcedCommandSet
    var capabilities = ControllerCapabilities(
      hciVersion: version.hciVersion, hciSubversion: version.hciSubversion, lmpVersion: version.lmpVersion,
      lmpSubversion: version.lmpSubversion, companyIdentifier: version.companyIdentifier,
      address: BluetoothAddress(rawValue: 0), supportedCommands: supportedCommands, leFeatures: [])
    scanningCommandSet = forced ?? capabilities.scanningCommandSet
    advertisingCommandSet = forced ?? capabilities.advertisingCommandSet
    if setsEventMasks {
      try execute(SetEventMask(eventMask: Self.eventMask))
      let extendedReports = capabilities.supportsExtendedScanning || scanningCommandSet == .extended
      try execute(LESetEventMask(leEventMask: Self.leEventMask(extendedReports: extendedReports)))
    }
    capabilities.leFeatures = try execute(LEReadLocalSupportedFeatures()).leFeatures
    capabilities.address = try execute(ReadBDADDR()).bdAddr
    self.capabilities = capabilities
    record(
      .commandSetsChosen(scanning: scanningCommandSet, advertising: advertisingCommandSet, forced: forced != nil))
    return capabilities
  }

  /// The controller's default events plus LE Meta (0x20001FFFFFFFFFFF); the defaults include
  /// Hardware Error, and Command Complete and Command Status cannot be masked.
  static let eventMask = EventMask.default.union(.leMeta)

  /// LE Advertising Report, and LE Extended Advertising Report when `extendedReports`.
  static func leEventMask(extendedReports: Bool) -> LEEventMask {
    extendedReports ? [.advertisingReport, .extendedAdvertisingReport] : [.advertisingReport]
  }
}
