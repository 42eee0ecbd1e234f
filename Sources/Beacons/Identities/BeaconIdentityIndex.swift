/// Where each beacon identity sits in a caller's own storage (an array of rows, a list of
/// stations): positions found by ``BeaconIdentity/fingerprint`` in an open-addressing table
/// with linear probing.
///
/// A `Dictionary<BeaconIdentity, Int>` hashes the identity's bytes with a per-process seeded
/// SipHash on every lookup, and is the cost that dominates when most reports carry an identity
/// never seen before (a flood). Here the caller computes the fingerprint once per report and
/// passes it to every call; a slot is 16 bytes (a fingerprint and a position), so the table of
/// a summary's 4,096 rows stays in cache; a lookup is one probe in the usual case; and removing
/// an entry shifts its followers back instead of leaving a tombstone, so a table that sees
/// millions of inserts and removals never needs rebuilding.
///
/// The index holds no identities: the caller, who holds them at the positions, confirms each
/// candidate whose fingerprint matches (`isMatch`), so two identities with the same fingerprint
/// are still told apart. The table grows (doubling) to stay at most half full; it never shrinks.
public struct BeaconIdentityIndex: Sendable {
  private struct Slot: Sendable {
    var fingerprint: UInt64
    /// Where the identity is in the caller's storage; `emptyPosition` for a free slot.
    var position: Int
  }

  private static let emptyPosition = -1
  private static let emptySlot = Slot(fingerprint: 0, position: emptyPosition)

  /// A power of two, at least twice ``count``.
  private var slots: [Slot]
  /// Identities held.
  public private(set) var count = 0

  /// An empty index with room for `capacity` identities before it grows.
  public init(capacity: Int = 0) {
    slots = [Slot](repeating: Self.emptySlot, count: Self.slotCount(for: capacity))
  }

  /// The position of the identity whose ``BeaconIdentity/fingerprint`` is `fingerprint` and
  /// for whose position `isMatch` returns `true`; `nil` if it is not in the index. `isMatch` is
  /// asked only about positions stored with that fingerprint.
  public func position(forFingerprint fingerprint: UInt64, where isMatch: (Int) -> Bool) -> Int? {
    slots.withUnsafeBufferPointer { slots in
      let mask = slots.count - 1
      var index = Int(truncatingIfNeeded: fingerprint) & mask
      while true {
        let slot = slots[index]
        if slot.position == Self.emptyPosition { return nil }
        if slot.fingerprint == fingerprint, isMatch(slot.position) { return slot.position }
        index = (index + 1) & mask
      }
    }
  }

  /// Stores `position` for an identity with fingerprint `fingerprint` that the caller has found
  /// not to be in the index (``position(forFingerprint:where:)``).
  public mutating func insert(_ position: Int, fingerprint: UInt64) {
    precondition(position >= 0, "a position in the caller's storage")
    if (count + 1) * 2 > slots.count { grow() }
    Self.place(Slot(fingerprint: fingerprint, position: position), in: &slots)
    count += 1
  }

  /// Removes the entry for `position` (stored with `fingerprint`); returns whether there was one.
  @discardableResult
  public mutating func remove(_ position: Int, fingerprint: UInt64) -> Bool {
    slots.withUnsafeMutableBufferPointer { slots in
      let mask = slots.count - 1
      var hole = Int(truncatingIfNeeded: fingerprint) & mask
      while slots[hole].position != position || slots[hole].fingerprint != fingerprint {
        if slots[hole].position == Self.emptyPosition { return false }
        hole = (hole + 1) & mask
      }
      // Backward shift: each follower in the probe run moves into the hole unless its home slot
      // lies (cyclically) after the hole and at or before the follower itself.
      var next = (hole + 1) & mask
      while slots[next].position != Self.emptyPosition {
        let home = Int(truncatingIfNeeded: slots[next].fingerprint) & mask
        let staysPut = hole <= next ? (hole < home && home <= next) : (hole < home || home <= next)
        if !staysPut {
          slots[hole] = slots[next]
          hole = next
        }
        next = (next + 1) & mask
      }
      slots[hole] = Self.emptySlot
      count -= 1
      return true
    }
  }

  // MARK: Helpers

  /// Puts `slot` in the first free slot of its probe run.
  private static func place(_ slot: Slot, in slots: inout [Slot]) {
    slots.withUnsafeMutableBufferPointer { slots in
      let mask = slots.count - 1
      var index = Int(truncatingIfNeeded: slot.fingerprint) & mask
      while slots[index].position != emptyPosition { index = (index + 1) & mask }
      slots[index] = slot
    }
  }

  private mutating func grow() {
    let old = slots
    slots = [Slot](repeating: Self.emptySlot, count: old.count * 2)
    for slot in old where slot.position != Self.emptyPosition { Self.place(slot, in: &slots) }
  }

  private static func slotCount(for capacity: Int) -> Int {
    var count = 8
    while count < capacity * 2 { count *= 2 }
    return count
  }
}
