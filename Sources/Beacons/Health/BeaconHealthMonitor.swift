import BluetoothTypes

/// Watches the beacons that should be in range (a station monitor's own station, say) and judges
/// each: ``BeaconHealth/ok``, ``BeaconHealth/silent(lastHeard:)``, ``BeaconHealth/weak(baseline:smoothed:)``
/// or ``BeaconHealth/suspicious(_:)``, in that order of precedence: silent before suspicious before weak.
///
/// - **Silent**: not heard for ``Configuration/silentAfter`` (30 s by default; a beacon never
///   heard is silent that long after the watch began).
/// - **Weak**: its smoothed RSSI (``BeaconRanging``'s smoothing: a 10 s trimmed mean) is at least
///   ``Configuration/weakDrop`` (10 dB) below its baseline, the mean RSSI of its first
///   ``Configuration/baselinePeriod`` (60 s) of reports; ok again from 3 dB above that line
///   (``Configuration/recoveryMargin``), so that a value at the edge does not flap.
/// - **Suspicious**: its identity comes from a second address *in turn* with the first: an
///   address heard again after another one took over, ``Configuration/returnsForClone`` times
///   within ``Configuration/cloneWindow``. A beacon that rotates its address never goes back to
///   an old one, so rotation is not suspicious. Or its TX power differs from the one it was first
///   heard with; it is suspicious until the frames carry the first one again.
///
/// Time is the sightings' (and ``advance(to:)``'s), so a capture replays as recorded. Memory is
/// per expected beacon only: sightings of other identities are ignored.
public struct BeaconHealthMonitor: Sendable {
  public struct Configuration: Hashable, Sendable {
    public var silentAfter: Duration
    public var weakDrop: Double
    public var recoveryMargin: Double
    public var baselinePeriod: Duration
    /// The smoothing window, trimmed fraction and samples kept per beacon: the finder's own.
    public var smoothing: BeaconRanging.Configuration
    public var cloneWindow: Duration
    public var returnsForClone: Int

    public init(
      silentAfter: Duration = .seconds(30), weakDrop: Double = 10, recoveryMargin: Double = 3,
      baselinePeriod: Duration = .seconds(60), smoothing: BeaconRanging.Configuration = BeaconRanging.Configuration(),
      cloneWindow: Duration = .seconds(30), returnsForClone: Int = 2
    ) {
      self.silentAfter = silentAfter
      self.weakDrop = weakDrop
      self.recoveryMargin = recoveryMargin
      self.baselinePeriod = baselinePeriod
      self.smoothing = smoothing
      self.cloneWindow = cloneWindow
      self.returnsForClone = returnsForClone
    }
  }

  /// What is known of one expected beacon.
  struct Watched: Sendable {
    var health: BeaconHealth?
    var firstHeard: Timestamp?
    var lastHeard: Timestamp?
    var baselineSum = 0.0
    var baselineCount = 0
    var baseline: Double?
    var window = RSSIWindow()
    var firstTXPower: Int?
    var latestTXPower: Int?
    var lastAddress: BluetoothAddress?
    /// Addresses heard within the clone window, with when they were last heard.
    var recentAddresses: [BluetoothAddress: Timestamp] = [:]
    /// When an address came back after another had taken over, within the clone window.
    var returns: [Timestamp] = []
    var returnPair: (BluetoothAddress, BluetoothAddress)?
    /// When a beacon added by ``BeaconHealthMonitor/reconfigure(expected:configuration:)`` began
    /// to be watched; `nil` for those watched from the start.
    var watchedSince: Timestamp?
  }

  public private(set) var configuration: Configuration
  /// The beacons watched, in the order given.
  public private(set) var expected: [BeaconIdentity]
  private var watched: [BeaconIdentity: Watched]
  /// When the watch began: the first sighting or time seen.
  public private(set) var began: Timestamp?
  public private(set) var now: Timestamp?

  public init(expected: [BeaconIdentity], configuration: Configuration = Configuration()) {
    var unique: [BeaconIdentity] = []
    for identity in expected where !unique.contains(identity) { unique.append(identity) }
    self.expected = unique
    self.configuration = configuration
    watched = Dictionary(uniqueKeysWithValues: unique.map { ($0, Watched()) })
  }

  /// Watches `expected` from now on, judged by `configuration`: what is known of the beacons
  /// still expected is kept (their baselines, their last sightings); a beacon added is watched
  /// from the latest time seen, so that it is silent only after ``Configuration/silentAfter``
  /// more; a beacon no longer expected is forgotten.
  public mutating func reconfigure(
    expected newExpected: [BeaconIdentity], configuration newConfiguration: Configuration
  ) {
    var unique: [BeaconIdentity] = []
    for identity in newExpected where !unique.contains(identity) { unique.append(identity) }
    var kept: [BeaconIdentity: Watched] = [:]
    for identity in unique {
      if let entry = watched[identity] {
        kept[identity] = entry
      } else {
        var entry = Watched()
        entry.watchedSince = now
        kept[identity] = entry
      }
    }
    watched = kept
    expected = unique
    configuration = newConfiguration
  }

  /// The current judgement of `identity`; `nil` before the first one (or when it is not expected).
  public func health(of identity: BeaconIdentity) -> BeaconHealth? { watched[identity]?.health }

  /// The smoothed RSSI and baseline of `identity`, when known.
  public func strength(of identity: BeaconIdentity) -> (smoothed: Double?, baseline: Double?) {
    guard let entry = watched[identity] else { return (nil, nil) }
    return (smoothed(entry), entry.baseline)
  }

  private func smoothed(_ entry: Watched) -> Double? {
    entry.window.trimmedMean(trimmedFraction: configuration.smoothing.trimmedFraction)
  }

  /// Takes one sighting (ignored unless its beacon is expected); the changes it makes, the
  /// silences its time reveals first.
  public mutating func ingest(_ sighting: BeaconSighting) -> [BeaconHealthChange] {
    var changes = advance(to: sighting.time)
    let identity = sighting.frame.identity
    guard var entry = watched[identity] else { return changes }
    let time = sighting.time
    entry.firstHeard = entry.firstHeard ?? time
    entry.lastHeard = max(entry.lastHeard ?? time, time)
    if let rssi = sighting.rssi {
      entry.window.add(
        Int(rssi), at: time, window: configuration.smoothing.smoothingWindow,
        capacity: configuration.smoothing.maximumSamplesPerBeacon)
      if entry.baseline == nil, let first = entry.firstHeard {
        if time.microseconds(since: first) < configuration.baselinePeriod.wholeMicroseconds {
          entry.baselineSum += Double(rssi)
          entry.baselineCount += 1
        } else if entry.baselineCount > 0 {
          entry.baseline = entry.baselineSum / Double(entry.baselineCount)
        }
      }
    }
    let txPower = sighting.frame.txPowerAt1m
    entry.firstTXPower = entry.firstTXPower ?? txPower
    entry.latestTXPower = txPower
    track(address: sighting.address, at: time, in: &entry)
    if let change = judge(identity, &entry, at: time) { changes.append(change) }
    watched[identity] = entry
    return changes
  }

  /// Moves time on to `time` (never back): beacons not heard for ``Configuration/silentAfter``
  /// become silent, oldest first.
  public mutating func advance(to time: Timestamp) -> [BeaconHealthChange] {
    let current = max(now ?? time, time)
    now = current
    began = began ?? current
    var changes: [BeaconHealthChange] = []
    for identity in expected {
      guard var entry = watched[identity] else { continue }
      if let change = judge(identity, &entry, at: current) { changes.append(change) }
      // Kept even without a change: the judgement's figures (how long silent, how weak) move on.
      watched[identity] = entry
    }
    return changes
  }

  private func track(address: BluetoothAddress, at time: Timestamp, in entry: inout Watched) {
    let window = configuration.cloneWindow.wholeMicroseconds
    entry.recentAddresses = entry.recentAddresses.filter { time.microseconds(since: $0.value) < window }
    entry.returns.removeAll { time.microseconds(since: $0) >= window }
    if let last = entry.lastAddress, last != address, entry.recentAddresses[address] != nil {
      // Back to an address another one had taken over from: two devices, not a rotation.
      entry.returns.append(time)
      entry.returnPair = (last, address)
    }
    entry.recentAddresses[address] = time
    entry.lastAddress = address
  }

  /// The health `entry` has at `time`; a change when it differs in kind from the last one.
  private func judge(_ identity: BeaconIdentity, _ entry: inout Watched, at time: Timestamp)
    -> BeaconHealthChange?
  {
    let health = assess(entry, at: time)
    guard let health else { return nil }
    if let previous = entry.health, previous.name == health.name {
      entry.health = health
      return nil
    }
    let change = BeaconHealthChange(identity: identity, health: health, previous: entry.health, time: time)
    entry.health = health
    return change
  }

  private func assess(_ entry: Watched, at time: Timestamp) -> BeaconHealth? {
    let silence = configuration.silentAfter.wholeMicroseconds
    guard let lastHeard = entry.lastHeard else {
      // Never heard: silent once the watch has lasted that long; undecided before.
      guard let since = entry.watchedSince ?? began, time.microseconds(since: since) >= silence else { return nil }
      return .silent(lastHeard: nil)
    }
    if time.microseconds(since: lastHeard) >= silence { return .silent(lastHeard: lastHeard) }
    if entry.returns.count >= max(configuration.returnsForClone, 1), let pair = entry.returnPair {
      return .suspicious(.secondAddress(pair.0, pair.1))
    }
    if let first = entry.firstTXPower, let latest = entry.latestTXPower, first != latest {
      return .suspicious(.txPowerChanged(from: first, to: latest))
    }
    if let baseline = entry.baseline, let smoothed = smoothed(entry) {
      let line = baseline - configuration.weakDrop
      var wasWeak = false
      if case .weak = entry.health { wasWeak = true }
      if smoothed <= line || (wasWeak && smoothed < line + configuration.recoveryMargin) {
        return .weak(baseline: baseline, smoothed: smoothed)
      }
    }
    return .ok
  }
}
