import BeaconTestSupport
import MRTNavigation
import Testing

/// Each of the four composed use cases, over a double of each part (either may be left out) and,
/// for the train watch, a scripted train finder; started, stopped and asked alike, so that what
/// holds for all four is tested once for each.
struct ComposedUseCaseUnderTest {
  enum Kind: String, CaseIterable, CustomTestStringConvertible {
    case once, background, destination, train
    var testDescription: String { rawValue }
  }

  let bluetooth: StationSourceDouble?
  let gps: StationSourceDouble?
  /// Where the train watch hears trains.
  let trainFinder = ScriptedBeaconFinder()
  let recorder = ComposedUseCaseRecorder()
  /// The use case, as its start, stop and state.
  let start: () -> StationWatchStartResult
  let stop: () -> StationWatchStopResult
  let isRunning: () -> Bool
  let sourceStarts: () -> SourceStarts
  /// Keeps the use case alive: its delegate and parts refer to it weakly.
  private let useCase: AnyObject

  init(_ kind: Kind, bluetooth: StationSourceDouble?, gps: StationSourceDouble?) throws {
    self.bluetooth = bluetooth
    self.gps = gps
    let network = TestCatalogs.jakartaRail
    switch kind {
    case .once:
      let useCase = DefaultNotifyWhenNearMRTStationOnce(bluetooth: bluetooth, gps: gps)
      useCase.delegate = recorder
      (start, stop, isRunning, sourceStarts) = (
        useCase.start, useCase.stop, { useCase.isRunning }, { useCase.sourceStarts }
      )
      self.useCase = useCase
    case .background:
      let useCase = DefaultNotifyWhenNearMRTStationWhenInBackground(bluetooth: bluetooth, gps: gps)
      useCase.delegate = recorder
      (start, stop, isRunning, sourceStarts) = (
        useCase.start, useCase.stop, { useCase.isRunning }, { useCase.sourceStarts }
      )
      self.useCase = useCase
    case .destination:
      let useCase = DefaultNotifyWhenNearMRTStationAndSpecificMRTStationOnce(
        bluetooth: bluetooth, gps: gps, catalog: TestCatalogs.jakartaRail)
      useCase.delegate = recorder
      let blokM = try SourceEvents.station("BlokM")
      (start, stop, isRunning, sourceStarts) = (
        { useCase.start(arrival: blokM) }, useCase.stop, { useCase.isRunning }, { useCase.sourceStarts }
      )
      self.useCase = useCase
    case .train:
      let useCase = DefaultNotifyWhenTrainArrivesAtDepartureStation(
        bluetooth: bluetooth, gps: gps, trainFinder: trainFinder, catalog: network)
      useCase.delegate = recorder
      let journey = try network.journey(from: "LebakBulus", to: "BundaranHI")
      (start, stop, isRunning, sourceStarts) = (
        { useCase.start(journey: journey) }, useCase.stop, { useCase.isRunning }, { useCase.sourceStarts }
      )
      self.useCase = useCase
    }
  }
}
