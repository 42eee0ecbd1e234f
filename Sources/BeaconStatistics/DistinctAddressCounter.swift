import BluetoothTypes

/// How many distinct advertiser addresses were seen, in bounded memory: exact while there are at
/// most ``exactCapacity``, estimated beyond.
///
/// Up to ``exactCapacity`` (1,024) addresses are held, sorted, and counted exactly. The address
/// after that moves the count to a ``HyperLogLog`` sketch built in the list's own 8 KiB (the
/// sketch's registers take exactly that), so from then on ``count`` is an estimate with a
/// relative standard error of about 1.15 %, never less than `exactCapacity + 1` (that many
/// distinct addresses were certainly seen). ``isExact`` says which regime the count is in.
///
/// Memory, either way, is at most 8 KiB: 8 bytes per address held (a sorted array rather than a
/// `Set`, whose hash table would take twice that at 1,024 addresses), then the same block as the
/// sketch. Nothing is allocated or freed when the count becomes an estimate, so a long capture
/// does not leave the allocator's free blocks behind.
struct DistinctAddressCounter: Sendable {
  /// The most addresses counted exactly: as many as fit in the sketch's storage.
  static let exactCapacity = HyperLogLog.wordCount

  /// The addresses' raw values, ascending, while the count is exact and there are two or more;
  /// empty otherwise.
  private var exactAddresses: [UInt64] = []
  /// The only address, while there is one: most beacons in a crowd are heard from one address,
  /// and that needs no allocation.
  private var onlyAddress: UInt64?
  /// Set once there were more than ``exactCapacity`` addresses.
  private var sketch: HyperLogLog?

  init() {}

  /// Whether ``count`` is exact (at most ``exactCapacity`` distinct addresses so far).
  var isExact: Bool { sketch == nil }

  /// Distinct addresses: exact, or (``isExact`` false) estimated.
  var count: Int {
    guard let sketch else { return onlyAddress == nil ? exactAddresses.count : 1 }
    return max(sketch.estimate, Self.exactCapacity + 1)
  }

  /// Addresses held one by one: all of them while exact, 0 once the count is estimated.
  var heldAddressCount: Int { onlyAddress == nil ? exactAddresses.count : 1 }

  /// Bytes of storage held: the address list's capacity while exact, the sketch's after.
  var storageByteCount: Int {
    sketch?.storageByteCount ?? exactAddresses.capacity * MemoryLayout<UInt64>.size
  }

  /// Counts `address` (a repeat of an address already counted changes nothing).
  mutating func insert(_ address: BluetoothAddress) {
    let value = address.rawValue
    if sketch != nil {
      sketch?.insert(value)
      return
    }
    if exactAddresses.isEmpty {
      guard let only = onlyAddress else {
        onlyAddress = value
        return
      }
      if only == value { return }
      onlyAddress = nil
      exactAddresses.reserveCapacity(2)
      exactAddresses.append(only)
    }
    let position = exactAddresses.firstIndex(notBelow: value)
    if position < exactAddresses.count, exactAddresses[position] == value { return }
    guard exactAddresses.count < Self.exactCapacity else {
      switchToEstimate(adding: value)
      return
    }
    if exactAddresses.count == exactAddresses.capacity {
      // Doubling, as Array would, but landing on the cap itself: Array's own growth (capacities
      // 511, 1,023, 2,047) would give the 1,024th address a 16 KiB buffer, and a list that
      // stops at 1,023 places could not become the sketch.
      exactAddresses.reserveCapacity(min(2 * (exactAddresses.count + 1), Self.exactCapacity))
    }
    exactAddresses.insert(value, at: position)
  }

  private mutating func switchToEstimate(adding value: UInt64) {
    let held = exactAddresses
    exactAddresses = []
    var estimate = HyperLogLog(consume held)
    estimate.insert(value)
    sketch = estimate
  }
}
