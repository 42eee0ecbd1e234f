import BeaconTestSupport
import MRTNavigation

/// A ride as a table: station events in (as either source's detector reports them), the lines the
/// rider is told out, straight through ``RideState/step(_:)``: no finder, no runner, no clock.
struct RideTable {
  var state: RideState

  init(_ stories: [RideStory], catalog: StationCatalog = TestCatalogs.jakartaRail) {
    state = RideState(stories: stories, detection: RideDetection(catalog: catalog), bluetooth: true, gps: true)
  }

  /// The lines for `events`, in order (``RideEffectRecorder/line(_:)``).
  mutating func lines(_ events: [StationSourceEvent]) -> [String] {
    effects(events).compactMap(RideEffectRecorder.line)
  }

  /// Every effect of `events`, in order.
  mutating func effects(_ events: [StationSourceEvent]) -> [RideEffect] {
    events.flatMap { state.step(.station($0)) }
  }
}
