import BeaconScanning
import Beacons
import BluetoothTypes
import HCICaptures
import HCITransportCore
import LinuxHCITransports

/// Replays the capture at `path` through `scanner`, packet by packet, as the finder's loop does,
/// handing each sighting on with the packet it came from (for its record number); returns the
/// capture, for its warnings.
package func scanCapture(
  _ path: String, with scanner: inout BeaconScanner, sighting: (BeaconSighting, TimedHCIPacket) -> Void,
  problem: (ScanProblem) -> Void = { _ in }
) throws(CaptureFileError) -> CaptureReplayConnection {
  let capture = try CaptureReplayConnection(path: path)
  while let packet = try capture.nextPacket() {
    scanner.process(packet, sighting: { sighting($0, packet) }, problem: problem)
  }
  return capture
}

/// A ``BeaconFinderDelegate`` that hands sightings and time to closures.
package final class ClosureFinderDelegate: BeaconFinderDelegate {
  private let sighting: (BeaconSighting) -> Void
  private let time: (Timestamp) -> Void

  package init(sighting: @escaping (BeaconSighting) -> Void, time: @escaping (Timestamp) -> Void = { _ in }) {
    self.sighting = sighting
    self.time = time
  }

  package func beaconFinder(_ finder: any BeaconFinder, didSee sighting: BeaconSighting) { self.sighting(sighting) }
  package func beaconFinder(_ finder: any BeaconFinder, didReach time: Timestamp) { self.time(time) }
}
