import BeaconScanning
import BeaconTestSupport
import Foundation
import HCICaptures
import HCITestSupport
import LinuxHCITransports
import Testing

/// Damaged input must never trap: seeded random damage to every fixture goes through the whole
/// replay pipeline and ends in sightings, warnings or a typed error. (Coverage-guided fuzzing of
/// each decoder is separate; this checks the pipeline end to end on realistic bytes.)
@Suite struct MutatedCaptureTests {
  static let fixtures = ["ride-android-h4", "raw-hci-1001", "tricky-reports", "ride-lebak-bulus-to-bundaran-hi"]

  /// One of: flip random bytes, overwrite a run with 0xFF, cut the file, or duplicate a slice.
  static func mutate(_ bytes: [UInt8], using generator: inout SplitMix64) -> [UInt8] {
    var bytes = bytes
    // Keep the 16-byte file header intact half of the time, so damage reaches the records.
    let lowest = Bool.random(using: &generator) ? 16 : 0
    guard bytes.count > lowest + 1 else { return bytes }
    switch Int.random(in: 0..<4, using: &generator) {
    case 0:
      for _ in 0..<Int.random(in: 1...8, using: &generator) {
        bytes[Int.random(in: lowest..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
      }
    case 1:
      let start = Int.random(in: lowest..<bytes.count, using: &generator)
      for index in start..<min(bytes.count, start + Int.random(in: 1...6, using: &generator)) { bytes[index] = 0xFF }
    case 2:
      bytes.removeLast(Int.random(in: 1..<(bytes.count - lowest), using: &generator))
    default:
      let start = Int.random(in: lowest..<bytes.count, using: &generator)
      let end = min(bytes.count, start + Int.random(in: 1...64, using: &generator))
      bytes.insert(contentsOf: bytes[start..<end], at: start)
    }
    return bytes
  }

  @Test(arguments: fixtures)
  func damagedCapturesNeverTrap(fixture: String) throws {
    let original = try [UInt8](Data(contentsOf: TestPaths.fixtures.appendingPathComponent(fixture + ".btsnoop")))
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mutated-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    // SplitMix64 (BeaconTestSupport): seeded, so that a failure can be reproduced.
    var generator = SplitMix64(seed: 0x5EED_0000 &+ UInt64(fixture.utf8.count))
    var outcomes = (completed: 0, failed: 0)
    for round in 0..<60 {
      let path = directory.appendingPathComponent("\(round).btsnoop").path
      _ = FileManager.default.createFile(atPath: path, contents: Data(Self.mutate(original, using: &generator)))
      var scanner = BeaconScanner()
      do throws(CaptureFileError) {
        _ = try scanCapture(path, with: &scanner, sighting: { _, _ in })
        outcomes.completed += 1
      } catch {
        // A typed error that names the file: the only acceptable way to fail.
        #expect(error.description.hasPrefix(path + ": "))
        outcomes.failed += 1
      }
    }
    #expect(outcomes.completed + outcomes.failed == 60)
    #expect(outcomes.completed > 0, "some damage (cut files, bad AD bytes) must still replay")
  }
}
