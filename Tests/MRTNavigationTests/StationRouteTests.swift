import BeaconTestSupport
import MRTNavigation
import Testing

@Suite struct StationRouteTests {
  @Test func northboundRideIncludesBothEnds() throws {
    let route = try StationRoute(from: "LebakBulusGrab", to: "blok m", in: TestCatalogs.northSouthLine)
    #expect(route.stations.map(\.name) == ["LebakBulus", "Fatmawati", "CipeteRaya", "HajiNawi", "BlokA", "BlokM"])
  }

  @Test func southboundRideRunsBackwards() throws {
    let route = try StationRoute(from: "BundaranHI", to: "Setiabudi", in: TestCatalogs.northSouthLine)
    #expect(route.stations.map(\.name) == ["BundaranHI", "DukuhAtas", "Setiabudi"])
  }

  @Test func oneStationRoute() throws {
    let route = try StationRoute(from: "CipeteRaya", to: "Cipete Raya", in: TestCatalogs.northSouthLine)
    #expect(route.stations.map(\.name) == ["CipeteRaya"])
  }

  @Test func unknownStationSuggestsCloseNames() {
    #expect(throws: JourneyProblem.unknownStation("Gambir", suggestions: [])) {
      try StationRoute(from: "Gambir", to: "BlokM", in: TestCatalogs.northSouthLine)
    }
    #expect(throws: JourneyProblem.unknownStation("Fatmawatti", suggestions: ["Fatmawati"])) {
      try StationRoute(from: "LebakBulus", to: "Fatmawatti", in: TestCatalogs.northSouthLine)
    }
    #expect(throws: JourneyProblem.unknownStation("Blok", suggestions: ["BlokA", "BlokM"])) {
      try StationRoute(from: "Blok", to: "Senayan", in: TestCatalogs.northSouthLine)
    }
  }
}
