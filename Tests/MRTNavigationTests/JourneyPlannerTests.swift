import BeaconTestSupport
import Testing

@testable import MRTNavigation

/// Journeys over a small made-up network whose best answers are known by hand:
///
///     Red     R1 – R2 – R3 – R4 – R5
///     Blue    B1 – B2 – R3 – B4          (stops at R3: a change without walking)
///     Yellow  R1 – R2 – Y3               (runs with Red from R1 to R2)
///     Green   G1 – G2 – G3               (a walk R5–G1 of 4 min, B4–G3 of 2 min)
///     Zed     Z1 – Z2                    (linked to nothing)
@Suite struct JourneyPlannerTests {
  /// The network; `StationCatalog`'s checks must accept it (a test fails with the reason if not).
  static func makeNetwork() throws -> StationCatalog {
    let names = ["R1", "R2", "R3", "R4", "R5", "B1", "B2", "B4", "Y3", "G1", "G2", "G3", "Z1", "Z2"]
    let stations = names.enumerated().map { index, name in
      Station(
        name: name, displayName: "Station \(name)", lineOrder: index + 1,
        beacon: .iBeacon(uuid: RailBeaconUUIDs.station, major: 9, minor: UInt16(index + 1)))
    }
    return try StationCatalog(
      stations: stations,
      lines: [
        TransitLine(name: "Red", displayName: "Red line", stationNames: ["R1", "R2", "R3", "R4", "R5"]),
        TransitLine(
          name: "Blue", displayName: "Blue line", stationNames: ["B1", "B2", "R3", "B4"], towardsLast: "Far East"),
        TransitLine(name: "Yellow", displayName: "Yellow line", stationNames: ["R1", "R2", "Y3"]),
        TransitLine(name: "Green", displayName: "Green line", stationNames: ["G1", "G2", "G3"]),
        TransitLine(name: "Zed", displayName: "Zed line", stationNames: ["Z1", "Z2"]),
      ],
      interchanges: [
        Interchange(from: "R5", to: "G1", walkingTime: .seconds(240), note: "over the bridge"),
        Interchange(from: "B4", to: "G3", walkingTime: .seconds(120)),
      ])
  }

  let network: StationCatalog

  init() throws { network = try Self.makeNetwork() }

  func plan(_ from: String, _ to: String) throws -> Journey { try network.journey(from: from, to: to) }

  /// Each step in a short notation: `Red>R1-R4` for a ride (the direction's headsign after
  /// the `>`), `=R3` for a change at a station, `~R5-G1` for a walk.
  func steps(_ journey: Journey) -> [String] {
    journey.steps.map { step in
      switch step {
      case .ride(let leg): return "\(leg.line.name)>\(leg.headsign):\(leg.first.name)-\(leg.last.name)"
      case .change(let transfer):
        return transfer.isWalk ? "~\(transfer.from.name)-\(transfer.to.name)" : "=\(transfer.from.name)"
      }
    }
  }

  @Test func oneLineNoTransfer() throws {
    let journey = try plan("R1", "R4")
    #expect(steps(journey) == ["Red>Station R5:R1-R4"])
    #expect(journey.stops == 3)
    #expect(journey.legs.first?.direction == .towardsLast)
    #expect(journey.stations.map(\.name) == ["R1", "R2", "R3", "R4"])
  }

  @Test func changeAtAStationTwoLinesStopAt() throws {
    let journey = try plan("R1", "B1")
    #expect(steps(journey) == ["Red>Station R5:R1-R3", "=R3", "Blue>Station B1:R3-B1"])
    #expect(journey.legs.map(\.direction) == [.towardsLast, .towardsFirst])
    #expect(journey.transfers.count == 1)
    #expect(journey.stops == 4)
  }

  @Test func givenHeadsignIsUsed() throws {
    #expect(steps(try plan("B1", "B4")) == ["Blue>Far East:B1-B4"])
  }

  /// R1 → G2 by Red and a walk is 1 transfer and 5 stops; by Red, Blue, a walk and Green it
  /// is 4 stops but 2 transfers. Fewer transfers win.
  @Test func fewestTransfersBeforeFewestStops() throws {
    let journey = try plan("R1", "G2")
    #expect(steps(journey) == ["Red>Station R5:R1-R5", "~R5-G1", "Green>Station G3:G1-G2"])
    #expect(journey.transfers.first?.walk?.walkingTime == .seconds(240))
    #expect(journey.transfers.first?.walk?.note == "over the bridge")
    #expect(journey.stops == 5)
  }

  /// Yellow runs with Red from R1 to R2: from Y3 to R1 the rider stays aboard.
  @Test func stayingAboardThroughASharedSectionIsNoTransfer() throws {
    #expect(steps(try plan("Y3", "R1")) == ["Yellow>Station R1:Y3-R1"])
    #expect(steps(try plan("Y3", "R4")) == ["Yellow>Station R1:Y3-R2", "=R2", "Red>Station R5:R2-R4"])
  }

  @Test func aJourneyMayStartAndEndWithAWalk() throws {
    let fromWalk = try plan("G1", "R4")
    #expect(steps(fromWalk) == ["~G1-R5", "Red>Station R1:R5-R4"])
    #expect(fromWalk.origin.name == "G1")
    #expect(fromWalk.stations.map(\.name) == ["G1", "R5", "R4"])
    let toWalk = try plan("R4", "G1")
    #expect(steps(toWalk) == ["Red>Station R5:R4-R5", "~R5-G1"])
    #expect(toWalk.destination.name == "G1")
    #expect(steps(try plan("R5", "G1")) == ["~R5-G1"])
  }

  @Test func namesAreMatchedAsLookupsMatchThem() throws {
    #expect(steps(try plan("station r1", "r-2")) == ["Red>Station R5:R1-R2"])
  }

  @Test func unreachableSameAndUnknownStations() throws {
    let z1 = try #require(network.station(named: "Z1"))
    let r1 = try #require(network.station(named: "R1"))
    #expect(throws: JourneyProblem.unreachable(from: r1, to: z1)) { try plan("R1", "Z1") }
    #expect(throws: JourneyProblem.sameStation(r1)) { try plan("R1", "Station R1") }
    #expect(throws: JourneyProblem.unknownStation("Q9", suggestions: [])) { try plan("Q9", "R1") }
  }

  @Test func hopsCountStopsAndWalks() throws {
    let catalog = network
    func stops(_ a: String, _ b: String) throws -> Int? {
      catalog.stops(from: try #require(catalog.station(named: a)), to: try #require(catalog.station(named: b)))
    }
    #expect(try stops("R1", "R5") == 4)
    #expect(try stops("R1", "B1") == 4)  // R1 R2 R3 B2 B1
    #expect(try stops("R1", "G3") == 4)  // R1 R2 R3 B4, walk G3
    #expect(try stops("R1", "Z2") == nil)
  }

  @Test func editDistanceIsLevenshtein() {
    #expect(StationCatalog.editDistance("kitten", "sitting") == 3)
    #expect(StationCatalog.editDistance("", "abc") == 3)
    #expect(StationCatalog.editDistance("same", "same") == 0)
  }
}

/// Journeys over the built-in network.
@Suite struct JakartaJourneyTests {
  let network = TestCatalogs.jakartaRail

  @Test func lebakBulusToTheAirportChangesAtDukuhAtasForBNICity() throws {
    let journey = try network.journey(from: "LebakBulus", to: "SoekarnoHatta")
    #expect(journey.legs.map(\.line.name) == ["NorthSouth", "Airport"])
    #expect(journey.legs.map(\.first.name) == ["LebakBulus", "BNICity"])
    #expect(journey.legs.map(\.last.name) == ["DukuhAtas", "SoekarnoHatta"])
    #expect(journey.legs.map(\.headsign) == ["Bundaran HI", "Bandara Soekarno-Hatta"])
    #expect(journey.transfers.map { "\($0.from.name)~\($0.to.name)" } == ["DukuhAtas~BNICity"])
    #expect(journey.stops == 11 + 4)
  }

  @Test func lrtBranchesChangeAtCawang() throws {
    let journey = try network.journey(from: "JatiMulya", to: "Harjamukti")
    #expect(journey.legs.map(\.line.name) == ["LRTBekasi", "LRTCibubur"])
    #expect(journey.transfers.map(\.from.name) == ["Cawang"])
    #expect(journey.transfers.first?.isWalk == false)
  }

  @Test func aTypoIsAnsweredWithTheName() {
    #expect(throws: JourneyProblem.unknownStation("SoekarnoHata", suggestions: ["SoekarnoHatta"])) {
      try network.journey(from: "LebakBulus", to: "SoekarnoHata")
    }
  }

  @Test func everyStationReachesEveryOther() throws {
    let first = try #require(network.stations.first)
    for station in network.stations where station != first {
      #expect(network.stops(from: first, to: station) != nil, "\(station.name)")
    }
  }
}
