import Beacons
import BluetoothTypes
import Testing

@testable import PhoneModels

/// What the app gets of a dense made-up capture under each kind of delivery.
@Suite struct PhoneReceptionTests {
  /// One beacon heard every 10 ms for `seconds`.
  static func dense(seconds: Double, minor: UInt16 = 1, rssi: (Int) -> Int8 = { _ in -65 }) -> [BeaconSighting] {
    (0..<Int(seconds * 100)).map {
      MadeUpVisits.sighting(atMilliseconds: Double($0) * 10, minor: minor, rssi: rssi($0))
    }
  }

  static func run(_ schedule: PhoneScanSchedule, _ sightings: [BeaconSighting], seed: UInt64 = 7) -> [BeaconSighting] {
    var random = SeededRandom(seed: seed)
    var reception = PhoneReception(schedule: schedule, random: &random)
    return sightings.flatMap { reception.receive($0) } + reception.finish()
  }

  @Test func listeningAllTheTimeHandsOverEveryReportAsItWas() {
    let sightings = Self.dense(seconds: 3)
    #expect(Self.run(PhoneScanSchedule(windowMilliseconds: 100, intervalMilliseconds: 100), sightings) == sightings)
  }

  /// 140 ms every 1,400 ms hears a tenth of a dense capture, in runs no longer than a window, the
  /// runs an interval (and the 0.5 % slide) apart.
  @Test func windowsHearTheirShareInRunsAnIntervalApart() throws {
    let sightings = Self.dense(seconds: 60)
    let start = try #require(sightings.first).time
    let heard = Self.run(PhoneScanSchedule(windowMilliseconds: 140, intervalMilliseconds: 1400), sightings)
    let share = Double(heard.count) / Double(sightings.count)
    #expect(abs(share - 0.1) < 0.01, "\(share)")
    let times = heard.map { MadeUpVisits.seconds($0.time, since: start) * 1000 }
    var runStarts: [Double] = []
    var runStart = times[0]
    for (previous, time) in zip(times, times.dropFirst()) where time - previous > 10.5 {
      #expect(previous - runStart <= 141, "a run of \(previous - runStart) ms")
      runStarts.append(runStart)
      runStart = time
    }
    for (earlier, later) in zip(runStarts, runStarts.dropFirst()) {
      #expect(abs(later - earlier - 1407) <= 10, "windows \(later - earlier) ms apart")
    }
  }

  /// A library cycle hands over what it heard at its end, each report then; a pause hears nothing.
  @Test func aCycleHandsOverAtItsEnd() {
    let sightings = Self.dense(seconds: 30)
    let schedule = PhoneScanSchedule(
      windowMilliseconds: 100, intervalMilliseconds: 100, cycleMilliseconds: 2000, pauseMilliseconds: 3000,
      delivery: .cycleEnd)
    let heard = Self.run(schedule, sightings)
    let ends = Set(heard.map(\.time)).sorted()
    // 30 s of 5-s periods: 6 cycles (7 when the phase cuts one in two), each handed over at once.
    #expect((6...7).contains(ends.count), "\(ends.count)")
    for (earlier, later) in zip(ends, ends.dropFirst()) {
      #expect(abs(MadeUpVisits.seconds(later, since: earlier) - 5) < 0.001)
    }
    // Each cycle hands over the 2 s it scanned: 200 reports (fewer for a cycle cut by the capture).
    let counts = Dictionary(grouping: heard, by: \.time).mapValues(\.count)
    #expect(counts.values.filter { $0 == 200 }.count >= 4, "\(counts.values.sorted())")
    #expect(heard.count <= 7 * 200)
  }

  /// iOS ranging: at most one report a second for each beacon, with the mean RSSI of the second.
  @Test func rangingReportsEachBeaconOnceASecondWithItsMean() throws {
    let first = Self.dense(seconds: 10, minor: 1) { $0 % 2 == 0 ? -60 : -70 }
    let second = Self.dense(seconds: 10, minor: 2) { _ in -80 }
    let sightings = zip(first, second).flatMap { [$0, $1] }
    let heard = Self.run(
      PhoneScanSchedule(
        windowMilliseconds: 100, intervalMilliseconds: 100, delivery: .ranging(periodMilliseconds: 1000)),
      sightings)
    #expect((20...22).contains(heard.count), "\(heard.count)")
    let byBeacon = Dictionary(grouping: heard, by: \.frame)
    for (frame, reports) in byBeacon {
      let times = reports.map(\.time)
      for (earlier, later) in zip(times, times.dropFirst()) {
        #expect(abs(MadeUpVisits.seconds(later, since: earlier) - 1) < 0.001)
      }
      // Whole seconds of alternating −60 and −70 average −65; the other beacon is −80 throughout.
      let whole = reports.dropFirst().dropLast()
      #expect(whole.allSatisfy { $0.rssi == (frame == MadeUpVisits.frame(minor: 1) ? -65 : -80) })
    }
  }

  /// iOS while locked: an entry 1–12 s into a beacon heard throughout (a look every 11 s, told at
  /// its end), then 5–10 s of once-a-second ranging, then nothing until the region is left (30 s
  /// unheard) and entered again.
  @Test func aRegionIsEnteredThenRangedBriefly() throws {
    let model = try PhoneModel(parsing: "ios-monitoring-locked")
    var firstLatencies: [Double] = []
    var spans: [Double] = []
    for seed in 1...200 {
      let visit = Self.dense(seconds: 40)
      let later = Self.dense(seconds: 40).map { sighting -> BeaconSighting in
        var moved = sighting
        moved.time = sighting.time.adding(milliseconds: 100_000)
        return moved
      }
      let start = try #require(visit.first).time
      let heard = Self.run(model.schedule, visit + later, seed: UInt64(seed))
      let inFirst = heard.filter { MadeUpVisits.seconds($0.time, since: start) < 60 }
      let inSecond = heard.filter { MadeUpVisits.seconds($0.time, since: start) >= 100 }
      let firstTime = try #require(inFirst.first).time
      firstLatencies.append(MadeUpVisits.seconds(firstTime, since: start))
      spans.append(MadeUpVisits.seconds(try #require(inFirst.last).time, since: firstTime))
      #expect(!inSecond.isEmpty, "the second visit is entered again")
      #expect(inFirst.count <= 11)
    }
    // The first ranging report comes a second after the entry: 1 to 13 s into the visit.
    #expect(
      firstLatencies.allSatisfy { $0 > 1 && $0 <= 13.1 }, "\(firstLatencies.min() ?? 0)…\(firstLatencies.max() ?? 0)")
    #expect(firstLatencies.min() ?? 99 < 2.5 && firstLatencies.max() ?? 0 > 11.5)
    // Reports span the ranging time less its first second: 4 to 9 s.
    #expect(spans.allSatisfy { $0 >= 3.9 && $0 <= 9.1 }, "\(spans.min() ?? 0)…\(spans.max() ?? 0)")
  }

  @Test func theSameSeedRepeatsAndAnotherMovesTheWindows() {
    let sightings = Self.dense(seconds: 20)
    let schedule = PhoneScanSchedule(windowMilliseconds: 140, intervalMilliseconds: 1400)
    #expect(Self.run(schedule, sightings, seed: 3) == Self.run(schedule, sightings, seed: 3))
    #expect(Self.run(schedule, sightings, seed: 3) != Self.run(schedule, sightings, seed: 4))
  }

  /// After 30 minutes an Android 13 foreground scan listens as LOW_POWER: a tenth, not all.
  @Test func aLongScanIsDowngraded() throws {
    let model = try PhoneModel(parsing: "android13-low-latency")
    let early = (0..<1000).map { MadeUpVisits.sighting(atMilliseconds: Double($0) * 10, minor: 1) }
    let late = (0..<6000).map { MadeUpVisits.sighting(atMilliseconds: 1_800_000 + Double($0) * 10, minor: 1) }
    let heard = Self.run(model.schedule, early + late)
    let heardLate = heard.count - early.count
    #expect(heard.prefix(early.count).elementsEqual(early))
    #expect(abs(Double(heardLate) / Double(late.count) - 0.1) < 0.02, "\(heardLate)")
  }
}
