import BeaconScanning
import GPSDClient
import LinuxHCITransports
import MRTNavigation
import ProgramOutput
import ScanSession
import ServiceManager

/// `beacon-ride`'s run, once its use case (to a destination, or in the background) has started
/// the sources: the scan loop with GPS beside it, or GPS alone when Bluetooth did not start.
struct RideRun {
  var spec: TransportSpec?
  var run: ScanRun?
  var finder: HCIBeaconFinder?
  var gps: GPSDLocationFinder?
  var duration: Duration?

  /// Runs what started until the source ends, `--duration`, a stop or the output is done; or
  /// reports why nothing could start.
  func drive(started: StationWatchStartResult, starts: SourceStarts, output: any ScanOutput) throws {
    switch started {
    case .started, .alreadyStarted:
      // The gpsd finder retries an absent gpsd, so its start never fails: `.started` with
      // Bluetooth not started means GPS alone.
      let bluetoothStarted = starts.bluetooth == .started
      if let finder, !bluetoothStarted {
        let reason = finder.failure.map { "\($0)" } ?? "\(spec.map { "\($0)" } ?? "Bluetooth") could not be started"
        StandardError.writeLine("beacon-ride: \(reason); finding stations by GPS alone")
      }
      if let run, let finder, bluetoothStarted {
        try run.run(finder, output: output, alongside: gps)
      } else if let gps {
        StopSignal.install()
        let service = ServiceNotifier()
        service.ready(status: "finding stations by GPS")
        let deadline = duration.map { ContinuousClock().now.advanced(by: $0) }
        _ = gps.run(until: deadline) {
          service.pingWatchdogIfDue()
          return StopSignal.isRequested || output.isDone
        }
        service.stopping()
        gps.stop()
        output.finish(statistics: ScanStatistics())
      }
    case .notAuthorized, .bluetoothUnavailable, .finderFailed, .locationUnavailable, .unknownStation, .noTrainBeacons:
      // Only Bluetooth can fail to start (gpsd is retried), so there is a finder here.
      guard let run, let finder else { throw ProcessExitStatus.unavailable }
      try run.reportStartFailure(of: finder, output: output)
    }
  }
}
