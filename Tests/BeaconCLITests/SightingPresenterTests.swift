import BeaconTestSupport
import Beacons
import BluetoothTypes
import Foundation
import MRTNavigation
import ProgramOutput
import Testing

@testable import BeaconCLI

/// The live table redraws in place, at most twice a second, from the first sighting on.
@Suite struct SightingPresenterTests {
  @Test func liveTableRedrawsInPlaceAndThrottles() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("table-\(UUID().uuidString)").path
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let descriptor = open(path, O_WRONLY)
    defer { close(descriptor) }
    let output = StandardOutput(descriptor: descriptor)
    let presenter = SightingPresenter(
      mode: .table(live: true, lastSeen: .age), output: output, sourceName: "test", catalog: TestCatalogs.northSouthLine
    )
    let finder = ScriptedBeaconFinder()
    for (second, rssi) in [(0.0, -80), (0.2, -75), (0.6, -70), (0.7, -65)] {
      presenter.beaconFinder(
        finder,
        didSee:
          FindingFixtures.sighting(minor: 3, rssi: Int8(rssi), at: 0, uuid: RailBeaconUUIDs.station).with(
            seconds: 1_800_000_000 + second))
    }
    output.flush()
    let text = try String(contentsOfFile: path, encoding: .utf8)
    // Drawn at 0.0 s and 0.6 s only: 0.2 s and 0.7 s fall within half a second of a redraw;
    // on the alternate screen, from the cursor's home, without clearing the whole screen first.
    #expect(text.hasPrefix("\u{1B}[?1049h\u{1B}[H"))
    #expect(text.components(separatedBy: "\u{1B}[H").count - 1 == 2)
    #expect(!text.contains("\u{1B}[H\u{1B}[J") && !text.contains("\u{1B}[2J"))
    #expect(text.contains("Cipete Raya"))
    #expect(text.contains("scanning test\u{1B}[K\n"))
  }
}

extension BeaconSighting {
  fileprivate func with(seconds: Double) -> BeaconSighting {
    var copy = self
    copy.time = Timestamp(microsecondsSinceUnixEpoch: Int64(seconds * 1_000_000))
    return copy
  }
}
