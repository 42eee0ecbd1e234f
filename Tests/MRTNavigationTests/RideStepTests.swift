import BeaconTestSupport
import Beacons
import BluetoothTypes
import Testing

@testable import MRTNavigation

/// ``RideState/step(_:)`` on sightings: the order of a step's effects with every story listening,
/// the timetable held in the state, and a ride that is over.
@Suite struct RideStepTests {
  private typealias F = FindingFixtures
  private let network = TestCatalogs.jakartaRail

  /// The kind of each effect, for tables of their order.
  private func kinds(_ effects: [RideEffect]) -> [String] {
    effects.map { effect in
      switch effect {
      case .reportSample: "sample"
      case .found: "found"
      case .left: "left"
      case .arrived: "arrived"
      case .transfer: "transfer"
      case .approaching: "approaching"
      case .wrongDirection: "wrongDirection"
      case .suspect: "suspect"
      case .locationSourceChanged: "gps"
      case .riderAtDeparture: "atDeparture"
      case .trainArriving: "train"
      case .alarm: "alarm"
      case .notification: "notification"
      }
    }
  }

  /// With `--from` and `--report`: for one sighting, the report's sample first, then the train
  /// watch's events, then the ride's; a sighting that tells nothing still gives its sample.
  @Test func theReportComesFirstThenTheTrainWatchThenTheRide() throws {
    let journey = try network.journey(from: "LebakBulus", to: "BundaranHI")
    let leg = try #require(journey.legs.first)
    var ride = RideState(
      stories: [.trainAtDeparture(journey), .destination(journey.destination, journey: journey)],
      detection: RideDetection(catalog: network), bluetooth: true, gps: false, samplesForReport: true)
    var told: [[String]] = []
    for step in stride(from: 0.0, to: 20.0, by: 0.5) {
      let effects = ride.step(.sighting(F.sighting(minor: 1, rssi: -78, at: step)))
      #expect(kinds(effects).first == "sample")
      if effects.count > 1 { told.append(kinds(effects)) }
    }
    #expect(told == [["sample", "atDeparture", "found"]])
    for step in stride(from: 20.0, to: 60.0, by: 0.5) {
      let train = try #require(
        F.trainSighting(of: leg.line, leg.direction, trainSet: 4, in: network, rssi: -72, at: step))
      let effects = ride.step(.sighting(train))
      if effects.count > 1 { told.append(kinds(effects)) }
    }
    #expect(told == [["sample", "atDeparture", "found"], ["sample", "train", "alarm"]])
    #expect(!ride.isWatchingTrain && !ride.isFinished, "the train told, the ride goes on")
  }

  /// A receiver 10 dB low hears a station beacon below the enter threshold (−88 dBm) and finds
  /// nothing; its offset set mid-ride (a fleet node's remote setting) finds the station from the
  /// reports already heard and the next ones.
  @Test func anOffsetSetMidRideFindsTheStationItsReceiverHeardTooWeak() {
    var ride = RideState(
      stories: [.stationEvents], detection: RideDetection(catalog: network), bluetooth: true, gps: false)
    var found: [Double] = []
    for step in stride(from: 0.0, to: 10.0, by: 0.5) {
      if step == 5 { ride.setRSSIOffset(10) }
      if kinds(ride.step(.sighting(F.sighting(minor: 1, rssi: -92, at: step)))).contains("found") {
        found.append(step)
      }
    }
    #expect(found.count == 1 && (found.first ?? 0) >= 5, "\(found)")
  }

  /// A timetable that answers each station with how many it was asked before: what it has
  /// matched is the state's, so a copy of the state goes on from the same point.
  private struct CountingTimetable: RideTimetableMatching {
    var asked = 0
    mutating func estimate(at station: Station, time: Timestamp) -> RideEstimate? {
      asked += 1
      return .scheduled(eta: 1_000, delay: asked, nextDepartures: [])
    }
  }

  private func delays(_ effects: [RideEffect]) -> [Int?] {
    effects.compactMap { effect in
      guard case .found(_, _, _, let estimate) = effect else { return nil }
      return estimate?.delay?.value
    }
  }

  @Test func theTimetablesMatchIsPartOfTheState() throws {
    var ride = RideState(
      stories: [.destination(try SourceEvents.station("BlokM"), journey: nil)],
      detection: RideDetection(catalog: network), bluetooth: true, gps: true, timetable: CountingTimetable())
    let first = ride.step(.station(SourceEvents.heard(try SourceEvents.station("LebakBulus"), at: 0)))
    #expect(delays(first) == [1])
    var copy = ride
    let fatmawati = SourceEvents.heard(try SourceEvents.station("Fatmawati"), at: 150)
    #expect(delays(ride.step(.station(fatmawati))) == [2])
    #expect(delays(copy.step(.station(fatmawati))) == [2], "the copy asks from where the state was")
  }

  /// Arrived: the ride is over, and a later input gives nothing, not even a sample.
  @Test func aRideThatIsOverTakesNothingMore() throws {
    var ride = RideState(
      stories: [.destination(try SourceEvents.station("CipeteRaya"), journey: nil)],
      detection: RideDetection(catalog: network), bluetooth: true, gps: false, samplesForReport: true)
    var arrived: [RideEffect] = []
    for step in stride(from: 0.0, to: 20.0, by: 0.5) {
      arrived += ride.step(.sighting(F.sighting(minor: 3, rssi: -78, at: step))).filter {
        if case .arrived = $0 { true } else { false }
      }
    }
    #expect(arrived.count == 1 && ride.isFinished)
    #expect(ride.step(.sighting(F.sighting(minor: 4, rssi: -70, at: 30))).isEmpty)
    #expect(ride.step(.tick(F.time(100))).isEmpty)
  }
}
