import BluetoothTypes
import HCICodec

extension ControllerSession {
  /// The advertising set the extended commands use.
  public static let advertisingHandle: AdvertisingHandle = 0

  /// Starts non-connectable, non-scannable advertising (ADV_NONCONN_IND, what beacons send)
  /// of `data` on all three primary channels, with ``advertisingCommandSet``.
  ///
  /// Legacy: ``LegacyAdvertisingCommands``, the sequence the beacon dry run prints. Extended, on
  /// advertising set 0 with legacy PDUs (Advertising_Event_Properties 0x0010):
  /// HCI_LE_Set_Extended_Advertising_Parameters, HCI_LE_Set_Extended_Advertising_Data,
  /// HCI_LE_Set_Extended_Advertising_Enable (enable set 0). Refusals are recovered from as
  /// ``withRecovery(_:attempt:disable:)`` describes; advertising this session already started
  /// is stopped first.
  ///
  /// Throws ``ControllerError/invalidParameter(_:)`` when `data` is longer than the 31 bytes
  /// a legacy PDU carries.
  public func startAdvertising(data: AdvertisingData, interval: AdvertisingInterval = .hundredMilliseconds)
    throws(ControllerError)
  {
    let payload: LegacyAdvertisingPayload
    do {
      payload = try LegacyAdvertisingPayload(data)
    } catch {
      throw .invalidParameter(
        "the advertising data has \(data.bytes.count) bytes; a legacy advertising PDU carries at most "
          + "\(LegacyAdvertisingPayload.maximumLength)")
    }
    if isAdvertising || advertisingSetExists { try stopAdvertising() }
    let set = try withRecovery(
      .advertising,
      attempt: { (set) throws(ControllerError) in try enableAdvertising(payload, interval: interval, with: set) },
      disable: { (set) throws(ControllerError) in try disableAdvertising(with: set, removingSet: false) })
    advertisingCommandSet = set
    isAdvertising = true
  }

  /// Stops the advertising this session started: disables it and, with the extended
  /// commands, removes advertising set 0 (HCI_LE_Set_Extended_Advertising_Enable with
  /// disable, then HCI_LE_Remove_Advertising_Set). Nothing is sent if the session is not
  /// advertising.
  public func stopAdvertising() throws(ControllerError) {
    guard isAdvertising || advertisingSetExists else { return }
    try disableAdvertising(with: advertisingCommandSet, removingSet: true)
  }

  private func enableAdvertising(
    _ payload: LegacyAdvertisingPayload, interval: AdvertisingInterval, with set: CommandSet
  )
    throws(ControllerError)
  {
    switch set {
    case .legacy:
      let commands = LegacyAdvertisingCommands(payload: payload, interval: interval)
      try disableLegacyAdvertisingIfOn()
      try execute(commands.parameters)
      try execute(commands.data)
      try execute(commands.enable)
    case .extended:
      let extendedInterval = ExtendedAdvertisingInterval(interval)
      try execute(
        LESetExtendedAdvertisingParameters(
          advertisingHandle: Self.advertisingHandle, advertisingEventProperties: .advNonconnInd,
          primaryAdvertisingIntervalMin: extendedInterval, primaryAdvertisingIntervalMax: extendedInterval))
      advertisingSetExists = true
      try execute(
        Self.invalidParameterMapped { () throws(HCIParameterError) in
          try LESetExtendedAdvertisingData(advertisingHandle: Self.advertisingHandle, advertisingData: payload.bytes)
        })
      try execute(try Self.extendedEnable(true))
    }
  }

  /// The first command of the legacy sequence. Some 4.x controllers answer a disable while
  /// not advertising with Command Disallowed; that means "already off" unless this session
  /// has used extended commands, which makes the controller refuse legacy ones.
  private func disableLegacyAdvertisingIfOn() throws(ControllerError) {
    do {
      try execute(LESetAdvertisingEnable(advertisingEnable: false))
    } catch  where error.failedStatus == .commandDisallowed && !usedCommandSets.contains(.extended) {}
  }

  func disableAdvertising(with set: CommandSet, removingSet: Bool) throws(ControllerError) {
    switch set {
    case .legacy:
      try execute(LESetAdvertisingEnable(advertisingEnable: false))
      isAdvertising = false
    case .extended:
      try execute(try Self.extendedEnable(false))
      isAdvertising = false
      if removingSet {
        try execute(LERemoveAdvertisingSet(advertisingHandle: Self.advertisingHandle))
        advertisingSetExists = false
      }
    }
  }

  private static func extendedEnable(_ enable: Bool) throws(ControllerError) -> LESetExtendedAdvertisingEnable {
    try invalidParameterMapped { () throws(HCIParameterError) in
      try LESetExtendedAdvertisingEnable(enable: enable, sets: [.init(advertisingHandle: advertisingHandle)])
    }
  }

  private static func invalidParameterMapped<T>(_ body: () throws(HCIParameterError) -> T) throws(ControllerError) -> T
  {
    do {
      return try body()
    } catch {
      throw .invalidParameter(error.description)
    }
  }
}
