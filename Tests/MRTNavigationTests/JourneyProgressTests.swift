import BeaconTestSupport
import Testing

@testable import MRTNavigation

/// What a rider is told along a planned journey, station by station, on the built-in network.
@Suite struct JourneyProgressTests {
  let network = TestCatalogs.jakartaRail

  func station(_ name: String) throws -> Station { try #require(network.station(named: name)) }

  /// Each event in a short notation: `found X`, `transfer X>Y line`, `arrived X`,
  /// `approaching X destination|transfer`, `wrong X`.
  func describe(_ events: [JourneyProgress.Event]) -> [String] {
    events.map { event in
      switch event {
      case .found(let station): return "found \(station.name)"
      case .transfer(let transfer, let next):
        return "transfer \(transfer.from.name)>\(transfer.to.name) \(next?.line.name ?? "-")"
      case .arrived(let station): return "arrived \(station.name)"
      case .approaching(let station, let approach): return "approaching \(station.name) \(approach.rawValue)"
      case .wrongDirection(let station, _): return "wrong \(station.name)"
      }
    }
  }

  @Test func lebakBulusToTheAirportTellsTheTransferAndBothStopsAhead() throws {
    var progress = JourneyProgress(journey: try network.journey(from: "LebakBulus", to: "SoekarnoHatta"))
    var told: [String] = []
    let mrt = TestCatalogs.northSouth.stationNames
    for name in mrt.prefix(12) {
      told += describe(progress.found(try station(name)))
      told += describe(progress.left(try station(name)))
    }
    for name in ["BNICity", "Duri", "RawaBuaya", "BatuCeper", "SoekarnoHatta"] {
      told += describe(progress.found(try station(name)))
      told += describe(progress.left(try station(name)))
    }
    let expected =
      mrt.prefix(11).map { "found \($0)" } + ["approaching DukuhAtas transfer", "transfer DukuhAtas>BNICity Airport"]
      + ["found BNICity", "found Duri", "found RawaBuaya", "found BatuCeper", "approaching SoekarnoHatta destination"]
      + ["arrived SoekarnoHatta"]
    #expect(told == expected)
  }

  @Test func theStopAheadIsToldOnceWhicheverSourceSaysLeft() throws {
    var progress = JourneyProgress(journey: try network.journey(from: "Senayan", to: "DukuhAtas"))
    _ = progress.found(try station("Setiabudi"))
    #expect(describe(progress.left(try station("Setiabudi"))) == ["approaching DukuhAtas destination"])
    #expect(progress.left(try station("Setiabudi")).isEmpty)
    #expect(progress.left(try station("Istora")).isEmpty)
  }

  @Test func theStationJustBehindIsTheWrongWayOnce() throws {
    var progress = JourneyProgress(journey: try network.journey(from: "Setiabudi", to: "BundaranHI"))
    #expect(describe(progress.found(try station("Setiabudi"))) == ["found Setiabudi"])
    #expect(
      describe(progress.found(try station("BendunganHilir"))) == ["found BendunganHilir", "wrong BendunganHilir"])
    #expect(describe(progress.found(try station("Istora"))) == ["found Istora"])
  }

  @Test func aRiderWhoBoardsTheWrongWayIsToldAtTheFirstStation() throws {
    // Nothing found at the boarding station: the leg's first station is the reference.
    var progress = JourneyProgress(journey: try network.journey(from: "Manggarai", to: "SoekarnoHatta"))
    #expect(describe(progress.found(try station("Matraman"))) == ["found Matraman"])  // not on the airport line
    var other = JourneyProgress(journey: try network.journey(from: "BNICity", to: "SoekarnoHatta"))
    #expect(describe(other.found(try station("Manggarai"))) == ["found Manggarai", "wrong Manggarai"])
  }

  @Test func aSilentTransferStationDoesNotLoseTheRestOfTheJourney() throws {
    var progress = JourneyProgress(journey: try network.journey(from: "LebakBulus", to: "SoekarnoHatta"))
    _ = progress.found(try station("Setiabudi"))
    // Dukuh Atas and BNI City never heard: Duri is on the next leg.
    #expect(describe(progress.found(try station("Duri"))) == ["found Duri"])
    #expect(progress.currentLeg?.line.name == "Airport")
    #expect(describe(progress.left(try station("BatuCeper"))) == ["approaching SoekarnoHatta destination"])
  }

  @Test func aChangeAtOneStationNamesTheNextLine() throws {
    var progress = JourneyProgress(journey: try network.journey(from: "JatiMulya", to: "Harjamukti"))
    #expect(describe(progress.left(try station("Halim"))) == ["approaching Cawang transfer"])
    #expect(describe(progress.found(try station("Cawang"))) == ["transfer Cawang>Cawang LRTCibubur"])
    #expect(describe(progress.found(try station("TMII"))) == ["found TMII"])
  }
}
