/// Where each beacon identity sits in a caller's own storage (an array of rows, a list of
/// stations): positions found by ``BeaconIdentity/fingerprint`` in an open-addressing table
/// with linear probing.
///
/// A `Dictionary<BeaconIdentity, Int>` hashes the identity's bytes with a per-process seeded
/// SipHash on every lookup, and is the cost that dominates when most reports carry an identity
/// never seen before (a flood): here the caller computes the fingerprint once per report and
/// passes it to every lookup, a lookup is one probe of a flat array in the usual case, and
/// removing an entry shifts its followers back instead of leaving a tombstone, so a table that
/// sees millions of inserts and removals never needs rebuilding.
///
/// The identity is kept beside its fingerprint and compared too, so two identities with the
/// same fingerprint are still told apart. The table grows (doubling) to stay at most half
/// full; it never shrinks.
public struct BeaconIdentityIndex: Sendable {
  private struct Slot: Sendable {
    var fingerprint: UInt64
    var position: Int
    var identity: BeaconIdentity
  }

  /// A power of two, at least twice ``count``.
  private var slots: [Slot?]
  /// Identities held.
  public private(set) var count = 0

  /// An empty index with room for `capacity` identities before it grows.
  public init(capacity: Int = 0) {
    slots = [Slot?](repeating: nil, count: Self.slotCount(for: capacity))
  }

  /// The position stored for `identity`, whose ``BeaconIdentity/fingerprint`` is `fingerprint`;
  /// `nil` if it is not in the index.
  public func position(of identity: BeaconIdentity, fingerprint: UInt64) -> Int? {
    guard let slot = slotIndex(of: identity, fingerprint: fingerprint) else { return nil }
    return slots[slot]?.position
  }

  /// Stores `position` for `identity` (fingerprint `fingerprint`), replacing the position it
  /// had if it was already in the index.
  public mutating func set(_ position: Int, for identity: BeaconIdentity, fingerprint: UInt64) {
    if let slot = slotIndex(of: identity, fingerprint: fingerprint) {
      slots[slot]?.position = position
      return
    }
    if (count + 1) * 2 > slots.count { grow() }
    place(Slot(fingerprint: fingerprint, position: position, identity: identity))
    count += 1
  }

  /// Stores `position` for `identity` (fingerprint `fingerprint`), which the caller has just
  /// found not to be in the index: ``set(_:for:fingerprint:)`` without looking for it again.
  public mutating func insertNew(_ position: Int, for identity: BeaconIdentity, fingerprint: UInt64) {
    assert(slotIndex(of: identity, fingerprint: fingerprint) == nil, "insertNew of an identity already held")
    if (count + 1) * 2 > slots.count { grow() }
    place(Slot(fingerprint: fingerprint, position: position, identity: identity))
    count += 1
  }

  /// Removes `identity` (fingerprint `fingerprint`); returns the position it had, `nil` if it
  /// was not in the index.
  @discardableResult
  public mutating func remove(_ identity: BeaconIdentity, fingerprint: UInt64) -> Int? {
    guard var hole = slotIndex(of: identity, fingerprint: fingerprint) else { return nil }
    let removed = slots[hole]?.position
    let mask = slots.count - 1
    // Backward shift: each follower in the probe run moves into the hole unless its home slot
    // lies (cyclically) after the hole and at or before the follower itself.
    var next = (hole + 1) & mask
    while let follower = slots[next] {
      let home = Int(truncatingIfNeeded: follower.fingerprint) & mask
      let staysPut = hole <= next ? (hole < home && home <= next) : (hole < home || home <= next)
      if !staysPut {
        slots[hole] = follower
        hole = next
      }
      next = (next + 1) & mask
    }
    slots[hole] = nil
    count -= 1
    return removed
  }

  /// Removes every identity, keeping the table's size.
  public mutating func removeAll() {
    for index in slots.indices { slots[index] = nil }
    count = 0
  }

  // MARK: Helpers

  private func slotIndex(of identity: BeaconIdentity, fingerprint: UInt64) -> Int? {
    let mask = slots.count - 1
    var index = Int(truncatingIfNeeded: fingerprint) & mask
    while let slot = slots[index] {
      if slot.fingerprint == fingerprint, slot.identity == identity { return index }
      index = (index + 1) & mask
    }
    return nil
  }

  /// Puts `slot` in the first free slot of its probe run; the identity must not be held.
  private mutating func place(_ slot: Slot) {
    let mask = slots.count - 1
    var index = Int(truncatingIfNeeded: slot.fingerprint) & mask
    while slots[index] != nil { index = (index + 1) & mask }
    slots[index] = slot
  }

  private mutating func grow() {
    let old = slots
    slots = [Slot?](repeating: nil, count: old.count * 2)
    for case let slot? in old { place(slot) }
  }

  private static func slotCount(for capacity: Int) -> Int {
    var count = 8
    while count < capacity * 2 { count *= 2 }
    return count
  }
}
