import BluetoothTypes
/// Whether this process may scan with a Bluetooth adapter now.
///
/// The domain does no I/O and cannot find out itself: on Linux it depends on capabilities
/// (`CAP_NET_RAW`/`CAP_NET_ADMIN`) and on an adapter being present and up, which the transport
/// side checks. It implements ``BluetoothAuthorizing`` and hands it to the use cases.
public enum BluetoothAuthorization: Hashable, Sendable {
  case authorized
  /// The process has no permission to use the adapter.
  case notAuthorized
  /// There is no adapter, or it is down or gone.
  case unavailable
}

/// Tells the use cases, when they start, whether scanning is possible.
public protocol BluetoothAuthorizing: Sendable {
  /// The authorization now.
  func currentAuthorization() -> BluetoothAuthorization
}

/// A fixed answer, for callers that have already opened the adapter (and for tests).
public struct FixedBluetoothAuthorization: BluetoothAuthorizing {
  public var authorization: BluetoothAuthorization

  public init(_ authorization: BluetoothAuthorization = .authorized) { self.authorization = authorization }

  public func currentAuthorization() -> BluetoothAuthorization { authorization }
}
