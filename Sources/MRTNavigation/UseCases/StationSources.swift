import Beacons
import BluetoothTypes
import Positioning

/// The two sources every rider-facing use case is composed of, as the product design has it:
/// ``NotifyWhenNearMRTStationWithBluetooth`` first, ``NotifyWhenNearMRTStationWithGPS`` beside
/// it ("if Bluetooth is not available, use GPS").
///
/// Both are started when there are both: GPS takes over when Bluetooth cannot start (not
/// authorized, no adapter), when the adapter goes away mid-ride (its finder stops delivering),
/// and for stations whose beacons stay silent. Each station is passed on once a journey (or,
/// for the rider in the background, once a visit: ``StationAnnouncing``), whichever source found
/// it first, with that source's evidence.
final class StationSources: NotifyWhenNearMRTStationWithBluetoothDelegate, NotifyWhenNearMRTStationWithGPSDelegate {
  let bluetooth: (any NotifyWhenNearMRTStationWithBluetooth)?
  let gps: (any NotifyWhenNearMRTStationWithGPS)?
  /// Told of each station the first time a source finds it in this journey.
  weak var receiver: (any StationSourcesReceiver)?
  /// What each source's start answered, for the caller to explain a fallback.
  private(set) var starts = SourceStarts()
  private var announced: Set<String> = []
  /// When each source's station is passed on again.
  let announcing: StationAnnouncing
  /// The station passed on last, and when (for ``StationAnnouncing/oncePerVisit(repeatAfter:)``).
  private var lastAnnounced: (name: String, time: CaptureTime)?
  /// The station the rider is at, passed on and not left since (for ``StationAnnouncing/oncePerStay``).
  private var stayingAt: String?

  init(
    bluetooth: (any NotifyWhenNearMRTStationWithBluetooth)?, gps: (any NotifyWhenNearMRTStationWithGPS)?,
    announcing: StationAnnouncing = .oncePerJourney
  ) {
    self.bluetooth = bluetooth
    self.gps = gps
    self.announcing = announcing
    bluetooth?.delegate = self
    gps?.delegate = self
  }

  /// The default use cases over a beacon finder and a location finder (either may be `nil`).
  convenience init(
    finder: (any BeaconFinder)?, locationFinder: (any LocationFinder)?, catalog: StationCatalog,
    policy: StationPresencePolicy, rangingConfiguration: BeaconRanging.Configuration, gpsPolicy: GPSStationPolicy,
    announcing: StationAnnouncing = .oncePerJourney
  ) {
    self.init(
      bluetooth: finder.map {
        DefaultNotifyWhenNearMRTStationWithBluetooth(
          finder: $0, catalog: catalog, policy: policy, rangingConfiguration: rangingConfiguration)
      },
      gps: locationFinder.map {
        DefaultNotifyWhenNearMRTStationWithGPS(finder: $0, catalog: catalog, policy: gpsPolicy)
      }, announcing: announcing)
  }

  /// Whether a journey is under way: from a start until a stop or a pause.
  private(set) var isRunning = false

  /// Starts Bluetooth, then GPS; `.started` when either started, else Bluetooth's answer (or
  /// GPS's, without Bluetooth). A new journey: every station may be found again.
  func start() -> StationWatchStartResult {
    announced.removeAll()
    lastAnnounced = nil
    stayingAt = nil
    starts = SourceStarts(bluetooth: bluetooth?.start(), gps: gps?.start())
    isRunning = starts.bluetooth == .started || starts.gps == .started
    if isRunning { return .started }
    return starts.bluetooth ?? starts.gps ?? .finderFailed
  }

  /// Stops both sources and their finders; `.stopped` when a journey was under way.
  @discardableResult
  func stop() -> StationWatchStopResult {
    bluetooth?.stop()
    gps?.stop()
    guard isRunning else { return .notRunning }
    isRunning = false
    return .stopped
  }

  /// Ends the journey as the use case itself decides (a station found, the destination
  /// reached): the sources stop listening, but their finders are left running, for the caller
  /// that started them to stop; a later ``start()`` listens again from a clean slate.
  func pause() {
    isRunning = false
    // Another implementation of the source protocols cannot pause: it is stopped.
    if let pausable = bluetooth as? any PausableStationSource { pausable.pause() } else { bluetooth?.stop() }
    if let pausable = gps as? any PausableStationSource { pausable.pause() } else { gps?.stop() }
  }

  private func found(_ station: Station, _ evidence: StationEvidence, at time: CaptureTime) {
    guard isRunning else { return }
    switch announcing {
    case .oncePerJourney:
      guard announced.insert(station.name).inserted else { return }
    case .oncePerVisit(let repeatAfter):
      if let lastAnnounced, lastAnnounced.name == station.name,
        time.microseconds(since: lastAnnounced.time) < repeatAfter.wholeMicroseconds
      {
        return
      }
      lastAnnounced = (station.name, time)
    case .oncePerStay:
      guard stayingAt != station.name else { return }
      stayingAt = station.name
    }
    receiver?.sources(self, didFind: station, evidence: evidence, at: time)
  }

  func notifyWhenNearMRTStation(
    _ useCase: any NotifyWhenNearMRTStationWithBluetooth, didFind station: Station, rssi: Double, at time: CaptureTime
  ) {
    found(station, .bluetooth(rssi: rssi), at: time)
  }

  func notifyWhenNearMRTStation(
    _ useCase: any NotifyWhenNearMRTStationWithBluetooth, didLeave station: Station, at time: CaptureTime
  ) {
    left(station, at: time)
  }

  private func left(_ station: Station, at time: CaptureTime) {
    guard isRunning else { return }
    if stayingAt == station.name { stayingAt = nil }
    receiver?.sources(self, didLeave: station, at: time)
  }

  func notifyWhenNearMRTStation(
    _ useCase: any NotifyWhenNearMRTStationWithBluetooth, didSuspect station: Station, reason: StationSuspicion,
    at time: CaptureTime
  ) {
    guard isRunning else { return }
    receiver?.sources(self, didSuspect: station, reason: reason, at: time)
  }

  func notifyWhenNearMRTStation(
    _ useCase: any NotifyWhenNearMRTStationWithGPS, didFind station: Station, fix: LocationFix
  ) {
    found(station, .gps(fix), at: fix.time)
  }

  func notifyWhenNearMRTStation(
    _ useCase: any NotifyWhenNearMRTStationWithGPS, didLeave station: Station, at time: CaptureTime
  ) {
    left(station, at: time)
  }

  func notifyWhenNearMRTStation(
    _ useCase: any NotifyWhenNearMRTStationWithGPS, didChange condition: LocationSourceCondition
  ) {
    guard isRunning else { return }
    receiver?.sources(self, gpsDidChange: condition)
  }
}

/// When ``StationSources`` passes a station on.
enum StationAnnouncing: Hashable, Sendable {
  /// Each station once, from a start to the next: a ride.
  case oncePerJourney
  /// A station again once another was found since, or `repeatAfter` after it was last passed
  /// on: the rider in the background, going out and coming back.
  case oncePerVisit(repeatAfter: Duration)
  /// A station again once the rider has left it (either source says so) or another station
  /// was passed on since: each time the rider is (back) at it. The departure station, where
  /// the rider is waited for while there and only then.
  case oncePerStay
}

/// A source use case that can stop listening without stopping its finder (this module's own).
protocol PausableStationSource: AnyObject {
  func pause()
}

extension DefaultNotifyWhenNearMRTStationWithBluetooth: PausableStationSource {
  func pause() { stopWatching() }
}

/// What each source's `start` answered (`nil`: the use case has no such source).
public struct SourceStarts: Hashable, Sendable {
  public var bluetooth: StationWatchStartResult?
  public var gps: StationWatchStartResult?

  public init(bluetooth: StationWatchStartResult? = nil, gps: StationWatchStartResult? = nil) {
    self.bluetooth = bluetooth
    self.gps = gps
  }
}

/// The use case that owns a ``StationSources``.
protocol StationSourcesReceiver: AnyObject {
  func sources(_ sources: StationSources, didFind station: Station, evidence: StationEvidence, at time: CaptureTime)
  /// A source heard a station strongly where the rider cannot plausibly be. Optional.
  func sources(_ sources: StationSources, didSuspect station: Station, reason: StationSuspicion, at time: CaptureTime)
  /// The GPS source changed (gone, back, no receiver, stale). Optional.
  func sources(_ sources: StationSources, gpsDidChange condition: LocationSourceCondition)
  /// Either source says the rider left `station` (both may say so). Optional.
  func sources(_ sources: StationSources, didLeave station: Station, at time: CaptureTime)
}

extension StationSourcesReceiver {
  func sources(_ sources: StationSources, didLeave station: Station, at time: CaptureTime) {}
  func sources(_ sources: StationSources, didSuspect station: Station, reason: StationSuspicion, at time: CaptureTime) {
  }
  func sources(_ sources: StationSources, gpsDidChange condition: LocationSourceCondition) {}
}
