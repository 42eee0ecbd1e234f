import BeaconTestSupport
import Positioning
import Testing

@testable import MRTNavigation

/// A journey of the real network, as tables over the ride's step: what the rider is told beyond
/// "found" (``JourneyProgress``), whichever source reports.
@Suite struct ComposedUseCaseJourneyTests {
  private typealias E = SourceEvents

  /// Lebak Bulus to Soekarno–Hatta: the North–South line to Dukuh Atas, a walk to BNI City, the
  /// airport line. The stop before each leg's end, when left, announces it.
  @Test func lebakBulusToSoekarnoHattaThroughTheTransferAtDukuhAtas() throws {
    let journey = try TestCatalogs.jakartaRail.journey(from: "LebakBulus", to: "SoekarnoHatta")
    let transfer = try #require(journey.transfers.first)
    #expect(journey.legs.map(\.line.name) == ["NorthSouth", "Airport"])
    #expect((transfer.from.name, transfer.to.name, transfer.isWalk) == ("DukuhAtas", "BNICity", true))
    #expect(journey.legs.last?.stations.map(\.name) == ["BNICity", "Duri", "RawaBuaya", "BatuCeper", "SoekarnoHatta"])

    var ride = RideTable([.destination(journey.destination, journey: journey)])
    let lines = ride.lines([
      E.heard(try E.station("LebakBulus"), at: 0),
      E.left(try E.station("LebakBulus"), at: 60),
      E.fixed(try E.station("Fatmawati"), at: 150),
      E.heard(try E.station("Setiabudi"), at: 1500),
      E.left(try E.station("Setiabudi"), at: 1560),
      E.heard(try E.station("DukuhAtas"), at: 1650),
      E.fixed(try E.station("BNICity"), at: 2400),
      E.left(try E.station("BNICity"), at: 2460),
      E.fixed(try E.station("BatuCeper"), at: 3600),
      E.left(try E.station("BatuCeper"), at: 3660),
      E.fixed(try E.station("SoekarnoHatta"), at: 4000),
    ])
    #expect(
      lines == [
        "found LebakBulus by bluetooth",
        "found Fatmawati by gps",
        "found Setiabudi by bluetooth",
        "approaching DukuhAtas (transfer)",
        "transfer DukuhAtas to BNICity, then Airport",
        "found BNICity by gps",
        "found BatuCeper by gps",
        "approaching SoekarnoHatta (destination)",
        "arrived SoekarnoHatta by gps",
      ])
    #expect(ride.state.isFinished)
  }

  /// From Blok M towards Soekarno–Hatta, the next station found is Blok A, behind: the train runs
  /// the wrong way. Told once.
  @Test func theStationBehindSaysTheTrainRunsTheWrongWay() throws {
    let journey = try TestCatalogs.jakartaRail.journey(from: "BlokM", to: "SoekarnoHatta")
    var ride = RideTable([.destination(journey.destination, journey: journey)])
    let lines = ride.lines([
      E.heard(try E.station("BlokM"), at: 0),
      E.left(try E.station("BlokM"), at: 60),
      E.heard(try E.station("BlokA"), at: 150),
      E.heard(try E.station("HajiNawi"), at: 300),
    ])
    #expect(
      lines == [
        "found BlokM by bluetooth", "found BlokA by bluetooth", "wrong way at BlokA", "found HajiNawi by bluetooth",
      ])
    #expect(!ride.state.isFinished)
  }

  /// Without a journey given, it is planned from the first station found: its transfer is told.
  @Test func aJourneyIsPlannedFromTheFirstStationFound() throws {
    var ride = RideTable([.destination(try E.station("SoekarnoHatta"), journey: nil)])
    let lines = ride.lines([
      E.fixed(try E.station("Setiabudi"), at: 0),
      E.fixed(try E.station("DukuhAtas"), at: 200),
    ])
    #expect(ride.state.journey?.origin.name == "Setiabudi")
    #expect(lines == ["found Setiabudi by gps", "transfer DukuhAtas to BNICity, then Airport"])
  }
}

/// Suspicions and the GPS source's changes reach the rider, in every state of
/// the merge: they are never held back as a repeated station is.
@Suite struct ComposedUseCasePassThroughTests {
  private typealias E = SourceEvents

  private func suspicion(at seconds: Double) throws -> StationSourceEvent {
    let reason = StationSuspicion.tooFarTooSoon(
      previous: try E.station("LebakBulus"), stops: 7, elapsed: .seconds(30), minimum: .seconds(600))
    return .suspect(try E.station("Senayan"), reason: reason, at: FindingFixtures.time(seconds))
  }

  private let conditions: [LocationSourceCondition] = [.sourceUnreachable, .reporting, .noReceiver]

  @Test func inTheBackground() throws {
    var ride = RideTable([.background(repeatAfter: RideStory.defaultRepeatAfter)])
    let lines = ride.lines(
      [try suspicion(at: 0), try suspicion(at: 1)] + (conditions + [.noReceiver]).map { .locationSourceChanged($0) })
    #expect(
      lines == [
        "suspect Senayan", "suspect Senayan", "gps sourceUnreachable", "gps reporting", "gps noReceiver",
        "gps noReceiver",
      ])
  }

  @Test func toADestination() throws {
    var ride = RideTable([.destination(try E.station("BlokM"), journey: nil)])
    let lines = ride.lines(
      [try suspicion(at: 0), try suspicion(at: 1)] + conditions.map { .locationSourceChanged($0) })
    #expect(
      lines == [
        "suspect Senayan", "suspect Senayan", "gps sourceUnreachable", "gps reporting", "gps noReceiver",
      ])
  }

}
