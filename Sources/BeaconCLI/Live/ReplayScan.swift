import Beacons
import BeaconScanning
import MRTNavigation
import BeaconStatistics
import BluetoothTypes
import HCICodec
import LinuxHCITransports
import HCITransportCore

/// Replays a capture through the scanning pipeline into a sink, stopping early when the sink
/// is done; reports the capture's warnings and the counts on standard error.
struct ReplayScan {
  var path: String
  var program: String

  func run(scanner: inout BeaconScanner, sink: any SightingSink) throws {
    let source: CaptureReplaySource
    do {
      source = try CaptureReplaySource(path: path)
      while !sink.isDone, let packet = try source.nextPacket() {
        scanner.process(packet, sighting: sink.present, problem: sink.warn)
        sink.tick(now: packet.time)
      }
    } catch {
      sink.finish(statistics: scanner.statistics)
      StandardOutput.warn("\(program): \(error)")
      switch error.reason {
      case .format, .packetCaptureFormat, .unrecognizedFormat: throw ExitStatus.dataError
      case .fileNotFound, .permissionDenied, .isADirectory: throw ExitStatus.noInput
      case .systemError, .encoding: throw ExitStatus.ioError
      }
    }
    sink.finish(statistics: scanner.statistics)
    for warning in source.warnings {
      StandardOutput.warn("\(program): warning: \(path): \(warning)")
    }
    let stats = scanner.statistics
    StandardOutput.warn(
      "\(program): \(path): \(stats.advertisingReports) advertising report(s), "
        + "\(stats.beaconReports) with a beacon frame, \(stats.emittedSightings) matched"
        + (stats.malformedEvents > 0 ? ", \(stats.malformedEvents) malformed event(s)" : ""))
  }
}
