import BeaconTestSupport
import Testing

@testable import MRTNavigation

/// "The first source to find a station wins" (``StationMerge``), as tables over the ride's step:
/// both sources' finds of the same stations, in turn.
@Suite struct ComposedUseCaseMergeTests {
  private typealias E = SourceEvents

  /// On a ride, a station is told once, with the evidence of the source that found it first; the
  /// other source's later find of it, or a find after leaving it, is not told again.
  @Test func onARideTheFirstSourceWinsAndEachStationIsToldOnce() throws {
    let (lebakBulus, fatmawati, cipete) = (
      try E.station("LebakBulus"), try E.station("Fatmawati"), try E.station("CipeteRaya")
    )
    var ride = RideTable([.destination(try E.station("BlokM"), journey: nil)])
    let lines = ride.lines([
      E.heard(lebakBulus, at: 0),
      E.fixed(lebakBulus, at: 5),
      E.left(lebakBulus, at: 60),
      E.fixed(fatmawati, at: 150),
      E.heard(fatmawati, at: 152),
      E.left(fatmawati, at: 200),
      E.heard(fatmawati, at: 260),  // a late glimpse from the next train
      E.heard(cipete, at: 300),
    ])
    #expect(lines == ["found LebakBulus by bluetooth", "found Fatmawati by gps", "found CipeteRaya by bluetooth"])
  }

  /// In the background, a station is told once a visit: not when the other source finds it too,
  /// nor when the rider left it and is back with no other station between; again once another
  /// station was told, or `repeatAfter` after it was last told.
  @Test func inTheBackgroundAStationIsToldAgainAfterAnotherOrAfterAWhile() throws {
    let (fatmawati, cipete) = (try E.station("Fatmawati"), try E.station("CipeteRaya"))
    var ride = RideTable([.background(repeatAfter: .seconds(600))])
    #expect(
      ride.lines([E.heard(fatmawati, at: 0), E.fixed(fatmawati, at: 30), E.left(fatmawati, at: 60)])
        + ride.lines([E.heard(fatmawati, at: 120)]) == ["found Fatmawati by bluetooth"])
    // Another station between: told again.
    #expect(
      ride.lines([E.fixed(cipete, at: 300), E.heard(fatmawati, at: 400)])
        == ["found CipeteRaya by gps", "found Fatmawati by bluetooth"])
    // 599 s after it was told: not yet; 600 s: again.
    #expect(ride.lines([E.fixed(fatmawati, at: 999), E.fixed(fatmawati, at: 1000)]) == ["found Fatmawati by gps"])
  }

  /// Each station the background rider is told comes with the alarm.
  @Test func inTheBackgroundEachStationSoundsTheAlarm() throws {
    let fatmawati = try E.station("Fatmawati")
    var ride = RideTable([.background(repeatAfter: RideStory.defaultRepeatAfter)])
    #expect(
      ride.effects([E.heard(fatmawati, at: 0)]).suffix(1) == [.alarm(.near(fatmawati))])
  }
}
