import Beacons
import BluetoothTypes
import Testing

@testable import PhoneModels

/// A finder wrapped as a phone: its delegate gets what the phone's app would have got, and what
/// the phone still held when the source ended.
@Suite struct PhoneBeaconFinderTests {
  /// Sightings handed on as a capture's replay would hand them.
  final class Source: BeaconFinder {
    weak var delegate: (any BeaconFinderDelegate)?
    func start() -> BeaconFinderStartResult { .started }
    func stop() -> BeaconFinderStopResult { .stopped }

    func play(_ sightings: [BeaconSighting]) {
      for sighting in sightings {
        delegate?.beaconFinder(self, didSee: sighting)
        delegate?.beaconFinder(self, didReach: sighting.time)
      }
    }
  }

  final class App: BeaconFinderDelegate {
    var seen: [BeaconSighting] = []
    var reached: [Timestamp] = []
    func beaconFinder(_ finder: any BeaconFinder, didSee sighting: BeaconSighting) { seen.append(sighting) }
    func beaconFinder(_ finder: any BeaconFinder, didReach time: Timestamp) { reached.append(time) }
  }

  @Test func aCycleStillRunningWhenTheSourceEndsIsHandedOverAtItsEnd() throws {
    let source = Source()
    let schedule = PhoneScanSchedule(
      windowMilliseconds: 100, intervalMilliseconds: 100, cycleMilliseconds: 60_000, delivery: .cycleEnd)
    let phone = PhoneBeaconFinder(wrapping: source, schedule: schedule, seed: 5)
    let app = App()
    phone.delegate = app
    #expect(phone.start() == .started)
    // 3 s of reports inside a cycle of a minute: nothing yet, time still passes for the app.
    let sightings = (0..<30).map { MadeUpVisits.sighting(atMilliseconds: Double($0) * 100, minor: 1) }
    source.play(sightings)
    #expect(app.reached.count == 30)
    let delivered = app.seen.count
    phone.finish()
    // Every report heard reaches the app once, all at one cycle's end (or two, when the drawn phase
    // put a cycle's end inside the 3 s), never before it was heard and at most a cycle after.
    #expect(app.seen.count == 30)
    #expect(Set(app.seen.map(\.time)).count <= 2)
    // What came during the reports came at a cycle's end inside them; what finish() handed over, after.
    let lastReport = try #require(sightings.last).time
    #expect(app.seen.prefix(delivered).allSatisfy { $0.time <= lastReport })
    #expect(app.seen.dropFirst(delivered).allSatisfy { $0.time > lastReport })
    #expect(delivered < 30)
    for (original, handed) in zip(sightings, app.seen) {
      let delay = MadeUpVisits.seconds(handed.time, since: original.time)
      #expect(delay >= 0 && delay <= 60, "\(delay)")
    }
    phone.finish()
    #expect(app.seen.count == 30)
    #expect(phone.stop() == .stopped)
  }
}
