import Beacons

/// The beacon identities `--once` has printed, in bounded memory: the stations' for good, other
/// ones while they were heard recently.
///
/// Two generations of at most half of ``capacity`` identities each: a new identity goes into the
/// current one; when that is full, it becomes the previous generation and the one before is
/// forgotten. An identity heard again from the previous generation moves back into the current
/// one, so what is forgotten is what was not heard for the last ``capacity``/2 to ``capacity``
/// new identities: least recently heard first, as an LRU would, at the cost of a set insert.
/// A forgotten identity heard again is printed again; ``forgotten`` counts them.
package struct RecentIdentities: Sendable {
  /// The most identities of no station remembered.
  package let capacity: Int
  /// Identities dropped from memory so far.
  package private(set) var forgotten = 0
  private var stations: Set<BeaconIdentity> = []
  private var current: Set<BeaconIdentity> = []
  private var previous: Set<BeaconIdentity> = []

  /// By default 65,536 identities: about 5 MiB.
  package init(capacity: Int = 65_536) {
    self.capacity = max(2, capacity)
  }

  /// Remembers `identity`; whether it is new (never heard, or forgotten since).
  package mutating func insert(_ identity: BeaconIdentity, isStation: Bool) -> Bool {
    if isStation { return stations.insert(identity).inserted }
    if current.contains(identity) { return false }
    let wasRemembered = previous.remove(identity) != nil
    if current.count >= capacity / 2 {
      forgotten += previous.count
      previous = current
      current = []
    }
    current.insert(identity)
    return !wasRemembered
  }
}
