import HCIController
import HCITransport
import LinuxHCISocket

/// Opens the controller a ``TransportSpec`` names, and sets a session up the way that
/// transport needs.
enum ControllerConnector {
  /// A connection to the controller; for `replay:` there is none (the caller replays instead).
  static func open(_ spec: TransportSpec, exclusive: Bool) throws(HCIConnectionError) -> any HCIConnection {
    switch spec {
    case .kernel(let device):
      return try KernelHCIConnection.open(device: HCIDeviceIndex(rawValue: device), exclusive: exclusive)
    case .serial(let path, let baudRate, let flowControl):
      do {
        return try SerialPort.open(path: path, baudRate: baudRate, flowControl: flowControl, name: spec.description)
      } catch {
        throw .failed(error.description)
      }
    case .tcp(let host, let port):
      do {
        return try TCPClient.connect(host: host, port: port, name: spec.description)
      } catch {
        throw .failed(error.description)
      }
    case .replay(let path):
      throw .failed("\(path) is a capture, not a controller: replay it with --replay \(path)")
    }
  }

  /// A session on `connection`. On the kernel's shared (raw) channel, bluetoothd owns the
  /// controller: no Reset, and the event masks it set stay as they are. Everywhere else this
  /// program is the host, so it resets the controller and sets the masks it needs.
  static func session(
    on connection: any HCIConnection, spec: TransportSpec, exclusive: Bool, preference: CommandSetPreference
  ) -> ControllerSession {
    var sharesController = false
    if case .kernel = spec, !exclusive { sharesController = true }
    return ControllerSession(
      connection: connection, resetOnStart: !sharesController, setsEventMasks: !sharesController,
      commandSetPreference: preference)
  }
}
