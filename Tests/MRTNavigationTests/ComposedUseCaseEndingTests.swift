import BeaconTestSupport
import Testing

@testable import MRTNavigation

/// How each composed use case ends: stopped by the caller (both parts stopped, with their
/// finders), or done by itself (both parts paused: the finders stay with the caller).
@Suite struct ComposedUseCaseEndingTests {
  private typealias E = SourceEvents
  typealias Kind = ComposedUseCaseUnderTest.Kind

  @Test(arguments: Kind.allCases)
  func stopStopsBothPartsThenAnswersNotRunning(kind: Kind) throws {
    let subject = try ComposedUseCaseUnderTest(kind, bluetooth: StationSourceDouble(), gps: StationSourceDouble())
    #expect(subject.start() == .started)
    #expect(subject.stop() == .stopped)
    #expect(!subject.isRunning())
    #expect(subject.bluetooth?.calls == [.start, .stop])
    #expect(subject.gps?.calls == [.start, .stop])
    #expect(subject.stop() == .notRunning)
    // Stopped, it tells nothing of what a part still reports.
    subject.bluetooth?.report(E.heard(try E.station("LebakBulus"), at: 1))
    #expect(subject.recorder.lines.isEmpty)
  }

  /// The first station either part finds ends the Once use case: both parts paused, the other
  /// part's find of the same station not told.
  @Test func onceTellsTheFirstStationAndPausesBothParts() throws {
    let (bluetooth, gps) = (StationSourceDouble(), StationSourceDouble())
    let useCase = DefaultNotifyWhenNearMRTStationOnce(bluetooth: bluetooth, gps: gps)
    let recorder = ComposedUseCaseRecorder()
    useCase.delegate = recorder
    #expect(useCase.start() == .started)
    let fatmawati = try E.station("Fatmawati")
    gps.report(E.fixed(fatmawati, at: 10))
    bluetooth.report(E.heard(fatmawati, at: 11))
    bluetooth.report(E.heard(try E.station("CipeteRaya"), at: 100))
    #expect(recorder.lines == ["found Fatmawati by gps"])
    #expect(!useCase.isRunning)
    #expect(bluetooth.calls == [.start, .pause] && gps.calls == [.start, .pause])
    // A start from the callback of the next find watches for another first station.
    #expect(useCase.start() == .started)
    recorder.onLine = { #expect(useCase.start() == .started) }
    bluetooth.report(E.heard(fatmawati, at: 200))
    #expect(recorder.lines == ["found Fatmawati by gps", "found Fatmawati by bluetooth"])
    #expect(useCase.isRunning)
  }

  /// At the destination: told once, both parts paused, nothing more; a later start is a new
  /// journey, in which the stations of the last one are told again.
  @Test func theDestinationEndsTheJourneyAndAStartBeginsANewOne() throws {
    let (bluetooth, gps) = (StationSourceDouble(), StationSourceDouble())
    let useCase = DefaultNotifyWhenNearMRTStationAndSpecificMRTStationOnce(
      bluetooth: bluetooth, gps: gps, catalog: TestCatalogs.jakartaRail)
    let recorder = ComposedUseCaseRecorder()
    useCase.delegate = recorder
    let (haji, blokA, blokM) = (try E.station("HajiNawi"), try E.station("BlokA"), try E.station("BlokM"))
    #expect(useCase.start(arrival: blokM) == .started)
    bluetooth.report(E.heard(haji, at: 0))
    bluetooth.report(E.heard(blokA, at: 120))
    gps.report(E.fixed(blokM, at: 240))
    bluetooth.report(E.heard(blokM, at: 241))
    #expect(recorder.lines == ["found HajiNawi by bluetooth", "found BlokA by bluetooth", "arrived BlokM by gps"])
    #expect(!useCase.isRunning)
    #expect(bluetooth.calls == [.start, .pause] && gps.calls == [.start, .pause], "paused, not stopped")
    #expect(useCase.stop() == .notRunning)

    #expect(useCase.start(arrival: blokM) == .started)
    #expect(useCase.journey == nil, "the last journey's progress is gone")
    bluetooth.report(E.heard(blokA, at: 1000))
    bluetooth.report(E.heard(blokM, at: 1100))
    #expect(recorder.lines.suffix(2) == ["found BlokA by bluetooth", "arrived BlokM by bluetooth"])
  }
}
