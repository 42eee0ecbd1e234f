import HCIController
import HCITransportCore
import LinuxHCITransports

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

  /// Everything a live command does before its first command: installs the stop signal
  /// handlers, opens the controller, optionally records its traffic, and makes the session,
  /// which reports what it does on standard error as `program: device: …`. Failures are
  /// reported there too, and become the documented exit status. With
  /// `recorderSpansReconnects`, closing the session leaves the capture open for the next one
  /// (the caller closes it).
  static func openSession(
    _ spec: TransportSpec, exclusive: Bool, preference: CommandSetPreference, program: String,
    recordPath: String? = nil, recorderSpansReconnects: Bool = false
  ) throws -> ControllerSession {
    StopSignal.install()
    let connection: any HCIConnection
    do {
      connection = try open(spec, exclusive: exclusive)
    } catch {
      StandardOutput.warn("\(program): \(error)")
      throw ExitStatus.unavailable
    }
    let recorder: CaptureRecorder?
    do {
      recorder = try openRecorder(recordPath, program: program)
    } catch {
      connection.close()
      throw error
    }
    return makeSession(
      on: connection, spec: spec, exclusive: exclusive, preference: preference, program: program,
      recorder: recorder, ownsRecorder: !recorderSpansReconnects)
  }

  /// The `--record` capture, or `nil` without one; a failure is reported and becomes exit 74.
  static func openRecorder(_ path: String?, program: String) throws -> CaptureRecorder? {
    guard let path else { return nil }
    do {
      return try CaptureRecorder(path: path, startTime: WallClock.now())
    } catch {
      StandardOutput.warn("\(program): \(error)")
      throw ExitStatus.ioError
    }
  }

  /// The session on `connection`, recording into `recorder` when there is one (and closing it
  /// with the connection when `ownsRecorder`); what the session does goes to standard error.
  static func makeSession(
    on connection: any HCIConnection, spec: TransportSpec, exclusive: Bool, preference: CommandSetPreference,
    program: String, recorder: CaptureRecorder?, ownsRecorder: Bool
  ) -> ControllerSession {
    var connection = connection
    if let recorder {
      connection = RecordingConnection(connection, recorder: recorder, closesRecorder: ownsRecorder)
    }
    let session = self.session(on: connection, spec: spec, exclusive: exclusive, preference: preference)
    let name = spec.description
    session.onEvent = { StandardOutput.warn("\(program): \(name): \($0)") }
    return session
  }
}
