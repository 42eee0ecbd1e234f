import BeaconTestSupport
import Foundation
import Testing

/// `beacon-scan --notify` and `beacon-ride` on the bundled rides.
@Suite struct StationEventCommandTests {
  static let ride = TestPaths.fixture("ride-lebak-bulus-to-bundaran-hi.btsnoop")
  static let line = [
    "LebakBulus", "Fatmawati", "CipeteRaya", "HajiNawi", "BlokA", "BlokM", "ASEAN", "Senayan", "Istora",
    "BendunganHilir", "Setiabudi", "DukuhAtas", "BundaranHI",
  ]

  /// Stations in the order first found, each once.
  static func firstFound(_ events: [[String: Any]]) -> [String] {
    var seen: [String] = []
    for event in events where event["event"] as? String == "found" || event["event"] as? String == "arrived" {
      if let station = event["station"] as? String, !seen.contains(station) { seen.append(station) }
    }
    return seen
  }

  @Test func rideArrivesAtTheDestinationAndExits0() throws {
    let result = try Executable.run(
      "beacon-ride", ["--replay", Self.ride, "--from", "LebakBulus", "--to", "DukuhAtas", "--format", "json"])
    #expect(result.status == 0, "\(result.stderr)")
    let all = jsonLines(result.stdout)
    // The stop ahead of the destination is told once, when the train leaves Setiabudi.
    let approaching = all.filter { $0["event"] as? String == "approaching" }
    #expect(approaching.map { $0["station"] as? String } == ["DukuhAtas"])
    #expect(approaching.first?["approach"] as? String == "destination")
    let order = all.compactMap { $0["event"] as? String }
    #expect(order.suffix(3) == ["found", "approaching", "arrived"], "\(order)")
    let events = all.filter { $0["event"] as? String != "approaching" }
    // Every station once, in line order, and nothing else: no repeats while the train stands.
    #expect(events.compactMap { $0["station"] as? String } == Array(Self.line.prefix(12)))
    #expect(Self.firstFound(events) == Array(Self.line.prefix(12)))
    let last = try #require(events.last)
    #expect(last["event"] as? String == "arrived")
    #expect(last["station"] as? String == "DukuhAtas")
    #expect((last["rssi"] as? Double).map { (-95.0)...(-60.0) ~= $0 } == true)
    #expect((last["time"] as? String)?.hasPrefix("2026-11-22T07:4") == true)
    #expect(events.filter { $0["event"] as? String == "arrived" }.count == 1)
    #expect(result.stderr.contains("Lebak Bulus → Dukuh Atas, 11 stop(s), 0 transfers"))
  }

  @Test func rideThatEndsBeforeTheDestinationExits1() throws {
    let result = try Executable.run(
      "beacon-ride", ["--replay", TestPaths.fixture("ride-android-h4.btsnoop"), "--to", "DukuhAtas"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("the source ended before arriving at Dukuh Atas"))
    #expect(!result.stdout.contains("ARRIVED"))
  }

  @Test func rideNeedsAKnownDestination() throws {
    let result = try Executable.run("beacon-ride", ["--replay", Self.ride, "--to", "Gambir"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("No station named \"Gambir\""))
  }

  @Test func notifyPrintsStationEventsWithTheSchema() throws {
    let result = try Executable.run("beacon-scan", ["--replay", Self.ride, "--notify", "--format", "json"])
    #expect(result.status == 0, "\(result.stderr)")
    let events = jsonLines(result.stdout)
    let found = events.filter { $0["event"] as? String == "found" }.compactMap { $0["station"] as? String }
    #expect(found == Self.line, "each station found once, in line order")
    #expect(events.filter { $0["event"] as? String == "suspect" }.isEmpty)
    for event in events {
      #expect(["found", "left", "suspect"].contains(event["event"] as? String ?? ""))
      #expect(event["time"] is String)
      #expect(event["station"] is String)
      #expect(event.keys.contains("rssi"))
    }
  }
}

extension StationEventCommandTests {
  /// A ride recorded through emulated controllers (`tools/record-emulated-ride`): real HCI
  /// traffic from `beacon-broadcast --route CipeteRaya:BlokM --dwell 4` to `beacon-scan --record`.
  @Test func rideRecordedThroughTheEmulatorArrives() throws {
    let result = try Executable.run(
      "beacon-ride",
      [
        "--replay", TestPaths.fixture("ride-emulated-cipete-raya-to-blok-m.btsnoop"), "--to", "BlokM", "--format",
        "json",
      ])
    #expect(result.status == 0, "\(result.stderr)")
    let events = jsonLines(result.stdout)
    #expect(events.compactMap { $0["station"] as? String } == ["CipeteRaya", "HajiNawi", "BlokA", "BlokM"])
    #expect(events.compactMap { $0["event"] as? String } == ["found", "found", "found", "arrived"])
    // Each station was advertised for 4 s: consecutive events are 4 s apart, give or take 0.5 s.
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    let times = events.compactMap { ($0["time"] as? String).flatMap(formatter.date(from:)) }
    #expect(times.count == 4)
    for (earlier, later) in zip(times, times.dropFirst()) {
      #expect(abs(later.timeIntervalSince(earlier) - 4) < 0.5)
    }
  }
}

/// `beacon-ride` on the journey with a transfer: the MRT to Dukuh Atas, a walk to BNI City, the
/// airport line to Soekarno–Hatta.
@Suite struct JourneyRideCommandTests {
  static let ride = TestPaths.fixture("ride-lebak-bulus-to-soekarno-hatta.btsnoop")

  /// The train's own timeline, from the fixture's scenario: when it stood where.
  static func stops() throws -> [String: (alongside: String, depart: String)] {
    let data = try Data(
      contentsOf: URL(fileURLWithPath: TestPaths.fixture("ride-lebak-bulus-to-soekarno-hatta.expected-stations.json")))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    var stops: [String: (alongside: String, depart: String)] = [:]
    for stop in try #require(object["stops"] as? [[String: Any]]) {
      stops[try #require(stop["station"] as? String)] = (
        try #require(stop["alongside"] as? String), try #require(stop["depart"] as? String)
      )
    }
    return stops
  }

  @Test(arguments: [["--from", "LebakBulus"], []])
  func aJourneyWithATransferIsToldInOrder(from: [String]) throws {
    let result = try Executable.run(
      "beacon-ride", ["--replay", Self.ride] + from + ["--to", "SoekarnoHatta", "--format", "json"])
    #expect(result.status == 0, "\(result.stderr)")
    let events = eventsAndStations(jsonLines(result.stdout))
    let mrt = StationEventCommandTests.line.prefix(11).map { "found \($0)" }
    #expect(
      events
        == mrt + ["approaching DukuhAtas", "transfer DukuhAtas"]
        + ["found BNICity", "found Duri", "found RawaBuaya", "found BatuCeper", "approaching SoekarnoHatta"]
        + ["arrived SoekarnoHatta"])
    let transfer = try #require(jsonLines(result.stdout).first { $0["event"] as? String == "transfer" })
    #expect(transfer["line"] as? String == "Airport")
    #expect(transfer["towards"] as? String == "Bandara Soekarno-Hatta")
    #expect(transfer["walkTo"] as? String == "BNICity")
    #expect(transfer["walkingMinutes"] as? Int == 8)
    #expect((transfer["detail"] as? String)?.hasPrefix("change here for the airport line towards") == true)
  }

  /// Recorded through emulated controllers (tools/record-emulated-ride): `beacon-broadcast --route
  /// BlokM:Duri --dwell 4`, each station of the journey 4 s, both ends of the walk.
  @Test func anEmulatedJourneyWithATransferIsToldInOrder() throws {
    let result = try Executable.run(
      "beacon-ride",
      [
        "--replay", TestPaths.fixture("ride-emulated-journey-blok-m-to-duri.btsnoop"), "--from", "BlokM", "--to",
        "Duri",
        "--format", "json",
      ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      eventsAndStations(jsonLines(result.stdout)) == [
        "found BlokM", "found ASEAN", "found Senayan", "found Istora", "found BendunganHilir", "found Setiabudi",
        "transfer DukuhAtas", "found BNICity", "arrived Duri",
      ])
  }

  /// Each "next stop" comes after the train left the stop before and before it reached the
  /// next (ISO 8601 times of one format compare as text).
  @Test func theStopAheadIsToldBetweenTheTwoStations() throws {
    let result = try Executable.run(
      "beacon-ride", ["--replay", Self.ride, "--from", "LebakBulus", "--to", "SoekarnoHatta", "--format", "json"])
    let stops = try Self.stops()
    let approaching = jsonLines(result.stdout).filter { $0["event"] as? String == "approaching" }
    let told = approaching.compactMap { event -> (String, String, String)? in
      guard let station = event["station"] as? String, let time = event["time"] as? String,
        let approach = event["approach"] as? String
      else { return nil }
      return (station, time, approach)
    }
    #expect(told.map(\.0) == ["DukuhAtas", "SoekarnoHatta"])
    #expect(told.map(\.2) == ["transfer", "destination"])
    for (station, time, _) in told {
      let before = station == "DukuhAtas" ? "Setiabudi" : "BatuCeper"
      let left = try #require(stops[before]?.depart)
      let reached = try #require(stops[station]?.alongside)
      #expect(left < time && time < reached, "\(station): told at \(time), left \(before) \(left), reached \(reached)")
    }
  }

  @Test func theTransferRingsAndNotifies() throws {
    let desktop = try RideAlertTests.StandInDesktop()
    defer { desktop.remove() }
    let result = try Executable.run(
      "beacon-ride", ["--replay", Self.ride, "--from", "LebakBulus", "--to", "SoekarnoHatta"],
      environment: desktop.environment)
    #expect(result.status == 0, "\(result.stderr)")
    let notifications = desktop.calls().filter { $0.first == "notify-send" }.map { $0.joined(separator: " ") }
    #expect(notifications.count == 4, "\(notifications)")
    #expect(notifications[0].contains("Next stop: Dukuh Atas"))
    #expect(notifications[1].contains("Change at Dukuh Atas"))
    #expect(notifications[1].contains("Change here for the airport line towards Bandara Soekarno-Hatta"))
    #expect(notifications[2].contains("Next stop: Bandara Soekarno-Hatta"))
    #expect(notifications[3].contains("Arrived: Bandara Soekarno-Hatta"))
    // The alarm: at the transfer and on arrival.
    #expect(desktop.calls().filter { $0.first == "aplay" }.count == 2)
  }
}

/// `beacon-ride` waiting at Lebak Bulus: a train the other way first, then the rider's.
@Suite struct TrainRideCommandTests {
  static let wait = TestPaths.fixture("ride-waits-for-train-at-lebak-bulus.btsnoop")

  @Test func theJourneysTrainIsToldOnceTheOtherWayNever() throws {
    let result = try Executable.run(
      "beacon-ride", ["--replay", Self.wait, "--from", "LebakBulus", "--to", "Fatmawati", "--format", "json"])
    #expect(result.status == 0, "\(result.stderr)")
    let events = jsonLines(result.stdout)
    #expect(
      eventsAndStations(events) == [
        "found LebakBulus", "train LebakBulus", "approaching Fatmawati", "arrived Fatmawati",
      ])
    let train = try #require(events.first { $0["event"] as? String == "train" })
    #expect(train["line"] as? String == "NorthSouth")
    #expect(train["towards"] as? String == "Bundaran HI")
    #expect(train["trainSet"] as? Int == 9)
    // Told while train 9 pulls in or stands (from the scenario's own timeline), not before.
    let data = try Data(
      contentsOf: URL(fileURLWithPath: TestPaths.fixture("ride-waits-for-train-at-lebak-bulus.expected-stations.json")))
    let truth = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let trains = try #require(truth["trains"] as? [[String: Any]])
    let boarded = try #require(trains.first { $0["riderBoards"] as? Bool == true })
    let told = try #require(train["time"] as? String)
    let stood = try #require(boarded["arrive"] as? String)
    let left = try #require(boarded["depart"] as? String)
    #expect(stood < told && told < left, "told \(told), the train stood \(stood) … \(left)")
  }

  /// Recorded through emulated controllers (tools/record-emulated-ride): Lebak Bulus's beacon, a
  /// train towards Lebak Bulus (set 4) for 10 s, then one towards Bundaran HI (set 9), then
  /// Fatmawati's beacon.
  @Test func anEmulatedWaitGivesTheTrainTowardsBundaranHIOnly() throws {
    let result = try Executable.run(
      "beacon-ride",
      [
        "--replay", TestPaths.fixture("ride-emulated-train-at-lebak-bulus.btsnoop"), "--from", "LebakBulus", "--to",
        "Fatmawati", "--format", "json",
      ])
    #expect(result.status == 0, "\(result.stderr)")
    let events = jsonLines(result.stdout)
    #expect(
      eventsAndStations(events) == [
        "found LebakBulus", "train LebakBulus", "arrived Fatmawati",
      ])
    #expect(events.first { $0["event"] as? String == "train" }?["trainSet"] as? Int == 9)
  }

  @Test func withoutAStartedJourneyNoTrainIsWaitedFor() throws {
    let result = try Executable.run("beacon-ride", ["--replay", Self.wait, "--to", "Fatmawati", "--format", "json"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stdout.contains(#""event":"train""#))
  }
}

/// Each event line as `EVENT STATION`, e.g. `transfer DukuhAtas`.
private func eventsAndStations(_ events: [[String: Any]]) -> [String] {
  events.map { "\($0["event"] as? String ?? "?") \($0["station"] as? String ?? "?")" }
}
