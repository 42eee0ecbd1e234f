import BeaconTestSupport
import Testing

@testable import Beacons
@testable import MRTNavigation

@Suite struct StationPresenceTests {
  private typealias F = FindingFixtures

  private func run(
    _ sightings: [BeaconSighting], until end: Double? = nil,
    detector: StationDetector = StationDetector(catalog: TestCatalogs.jakartaRail)
  )
    -> [StationEvent]
  {
    var detector = detector
    var events = sightings.flatMap { detector.ingest($0) }
    if let end { events += detector.advance(to: F.time(end)) }
    return events
  }

  private func found(_ events: [StationEvent]) -> [String] {
    events.compactMap { if case .found(let station, _, _) = $0 { return station.name } else { return nil } }
  }

  private func left(_ events: [StationEvent]) -> [String] {
    events.compactMap { if case .left(let station, _) = $0 { return station.name } else { return nil } }
  }

  private func suspected(_ events: [StationEvent]) -> [String] {
    events.compactMap { if case .suspect(let station, _, _) = $0 { return station.name } else { return nil } }
  }

  /// A noisy series around `mean` dBm for `seconds`, an advert every 300 ms, half of them lost.
  private func noisy(minor: UInt16, mean: Double, spread: Double, seconds: Double, from start: Double = 0, seed: UInt64)
    -> [BeaconSighting]
  {
    var random = SplitMix64(seed: seed)
    return stride(from: start, to: start + seconds, by: 0.3).compactMap { time in
      guard Bool.random(using: &random) else { return nil }
      let rssi = mean + Double.random(in: -spread...spread, using: &random)
      return F.sighting(minor: minor, rssi: Int8(rssi.rounded()), at: time)
    }
  }

  /// A quick ride (an emulated one: a few seconds a stop): Blok A's beacon is lost only after Blok
  /// M was found. The anchor stays at Blok M, so ASEAN's neighbour Senayan, two stops on, is
  /// plausible; measured from Blok A it would be three, too soon.
  @Test func aLateLossOfAnEarlierStationLeavesTheAnchor() {
    var sightings: [BeaconSighting] = []
    sightings += stride(from: 0.0, to: 4.0, by: 0.5).map { F.sighting(minor: 5, rssi: -70, at: $0) }  // Blok A
    sightings += stride(from: 4.0, to: 8.0, by: 0.5).map { F.sighting(minor: 6, rssi: -70, at: $0) }  // Blok M
    sightings += stride(from: 25.0, to: 29.0, by: 0.5).map { F.sighting(minor: 8, rssi: -70, at: $0) }  // Senayan
    let events = run(sightings)
    #expect(left(events).first == "BlokA", "Blok A lost before Senayan is heard")
    #expect(found(events) == ["BlokA", "BlokM", "Senayan"])
    #expect(suspected(events).isEmpty)
  }

  @Test func enteringNeedsThreeStrongReports() throws {
    var detector = StationDetector(catalog: TestCatalogs.jakartaRail)
    #expect(detector.ingest(F.sighting(minor: 3, rssi: -80, at: 0)).isEmpty)
    #expect(detector.ingest(F.sighting(minor: 3, rssi: -80, at: 0.5)).isEmpty)
    let events = detector.ingest(F.sighting(minor: 3, rssi: -80, at: 1))
    let cipete = try #require(F.station("CipeteRaya"))
    #expect(events == [.found(cipete, rssi: -80, at: F.time(1))])
    #expect(detector.presence.presentStations == [cipete])
    #expect(detector.ingest(F.sighting(minor: 3, rssi: -80, at: 1.5)).isEmpty)
  }

  @Test func aSingleStrongReportDoesNotEnter() {
    // Alone, then lost.
    #expect(run([F.sighting(minor: 3, rssi: -65, at: 0)], until: 60).isEmpty)
    // Among weak reports: trimmed away.
    var series = (0..<10).map { F.sighting(minor: 3, rssi: -96, at: Double($0) * 0.3) }
    series.append(F.sighting(minor: 3, rssi: -65, at: 3))
    series += (0..<10).map { F.sighting(minor: 3, rssi: -96, at: 3.3 + Double($0) * 0.3) }
    #expect(run(series, until: 60).isEmpty)
  }

  @Test func hoveringAtTheEnterThresholdDoesNotFlap() {
    let series = noisy(minor: 3, mean: -89, spread: 7, seconds: 1200, seed: 11)
    let events = run(series)
    #expect(found(events) == ["CipeteRaya"])
    #expect(left(events).isEmpty)
    // Without the hysteresis the same series flaps: the assertion above can fail.
    let noHysteresis = StationDetector(
      catalog: TestCatalogs.jakartaRail, policy: StationPresencePolicy(exitThreshold: -88))
    #expect(found(run(series, detector: noHysteresis)).count > 5)
  }

  @Test func aWeakNeighbourNeverEnters() {
    let series = noisy(minor: 4, mean: -96, spread: 4, seconds: 1200, seed: 12)
    #expect(series.count > 1000)
    #expect(run(series, until: 1300).isEmpty)
  }

  @Test func leavingAndComingBackReportsAgain() {
    var series = noisy(minor: 3, mean: -80, spread: 5, seconds: 30, seed: 13)
    series += noisy(minor: 3, mean: -80, spread: 5, seconds: 30, from: 60, seed: 14)
    let events = run(series, until: 200)
    #expect(found(events) == ["CipeteRaya", "CipeteRaya"])
    #expect(left(events) == ["CipeteRaya", "CipeteRaya"])
    #expect(events.map { if case .found = $0 { "found" } else { "left" } } == ["found", "left", "found", "left"])
  }

  @Test func leavingByAWeakSignalBeforeTheBeaconIsLost() throws {
    var series = noisy(minor: 3, mean: -80, spread: 3, seconds: 20, seed: 15)
    series += noisy(minor: 3, mean: -100, spread: 2, seconds: 20, from: 20, seed: 16)
    let events = run(series)
    let leftAt = try #require(events.last.flatMap { if case .left(_, let time) = $0 { time } else { nil } })
    #expect(left(events) == ["CipeteRaya"])
    #expect(leftAt < F.time(40))
  }

  @Test func aFarStationRightAfterAnotherIsSuspectThenPlausibleLater() throws {
    var series = noisy(minor: 1, mean: -80, spread: 3, seconds: 30, seed: 17)
    // Blok M is 5 stops from Lebak Bulus: a train needs at least 300 s.
    series += noisy(minor: 6, mean: -80, spread: 3, seconds: 30, from: 60, seed: 18)
    series += noisy(minor: 6, mean: -80, spread: 3, seconds: 30, from: 400, seed: 19)
    let events = run(series, until: 500)
    #expect(found(events) == ["LebakBulus", "BlokM"])
    #expect(suspected(events) == ["BlokM"])
    let reason = try #require(
      events.lazy.compactMap { if case .suspect(_, let reason, _) = $0 { reason } else { nil } }.first)
    guard case .tooFarTooSoon(let previous, let stops, _, let minimum) = reason else {
      Issue.record("expected .tooFarTooSoon, got \(reason)")
      return
    }
    #expect(previous.name == "LebakBulus")
    #expect(stops == 5)
    #expect(minimum == .seconds(300))
  }

  @Test func skippingOneStationSoonIsPlausible() {
    var series = noisy(minor: 1, mean: -80, spread: 3, seconds: 30, seed: 20)
    series += noisy(minor: 3, mean: -80, spread: 3, seconds: 30, from: 60, seed: 21)
    #expect(found(run(series, until: 200)) == ["LebakBulus", "CipeteRaya"])
  }

  @Test(arguments: [UInt64(1), 2, 3, 42, 2026])
  func aRideFromLebakBulusToDukuhAtasFindsEveryStationInOrderOnce(seed: UInt64) throws {
    let route = try StationRoute(from: "LebakBulus", to: "DukuhAtas", in: TestCatalogs.northSouthLine).stations
    let ride = SyntheticRide(route: route, seed: seed)
    let sightings = ride.sightings()
    #expect(sightings.count > 2000)
    let events = run(sightings, until: ride.end)
    #expect(found(events) == route.map(\.name))
    #expect(left(events) == route.map(\.name))
    #expect(suspected(events).isEmpty)
    #expect(events.count == 2 * route.count)
  }
}
