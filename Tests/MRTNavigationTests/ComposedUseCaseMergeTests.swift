import BeaconTestSupport
import Testing

@testable import MRTNavigation

/// "The first source to find a station wins" (``StationMerge``), through the composed use cases
/// that announce stations: each reports both parts' finds of the same stations, in turn.
@Suite struct ComposedUseCaseMergeTests {
  private typealias E = SourceEvents

  /// On a ride, a station is told once, with the evidence of the part that found it first; the
  /// other part's later find of it, or a find after leaving it, is not told again.
  @Test func onARideTheFirstSourceWinsAndEachStationIsToldOnce() throws {
    let (bluetooth, gps) = (StationSourceDouble(), StationSourceDouble())
    let useCase = DefaultNotifyWhenNearMRTStationAndSpecificMRTStationOnce(
      bluetooth: bluetooth, gps: gps, catalog: TestCatalogs.jakartaRail)
    let recorder = ComposedUseCaseRecorder()
    useCase.delegate = recorder
    let (lebakBulus, fatmawati, cipete) = (
      try E.station("LebakBulus"), try E.station("Fatmawati"), try E.station("CipeteRaya")
    )
    #expect(useCase.start(arrival: try E.station("BlokM")) == .started)
    bluetooth.report(E.heard(lebakBulus, at: 0))
    gps.report(E.fixed(lebakBulus, at: 5))
    gps.report(E.left(lebakBulus, at: 60))
    gps.report(E.fixed(fatmawati, at: 150))
    bluetooth.report(E.heard(fatmawati, at: 152))
    bluetooth.report(E.left(fatmawati, at: 200))
    bluetooth.report(E.heard(fatmawati, at: 260))  // a late glimpse from the next train
    bluetooth.report(E.heard(cipete, at: 300))
    #expect(
      recorder.lines == [
        "found LebakBulus by bluetooth", "found Fatmawati by gps", "found CipeteRaya by bluetooth",
      ])
  }

  /// In the background, a station is told once a visit: not when the other part finds it too,
  /// nor when the rider left it and is back with no other station between; again once another
  /// station was told, or `repeatAfter` after it was last told.
  @Test func inTheBackgroundAStationIsToldAgainAfterAnotherOrAfterAWhile() throws {
    let (bluetooth, gps) = (StationSourceDouble(), StationSourceDouble())
    let useCase = DefaultNotifyWhenNearMRTStationWhenInBackground(
      bluetooth: bluetooth, gps: gps, repeatAfter: .seconds(600))
    let recorder = ComposedUseCaseRecorder()
    useCase.delegate = recorder
    let (fatmawati, cipete) = (try E.station("Fatmawati"), try E.station("CipeteRaya"))
    #expect(useCase.start() == .started)
    bluetooth.report(E.heard(fatmawati, at: 0))
    gps.report(E.fixed(fatmawati, at: 30))
    bluetooth.report(E.left(fatmawati, at: 60))
    bluetooth.report(E.heard(fatmawati, at: 120))
    #expect(recorder.lines == ["found Fatmawati by bluetooth"])
    gps.report(E.fixed(cipete, at: 300))
    bluetooth.report(E.heard(fatmawati, at: 400))  // another station between: told again
    #expect(
      recorder.lines == ["found Fatmawati by bluetooth", "found CipeteRaya by gps", "found Fatmawati by bluetooth"])
    gps.report(E.fixed(fatmawati, at: 999))  // 599 s after it was told: not yet
    gps.report(E.fixed(fatmawati, at: 1000))  // 600 s: again
    #expect(recorder.lines.dropFirst(3) == ["found Fatmawati by gps"])
  }

  /// A new start forgets what was told: the station the rider is at is told again.
  @Test func aRestartInTheBackgroundForgetsWhatWasTold() throws {
    let bluetooth = StationSourceDouble()
    let useCase = DefaultNotifyWhenNearMRTStationWhenInBackground(bluetooth: bluetooth, gps: nil)
    let recorder = ComposedUseCaseRecorder()
    useCase.delegate = recorder
    let fatmawati = try E.station("Fatmawati")
    #expect(useCase.start() == .started)
    bluetooth.report(E.heard(fatmawati, at: 0))
    #expect(useCase.stop() == .stopped)
    #expect(useCase.start() == .started)
    bluetooth.report(E.heard(fatmawati, at: 10))
    #expect(recorder.lines == ["found Fatmawati by bluetooth", "found Fatmawati by bluetooth"])
  }
}
