/// Which family of LE commands drives scanning or advertising.
///
/// Controllers refuse to mix them: once a host has used an extended advertising or scanning
/// command, legacy ones fail with Command Disallowed until HCI_Reset (Core v5.4 Vol 4 Part E
/// §3.1.1).
public enum CommandSet: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// HCI_LE_Set_Scan_Parameters / _Enable and HCI_LE_Set_Advertising_Parameters / _Data /
  /// _Enable (Bluetooth 4.x and every controller since).
  case legacy
  /// HCI_LE_Set_Extended_Scan_Parameters / _Enable and the extended advertising commands on
  /// advertising set 0 (Bluetooth 5.0 and later, where the controller implements them).
  case extended

  /// The other family.
  public var other: CommandSet { self == .legacy ? .extended : .legacy }

  public var description: String { rawValue }
}

/// How the session picks a ``CommandSet``.
public enum CommandSetPreference: String, Hashable, Sendable, CaseIterable {
  /// From the controller's Supported_Commands bits (never from its HCI version), switching to
  /// the other set when the controller refuses the chosen one.
  case automatic
  /// Always the legacy commands; no switching.
  case legacy
  /// Always the extended commands; no switching.
  case extended

  /// The forced set, or `nil` for ``automatic``.
  public var forcedCommandSet: CommandSet? {
    switch self {
    case .automatic: return nil
    case .legacy: return .legacy
    case .extended: return .extended
    }
  }
}
