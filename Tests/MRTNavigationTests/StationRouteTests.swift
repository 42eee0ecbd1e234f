import MRTNavigation
import Testing

@Suite struct StationRouteTests {
  @Test func northboundRideIncludesBothEnds() throws {
    let route = try StationRoute(from: "LebakBulusGrab", to: "blok m", in: JakartaMRT.catalog)
    #expect(route.stations.map(\.name) == ["LebakBulus", "Fatmawati", "CipeteRaya", "HajiNawi", "BlokA", "BlokM"])
  }

  @Test func southboundRideRunsBackwards() throws {
    let route = try StationRoute(from: "BundaranHI", to: "Setiabudi", in: JakartaMRT.catalog)
    #expect(route.stations.map(\.name) == ["BundaranHI", "DukuhAtas", "Setiabudi"])
  }

  @Test func oneStationRoute() throws {
    let route = try StationRoute(from: "CipeteRaya", to: "Cipete Raya", in: JakartaMRT.catalog)
    #expect(route.stations.map(\.name) == ["CipeteRaya"])
  }

  @Test func unknownStationListsTheKnownOnes() {
    #expect(throws: StationRoute.Problem.unknownStation("Gambir", known: JakartaMRT.catalog.names)) {
      try StationRoute(from: "Gambir", to: "BlokM", in: JakartaMRT.catalog)
    }
  }
}
