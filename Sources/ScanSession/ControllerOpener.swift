import BeaconScanning
import BluetoothdClient
import HCICaptures
import HCIController
import HCITransportCore
import LinuxHCITransports
import ProgramOutput
import ServiceManager

/// How the commands open the source a ``TransportSpec`` names, for a finder or (in `BeaconCLI`) a broadcaster:
/// optionally recording its traffic, with a session set up the way that transport needs, which
/// reports what it does on standard error as `program: device: …`.
package struct ControllerOpener {
  package var spec: TransportSpec
  package var exclusive: Bool
  package var preference: CommandSetPreference
  /// Who scans a kernel controller: this program, or bluetoothd (heard on the monitor channel).
  package var scanVia: ControllerDriver?
  /// Whether a kernel device that bluetoothd powers is read the way that leaves bluetoothd and
  /// its clients undisturbed (``cooperativeSource(bluetoothd:)``; `--scan-via` not given).
  package var cooperatesWithBluetoothd: Bool
  package var program: String
  /// The `--record` capture, which spans every connection of the run (`--reconnect`).
  package var captureWriter: CaptureWriter?

  package init(
    spec: TransportSpec, exclusive: Bool = false, preference: CommandSetPreference = .automatic,
    scanVia: ControllerDriver? = .controller, cooperatesWithBluetoothd: Bool = false, program: String,
    captureWriter: CaptureWriter? = nil
  ) {
    self.spec = spec
    self.exclusive = exclusive
    self.preference = preference
    self.scanVia = scanVia
    self.cooperatesWithBluetoothd = cooperatesWithBluetoothd
    self.program = program
    self.captureWriter = captureWriter
  }

  /// Opens the transport, wrapped in a ``RecordingConnection`` when recording.
  package func open() throws(HCIConnectionError) -> any HCIConnection {
    let connection: any HCIConnection
    if case .kernel(let device) = spec, scanVia == .bluetoothd {
      connection = try openViaBluetoothd(device)
    } else if case .kernel(let device) = spec, cooperatesWithBluetoothd {
      connection = try openCooperatively(device)
    } else {
      connection = try spec.open(exclusive: exclusive)
    }
    guard let captureWriter else { return connection }
    return RecordingConnection(connection, writer: captureWriter, closesWriter: false)
  }

  /// How `-i hciN` without `--scan-via` reads a kernel device.
  package enum CooperativeSource: Equatable {
    /// bluetoothd is discovering: listen to its scan, for a scan of our own would disturb it
    /// (the kernel lab measured its discovery hearing nothing after we stopped).
    case monitor
    /// bluetoothd powers the device and is not discovering: have it discover for us, so that
    /// its other clients can scan too.
    case bluetoothd
    /// No bluetoothd (or one that keeps the device off): scan it ourselves.
    case controller
  }

  /// The source for what bluetoothd says of the device (`nil`: not running, or it cannot be
  /// asked).
  package static func cooperativeSource(bluetoothd state: BluetoothdAdapterState?) -> CooperativeSource {
    guard let state, state.powered else { return .controller }
    return state.discovering ? .monitor : .bluetoothd
  }

  private func openCooperatively(_ device: HCIDeviceIndex) throws(HCIConnectionError) -> any HCIConnection {
    switch Self.cooperativeSource(bluetoothd: Self.bluetoothdState(of: device)) {
    case .monitor:
      return try MonitorHCIConnection.open(device: device)
    case .bluetoothd:
      do {
        return try openViaBluetoothd(device)
      } catch {
        StandardError.writeLine(
          "\(program): \(spec): bluetoothd powers it, but could not discover for us (\(error)); scanning it "
            + "ourselves on the raw channel instead", priority: .warning)
        return try spec.open(exclusive: exclusive)
      }
    case .controller:
      return try spec.open(exclusive: exclusive)
    }
  }

  /// bluetoothd's scan of `device`, whose leftovers at close are warned of.
  private func openViaBluetoothd(_ device: HCIDeviceIndex) throws(HCIConnectionError) -> BluetoothdScanConnection {
    let connection = try BluetoothdScanConnection.open(device: device)
    let (program, name) = (program, spec.description)
    connection.onCloseProblem = { problem in
      StandardError.writeLine("\(program): \(name): \(problem)", priority: .warning)
    }
    return connection
  }

  /// What bluetoothd says of `device` now; `nil` when it cannot be asked (no system bus, no
  /// bluetoothd, an adapter it does not manage).
  package static func bluetoothdState(of device: HCIDeviceIndex) -> BluetoothdAdapterState? {
    do throws(BluetoothdError) {
      let client = try BluetoothdClient.connect()
      defer { client.bus.close() }
      return try client.state(of: BluetoothdAdapter(name: device.description))
    } catch {
      return nil
    }
  }

  /// A session on `connection`. On the kernel's shared (raw) channel, bluetoothd owns the
  /// controller: no Reset, and the event masks it set stay as they are. Everywhere else this
  /// program is the host, so it resets the controller and sets the masks it needs.
  package func session(on connection: any HCIConnection) -> ControllerSession {
    var sharesController = false
    if case .kernel = spec, !exclusive { sharesController = true }
    let session = ControllerSession(
      connection: connection, resetOnStart: !sharesController, setsEventMasks: !sharesController,
      commandSetPreference: preference)
    let program = program
    let name = spec.description
    session.onEvent = { event in
      // What the session did as it should (a reset, the command sets it chose) is information;
      // what it had to work around is a warning.
      let priority: LogPriority
      switch event {
      case .reset, .commandSetsChosen: priority = .info
      case .disabledAndRetried, .switchedCommandSet, .shutdownStepFailed: priority = .warning
      }
      StandardError.writeLine("\(program): \(name): \(event)", priority: priority)
    }
    return session
  }

  /// The finder over this source.
  package func finder(scanner: BeaconScanner, configuration: ScanConfiguration) -> HCIBeaconFinder {
    HCIBeaconFinder(
      scanner: scanner, configuration: configuration, openConnection: open, makeSession: session(on:))
  }

  /// The `--record` capture, or `nil` without one; a failure is reported and becomes exit 74,
  /// or 64 for a path that is no regular file or new name (put there since the command line
  /// was checked).
  package static func openCaptureWriter(_ path: String?, program: String) throws -> CaptureWriter? {
    guard let path else { return nil }
    do {
      return try CaptureWriter(path: path, startTime: WallClock.now())
    } catch {
      guard case .output(let problem) = error.reason else {
        StandardError.writeLine("\(program): \(error)", priority: .error)
        throw ProcessExitStatus.ioError
      }
      StandardError.writeLine("\(program): --record \(problem)", priority: .error)
      throw problem.isRefusal ? ProcessExitStatus.usage : ProcessExitStatus.ioError
    }
  }
}
