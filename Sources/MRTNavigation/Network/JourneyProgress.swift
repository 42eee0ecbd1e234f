/// Where a rider is along a planned journey, from the stations found and left: which leg they
/// are on, and what to tell them beyond "found" — a transfer, the stop ahead, a wrong way.
///
/// It is told the stations as the sources find and leave them (each found station once a
/// journey); it keeps no clock. A station of a later leg moves it on to that leg, so a transfer
/// station whose beacon stayed silent does not lose the rest of the journey.
public struct JourneyProgress: Hashable, Sendable {
  /// What the rider is told.
  public enum Event: Hashable, Sendable {
    /// A station that is neither the destination nor where to change.
    case found(Station)
    /// The rider is where a leg ends and they change: `transfer` says to what (the walk, if
    /// any); `next` is the leg to take (`nil` when the journey ends with a walk).
    case transfer(Journey.Transfer, next: Journey.Leg?)
    /// The destination.
    case arrived(Station)
    /// The train left the station before `station`, which is where the rider gets off.
    case approaching(Station, Approach)
    /// `station` is the one just behind the rider on the leg's line (behind the station found
    /// last, or the leg's first): the train runs the wrong way.
    case wrongDirection(Station, leg: Journey.Leg)
  }

  /// Why the rider must get ready at the next stop.
  public enum Approach: String, Hashable, Sendable {
    /// It is the destination.
    case destination
    /// The rider changes there.
    case transfer
  }

  /// The journey followed.
  public let journey: Journey
  private let legs: [Journey.Leg]
  /// The change after each leg, if any.
  private let transferAfterLeg: [Journey.Transfer?]
  private var legIndex = 0
  /// The last station found on the current leg's line, to tell the direction by.
  private var lastOnLine: Station?
  private var approachesTold: Set<String> = []
  private var wrongWayTold = false

  public init(journey: Journey) {
    self.journey = journey
    legs = journey.legs
    var transfers: [Journey.Transfer?] = []
    for (index, step) in journey.steps.enumerated() {
      guard case .ride = step else { continue }
      if index + 1 < journey.steps.count, case .change(let transfer) = journey.steps[index + 1] {
        transfers.append(transfer)
      } else {
        transfers.append(nil)
      }
    }
    transferAfterLeg = transfers
  }

  /// The leg the rider is on, or about to board (`nil` past the last).
  public var currentLeg: Journey.Leg? { legs.indices.contains(legIndex) ? legs[legIndex] : nil }

  /// Takes a station the sources found.
  public mutating func found(_ station: Station) -> [Event] {
    if station == journey.destination { return [.arrived(station)] }
    // A station of a later leg (but not the first station of that leg, which is also the end
    // of the one before when the lines share it): the rider is on that leg now.
    if let later = legs.indices.dropFirst(legIndex + 1).first(where: { legs[$0].stations.dropFirst().contains(station) }
    ) {
      legIndex = later
      lastOnLine = nil
    }
    guard let leg = currentLeg else { return [.found(station)] }
    if station == leg.last, let transfer = transferAfterLeg[legIndex] {
      legIndex += 1
      lastOnLine = nil
      return [.transfer(transfer, next: currentLeg)]
    }
    guard let position = leg.line.stationNames.firstIndex(of: station.name) else {
      return [.found(station)]
    }
    var events: [Event] = [.found(station)]
    let reference = lastOnLine ?? leg.first
    if let referencePosition = leg.line.stationNames.firstIndex(of: reference.name),
      position != referencePosition, !wrongWayTold
    {
      // The station just behind: a rider on the train the other way hears it next. (Further
      // behind is more likely a late find of a station missed earlier.)
      let behind = leg.direction == .towardsLast ? referencePosition - 1 : referencePosition + 1
      if position == behind {
        wrongWayTold = true
        events.append(.wrongDirection(station, leg: leg))
      }
    }
    lastOnLine = station
    return events
  }

  /// Takes a station the sources say the rider left.
  public mutating func left(_ station: Station) -> [Event] {
    guard let leg = currentLeg, leg.stations.count >= 2, station == leg.stations[leg.stations.count - 2],
      approachesTold.insert(leg.last.name).inserted
    else { return [] }
    let isEnd = legIndex == legs.count - 1 && leg.last == journey.destination
    return [.approaching(leg.last, isEnd ? .destination : .transfer)]
  }
}
