import HCICodec

extension ControllerSession {
  /// Starts scanning with ``scanningCommandSet``; the reports then come from
  /// ``nextPacket(timeout:)``.
  ///
  /// Legacy: HCI_LE_Set_Scan_Parameters, HCI_LE_Set_Scan_Enable (enable). Extended:
  /// HCI_LE_Set_Extended_Scan_Parameters (LE 1M only), HCI_LE_Set_Extended_Scan_Enable
  /// (enable, continuous, no period). Command Disallowed and Unknown HCI Command are recovered
  /// from as ``withRecovery(_:attempt:disable:)`` describes. Scanning this session already
  /// started is stopped first.
  public func startScanning(_ configuration: ScanConfiguration = ScanConfiguration()) throws(ControllerError) {
    if isScanning { try stopScanning() }
    let set = try withRecovery(
      .scanning, attempt: { (set) throws(ControllerError) in try enableScanning(configuration, with: set) },
      disable: { (set) throws(ControllerError) in try disableScanning(with: set) })
    scanningCommandSet = set
    isScanning = true
  }

  /// Stops the scanning this session started (nothing is sent if it is not scanning).
  public func stopScanning() throws(ControllerError) {
    guard isScanning else { return }
    try disableScanning(with: scanningCommandSet)
    isScanning = false
  }

  private func enableScanning(_ configuration: ScanConfiguration, with set: CommandSet) throws(ControllerError) {
    let range = set == .legacy ? ScanInterval.legacyRange : ScanInterval.extendedRange
    let interval = try Self.scanInterval(configuration.intervalMilliseconds, range: range, name: "scan interval")
    let window = try Self.scanInterval(configuration.windowMilliseconds, range: range, name: "scan window")
    guard window.rawValue <= interval.rawValue else {
      throw .invalidParameter(
        "the scan window (\(configuration.windowMilliseconds) ms) must not be longer than the scan interval "
          + "(\(configuration.intervalMilliseconds) ms)")
    }
    let scanType: LEScanType = configuration.active ? .active : .passive
    let filterDuplicates: FilterDuplicates = configuration.filterDuplicates ? .enabled : .disabled
    switch set {
    case .legacy:
      try execute(LESetScanParameters(leScanType: scanType, leScanInterval: interval, leScanWindow: window))
      try execute(LESetScanEnable(leScanEnable: true, filterDuplicates: filterDuplicates))
    case .extended:
      try execute(
        LESetExtendedScanParameters(
          le1M: .init(scanType: scanType, scanInterval: interval, scanWindow: window)))
      try execute(LESetExtendedScanEnable(enable: true, filterDuplicates: filterDuplicates))
    }
  }

  func disableScanning(with set: CommandSet) throws(ControllerError) {
    switch set {
    case .legacy: try execute(LESetScanEnable(leScanEnable: false))
    case .extended: try execute(LESetExtendedScanEnable(enable: false))
    }
  }

  private static func scanInterval(_ milliseconds: Double, range: ClosedRange<UInt16>, name: String)
    throws(ControllerError) -> ScanInterval
  {
    do {
      return try ScanInterval(milliseconds: milliseconds, range: range)
    } catch {
      let low = Double(range.lowerBound) * ScanInterval.unitMilliseconds
      let high = Double(range.upperBound) * ScanInterval.unitMilliseconds
      throw .invalidParameter("the \(name) of \(milliseconds) ms is outside \(low)...\(high) ms")
    }
  }
}
