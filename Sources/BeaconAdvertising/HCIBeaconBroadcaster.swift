import Beacons
import BluetoothTypes
import HCICodec
import HCIController
import HCITransportCore

/// The ``BeaconBroadcaster`` over a controller's ``HCIConnection``: legacy or extended
/// advertising commands, as the controller supports (``ControllerSession/startAdvertising(data:interval:)``).
///
/// The first ``startBroadcasting(_:interval:)`` opens the connection and starts the session;
/// ``close()`` stops advertising, leaving the controller as it was found, and closes it.
/// A failure keeps its type in ``failure``. Not `Sendable`: use it from one thread.
public final class HCIBeaconBroadcaster: BeaconBroadcaster {
  /// Told of the controller's capabilities when the session starts.
  public var onControllerStarted: ((ControllerCapabilities) -> Void)?
  /// The controller session, once started.
  public private(set) var session: ControllerSession?
  /// Why the last call failed; `nil` after one that worked.
  public private(set) var failure: HCIFailure?

  private let openConnection: () throws(HCIConnectionError) -> any HCIConnection
  private let makeSession: (any HCIConnection) -> ControllerSession

  /// - Parameters:
  ///   - openConnection: opens the connection to the controller.
  ///   - makeSession: the session on it.
  public init(
    openConnection: @escaping () throws(HCIConnectionError) -> any HCIConnection,
    makeSession: @escaping (any HCIConnection) -> ControllerSession = { ControllerSession(connection: $0) }
  ) {
    self.openConnection = openConnection
    self.makeSession = makeSession
  }

  /// Opens the connection and starts the session, if that has not been done.
  public func open() -> BeaconBroadcastResult {
    if session != nil { return .broadcasting }
    failure = nil
    let connection: any HCIConnection
    do throws(HCIConnectionError) {
      connection = try openConnection()
    } catch {
      return fail(.connection(error))
    }
    let session = makeSession(connection)
    do throws(ControllerError) {
      onControllerStarted?(try session.start())
    } catch {
      session.shutdown()
      return fail(.controller(error))
    }
    self.session = session
    return .broadcasting
  }

  public func startBroadcasting(_ frame: BeaconFrame, interval: Duration) -> BeaconBroadcastResult {
    let opened = open()
    guard opened == .broadcasting, let session else { return opened }
    let advertisingInterval: AdvertisingInterval
    do throws(HCIParameterError) {
      // Whole microseconds are exact for the spec's 625 µs units.
      advertisingInterval = try AdvertisingInterval(milliseconds: Double(interval.wholeMicroseconds) / 1000)
    } catch {
      return fail(.controller(.invalidParameter(error.description)))
    }
    do throws(ControllerError) {
      try session.startAdvertising(data: frame.advertisingData, interval: advertisingInterval)
    } catch {
      return fail(.controller(error))
    }
    return .broadcasting
  }

  public func stopBroadcasting() -> BeaconBroadcastStopResult {
    guard let session, session.isAdvertising else { return .notBroadcasting }
    do throws(ControllerError) {
      try session.stopAdvertising()
    } catch {
      failure = .controller(error)
      return .failed
    }
    return .stopped
  }

  /// Serves the controller until `deadline` or until `shouldStop` says so, reading whatever it
  /// sends so that a controller that goes away is noticed; `false` (with ``failure`` set) when it did.
  public func keepAlive(until deadline: ContinuousClock.Instant?, shouldStop: () -> Bool) -> Bool {
    guard let session else { return false }
    let clock = ContinuousClock()
    while !shouldStop() {
      if let deadline, clock.now >= deadline { return true }
      do throws(ControllerError) {
        _ = try session.nextPacket(timeout: .milliseconds(100))
      } catch {
        failure = .controller(error)
        return false
      }
    }
    return true
  }

  /// Stops advertising, leaving the controller as it was found, and closes the connection.
  public func close() {
    session?.shutdown()
    session = nil
  }

  private func fail(_ failure: HCIFailure) -> BeaconBroadcastResult {
    self.failure = failure
    switch failure.kind {
    case .notAuthorized: return .notAuthorized
    case .unavailable: return .bluetoothUnavailable
    case .other: return .failed
    }
  }
}
