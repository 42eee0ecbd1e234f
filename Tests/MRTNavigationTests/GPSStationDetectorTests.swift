import BeaconTestSupport
import BluetoothTypes
import MRTNavigation
import Positioning
import Testing

@Suite struct GPSStationDetectorTests {
  let catalog = TestCatalogs.northSouthLine
  /// Lebak Bulus → Bundaran HI: elevated to ASEAN, then the tunnel.
  var wholeLine: [Station] { catalog.stations }
  var elevated: [Station] { Array(catalog.stations.prefix(7)) }

  /// Runs `fixes` through a detector; the stations found, in order, with the time of each.
  func found(_ fixes: [LocationFix], policy: GPSStationPolicy = GPSStationPolicy()) -> [(String, Timestamp)] {
    var detector = GPSStationDetector(catalog: catalog, policy: policy)
    return fixes.flatMap { detector.ingest($0) }.compactMap {
      guard case .found(let station, let fix) = $0 else { return nil }
      return (station.name, fix.time)
    }
  }

  @Test func elevatedRideFindsEveryStationWhileTheTrainStands() throws {
    let ride = SyntheticGPSRide(route: elevated, noiseMetres: 4, speedNoise: 0.05).ride()
    let events = found(ride.fixes)
    #expect(events.map(\.0) == elevated.map(\.name))
    for (name, time) in events {
      let stopped = try #require(ride.stoppedAt[name])
      let latency = time.microseconds(since: stopped)
      // Three stopped fixes at 1 Hz: the third is 2 s after the first, well inside the dwell.
      #expect(latency >= 0 && latency <= 3_000_000, "\(name): \(latency) µs")
    }
  }

  @Test func aSignalStopBetweenStationsIsNoStation() throws {
    // Haji Nawi (index 3) to Blok A are 1.2 km apart: held for a minute halfway.
    let ride = SyntheticGPSRide(
      route: elevated, signalStop: (afterStation: 3, fraction: 0.5, seconds: 60), noiseMetres: 4
    ).ride()
    #expect(found(ride.fixes).map(\.0) == elevated.map(\.name))
    // Held 150 m short of Blok A's platform: still not Blok A until the train pulls in.
    let nearly = SyntheticGPSRide(
      route: elevated, signalStop: (afterStation: 3, fraction: 0.875, seconds: 60), noiseMetres: 4
    ).ride()
    let events = found(nearly.fixes)
    #expect(events.map(\.0) == elevated.map(\.name))
    let blokA = try #require(events.first { $0.0 == "BlokA" })
    #expect(blokA.1 >= (try #require(nearly.stoppedAt["BlokA"])))
  }

  @Test func multipathJumpsOntoAnotherPlatformAreNotBelieved() {
    // While held at the signal between Haji Nawi and Blok A (from about 75 s into that leg),
    // four fixes land on Blok A's platform, 600 m north, and two more 400 m east; the speed stays 0.
    var ride = SyntheticGPSRide(route: elevated, signalStop: (afterStation: 3, fraction: 0.5, seconds: 60))
    let clean = ride.ride()
    let holdStart = clean.fixes.firstIndex { fix in
      guard let speed = fix.speed, let position = fix.position,
        let hajiNawi = catalog.station(named: "HajiNawi")?.coordinate
      else { return false }
      return speed == 0 && position.distance(to: hajiNawi) > 500
    }
    guard let holdStart else {
      Issue.record("no signal hold in the ride")
      return
    }
    let holdSecond = Double(holdStart)
    for second in 10..<14 { ride.multipath[holdSecond + Double(second)] = (east: 0, north: 600) }
    for second in 20..<22 { ride.multipath[holdSecond + Double(second)] = (east: 400, north: 0) }
    let jumped = ride.ride()
    var detector = GPSStationDetector(catalog: catalog)
    let events = jumped.fixes.flatMap { detector.ingest($0) }.compactMap { event -> String? in
      guard case .found(let station, _) = event else { return nil }
      return station.name
    }
    #expect(events == elevated.map(\.name))
    #expect(detector.disbelievedFixes == 6)
  }

  @Test func noFixInTheTunnelMeansNothingSaid() {
    let ride = SyntheticGPSRide(route: wholeLine, noiseMetres: 4).ride()
    #expect(found(ride.fixes).map(\.0) == elevated.map(\.name))
  }

  @Test func eventsCarryTheReceiversTimeNotTheClock() {
    let ride = SyntheticGPSRide(route: elevated).ride()
    let later = SyntheticGPSRide(route: elevated, start: Timestamp(microsecondsSinceUnixEpoch: 1_800_000_000_000_000))
      .ride()
    let first = found(ride.fixes)
    let second = found(later.fixes)
    #expect(first.map(\.0) == second.map(\.0))
    let shift = later.fixes[0].time.microseconds(since: ride.fixes[0].time)
    #expect(zip(first, second).allSatisfy { $1.1.microseconds(since: $0.1) == shift })
  }

  @Test func fixesOutOfOrderAreIgnored() throws {
    let ride = SyntheticGPSRide(route: elevated).ride()
    var fixes = ride.fixes
    // A fix from a minute back, on Lebak Bulus's platform, in the middle of the dwell at Blok M.
    let blokM = try #require(fixes.firstIndex { $0.time == ride.stoppedAt["BlokM"] })
    fixes.insert(fixes[5], at: blokM + 10)
    var detector = GPSStationDetector(catalog: catalog)
    let events = fixes.flatMap { detector.ingest($0) }
    #expect(
      events.compactMap { if case .found(let station, _) = $0 { station.name } else { nil } } == elevated.map(\.name))
    #expect(detector.outOfOrderFixes == 1)
  }

  @Test func leavingIsToldOnceFarEnoughAway() {
    let ride = SyntheticGPSRide(route: Array(elevated.prefix(3))).ride()
    var detector = GPSStationDetector(catalog: catalog)
    let left = ride.fixes.flatMap { detector.ingest($0) }.compactMap { event -> String? in
      guard case .left(let station, _) = event else { return nil }
      return station.name
    }
    #expect(left == ["LebakBulus", "Fatmawati"])
  }

  @Test func aReceiverWithoutSpeedNeverPlacesTheTrain() {
    let ride = SyntheticGPSRide(route: elevated).ride()
    let withoutSpeed = ride.fixes.map { fix in
      var fix = fix
      fix.speed = nil
      return fix
    }
    #expect(found(withoutSpeed).isEmpty)
  }
}

extension GPSStationDetectorTests {
  @Test func aClockSteppedBackForGoodIsFollowedAfterAFewFixes() throws {
    let ride = SyntheticGPSRide(route: elevated).ride()
    // From Cipete Raya's dwell on, every fix is ten minutes early.
    let cipete = try #require(ride.fixes.firstIndex { $0.time == ride.stoppedAt["CipeteRaya"] })
    let stepped = ride.fixes.enumerated().map { index, fix in
      var fix = fix
      if index >= cipete + 5 { fix.time = fix.time.adding(.seconds(-600)) }
      return fix
    }
    var detector = GPSStationDetector(catalog: catalog)
    let names = stepped.flatMap { detector.ingest($0) }.compactMap { event -> String? in
      guard case .found(let station, _) = event else { return nil }
      return station.name
    }
    #expect(names == elevated.map(\.name))
    #expect(detector.outOfOrderFixes == GPSStationPolicy().fixesToReanchor)
  }
}
