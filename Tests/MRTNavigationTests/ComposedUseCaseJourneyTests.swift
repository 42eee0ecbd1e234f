import BeaconTestSupport
import Positioning
import Testing

@testable import MRTNavigation

/// A journey of the real network followed by the destination use case over doubles of its
/// parts: what the rider is told beyond "found" (``JourneyProgress``), whichever part reports.
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

    let (bluetooth, gps) = (StationSourceDouble(), StationSourceDouble())
    let useCase = DefaultNotifyWhenNearMRTStationAndSpecificMRTStationOnce(
      bluetooth: bluetooth, gps: gps, catalog: TestCatalogs.jakartaRail)
    let recorder = ComposedUseCaseRecorder()
    useCase.delegate = recorder
    #expect(useCase.start(journey: journey) == .started)
    bluetooth.report(E.heard(try E.station("LebakBulus"), at: 0))
    bluetooth.report(E.left(try E.station("LebakBulus"), at: 60))
    gps.report(E.fixed(try E.station("Fatmawati"), at: 150))
    bluetooth.report(E.heard(try E.station("Setiabudi"), at: 1500))
    bluetooth.report(E.left(try E.station("Setiabudi"), at: 1560))
    bluetooth.report(E.heard(try E.station("DukuhAtas"), at: 1650))
    gps.report(E.fixed(try E.station("BNICity"), at: 2400))
    gps.report(E.left(try E.station("BNICity"), at: 2460))
    gps.report(E.fixed(try E.station("BatuCeper"), at: 3600))
    gps.report(E.left(try E.station("BatuCeper"), at: 3660))
    gps.report(E.fixed(try E.station("SoekarnoHatta"), at: 4000))
    #expect(
      recorder.lines == [
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
    #expect(bluetooth.calls == [.start, .pause] && gps.calls == [.start, .pause])
  }

  /// From Blok M towards Soekarno–Hatta, the next station found is Blok A, behind: the train runs
  /// the wrong way. Told once.
  @Test func theStationBehindSaysTheTrainRunsTheWrongWay() throws {
    let bluetooth = StationSourceDouble()
    let useCase = DefaultNotifyWhenNearMRTStationAndSpecificMRTStationOnce(
      bluetooth: bluetooth, gps: nil, catalog: TestCatalogs.jakartaRail)
    let recorder = ComposedUseCaseRecorder()
    useCase.delegate = recorder
    #expect(
      useCase.start(journey: try TestCatalogs.jakartaRail.journey(from: "BlokM", to: "SoekarnoHatta")) == .started)
    bluetooth.report(E.heard(try E.station("BlokM"), at: 0))
    bluetooth.report(E.left(try E.station("BlokM"), at: 60))
    bluetooth.report(E.heard(try E.station("BlokA"), at: 150))
    bluetooth.report(E.heard(try E.station("HajiNawi"), at: 300))
    #expect(
      recorder.lines == [
        "found BlokM by bluetooth", "found BlokA by bluetooth", "wrong way at BlokA", "found HajiNawi by bluetooth",
      ])
    #expect(useCase.isRunning)
  }

  /// Without a journey given, it is planned from the first station found: its transfer is told.
  @Test func aJourneyIsPlannedFromTheFirstStationFound() throws {
    let gps = StationSourceDouble()
    let useCase = DefaultNotifyWhenNearMRTStationAndSpecificMRTStationOnce(
      bluetooth: nil, gps: gps, catalog: TestCatalogs.jakartaRail)
    let recorder = ComposedUseCaseRecorder()
    useCase.delegate = recorder
    #expect(useCase.start(arrival: try E.station("SoekarnoHatta")) == .started)
    gps.report(E.fixed(try E.station("Setiabudi"), at: 0))
    gps.report(E.fixed(try E.station("DukuhAtas"), at: 200))
    #expect(useCase.journey?.origin.name == "Setiabudi")
    #expect(recorder.lines == ["found Setiabudi by gps", "transfer DukuhAtas to BNICity, then Airport"])
  }
}

/// Suspicions and the GPS source's changes reach the delegates that take them, in every state of
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
    let (bluetooth, gps) = (StationSourceDouble(), StationSourceDouble())
    let useCase = DefaultNotifyWhenNearMRTStationWhenInBackground(bluetooth: bluetooth, gps: gps)
    let recorder = ComposedUseCaseRecorder()
    useCase.delegate = recorder
    #expect(useCase.start() == .started)
    bluetooth.report(try suspicion(at: 0))
    bluetooth.report(try suspicion(at: 1))
    for condition in conditions { gps.report(.locationSourceChanged(condition)) }
    gps.report(.locationSourceChanged(.noReceiver))
    #expect(
      recorder.lines == [
        "suspect Senayan", "suspect Senayan", "gps sourceUnreachable", "gps reporting", "gps noReceiver",
        "gps noReceiver",
      ])
  }

  @Test func toADestination() throws {
    let (bluetooth, gps) = (StationSourceDouble(), StationSourceDouble())
    let useCase = DefaultNotifyWhenNearMRTStationAndSpecificMRTStationOnce(
      bluetooth: bluetooth, gps: gps, catalog: TestCatalogs.jakartaRail)
    let recorder = ComposedUseCaseRecorder()
    useCase.delegate = recorder
    #expect(useCase.start(arrival: try E.station("BlokM")) == .started)
    bluetooth.report(try suspicion(at: 0))
    bluetooth.report(try suspicion(at: 1))
    for condition in conditions { gps.report(.locationSourceChanged(condition)) }
    #expect(
      recorder.lines == [
        "suspect Senayan", "suspect Senayan", "gps sourceUnreachable", "gps reporting", "gps noReceiver",
      ])
  }

  /// The Once use case takes suspicions (and keeps watching); its delegate has no GPS condition.
  @Test func once() throws {
    let bluetooth = StationSourceDouble()
    let useCase = DefaultNotifyWhenNearMRTStationOnce(bluetooth: bluetooth, gps: nil)
    let recorder = ComposedUseCaseRecorder()
    useCase.delegate = recorder
    #expect(useCase.start() == .started)
    bluetooth.report(try suspicion(at: 0))
    bluetooth.report(.locationSourceChanged(.noReceiver))
    #expect(recorder.lines == ["suspect Senayan"])
    #expect(useCase.isRunning)
  }
}
