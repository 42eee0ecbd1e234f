import Beacons
import BluetoothTypes
import MRTNavigation

/// A scan summed up per beacon identity, for `beacon-scan --summary`: a ``BeaconTally`` (a row)
/// for each identity heard, and totals by kind.
///
/// **Memory is bounded, however many identities pass by** (a crowded concourse, a flood of
/// spoofed beacons). Rows for identities of no station are kept up to ``maximumRows``; when a
/// new one would go beyond, the least-heard half of them (fewest reports, then heard longest
/// ago) is folded into ``folded``: their reports still count, exactly, and their identities are
/// counted in a HyperLogLog sketch. A station's row is never folded. So the summary holds at most
/// ``maximumRows`` rows of strangers plus one per station, each of bounded size (see
/// ``BeaconTally``), three 8 KiB sketches and, once rows were folded, a 1 MiB bit set.
///
/// **What stays exact:** the reports of every kind, always; every row's counts, unless the row
/// says otherwise (``BeaconTally/isComplete``: an identity that came back after its row was
/// folded starts a new row, which then misses the reports folded before). The number of
/// identities of a kind is exact until a row of that kind is folded, then an estimate
/// (``identities(of:)``) with a relative standard error of 1.15 %.
public struct ScanSummary: Sendable {
  /// The rows kept for identities of no station, by default: the busiest 4,096, about 4 MiB at
  /// most in the usual case of a few addresses and RSSI values each, 41 MiB if every row held
  /// 1,024 addresses and 256 RSSI values.
  public static let defaultMaximumRows = 4096

  /// What was folded out of the rows to keep memory bounded.
  public struct Folded: Hashable, Sendable {
    /// Rows folded.
    public internal(set) var rows = 0
    /// Their reports, exactly.
    public internal(set) var reports = 0
  }

  /// Names the stations' beacons.
  public let catalog: StationCatalog
  /// The most rows kept for identities of no station.
  public let maximumRows: Int
  /// What was folded so far.
  public private(set) var folded = Folded()
  private var tallies: [BeaconIdentity: BeaconTally] = [:]
  private var strangerRows = 0
  private var reportsByKind = [Int](repeating: 0, count: BeaconKind.allCases.count)
  /// Per kind: identities that ever had a row, while none of that kind was folded.
  private var rowsEverMadeByKind = [Int](repeating: 0, count: BeaconKind.allCases.count)
  /// Per kind: whether a row of that kind was folded (then the identity count is estimated).
  private var foldedKinds = [Bool](repeating: false, count: BeaconKind.allCases.count)
  /// Per kind: every identity that got a row, for the estimate once rows were folded.
  private var identitySketches = [HyperLogLog?](repeating: nil, count: BeaconKind.allCases.count)
  /// Identities whose row was folded, one bit per hash bucket (2^23 bits, 1 MiB, made at the
  /// first fold): a new row for one of them misses the reports folded before. A bit set by
  /// another identity only makes a complete row say it may not be: after a million identities
  /// folded, about one complete row in nine.
  private var foldedIdentityBits: [UInt64] = []

  public init(catalog: StationCatalog, maximumRows: Int = ScanSummary.defaultMaximumRows) {
    self.catalog = catalog
    self.maximumRows = max(2, maximumRows)
  }

  /// Counts one sighting. The catalog is asked for an identity's station once, when it gets a row.
  public mutating func record(_ sighting: BeaconSighting) {
    let identity = sighting.frame.identity
    let kind = Self.kindIndex(identity.kind)
    reportsByKind[kind] += 1
    if tallies[identity]?.record(sighting) != nil { return }
    let station = catalog.station(for: identity)
    if station == nil {
      if strangerRows >= maximumRows { foldLeastHeardHalf() }
      strangerRows += 1
    }
    let hash = Self.hash(identity)
    let complete = foldedIdentityBits.isEmpty || !Self.isSet(hash, in: foldedIdentityBits)
    var tally = BeaconTally(identity: identity, station: station, time: sighting.time, isComplete: complete)
    tally.record(sighting)
    tallies[identity] = tally
    rowsEverMadeByKind[kind] += 1
    if identitySketches[kind] == nil { identitySketches[kind] = HyperLogLog() }
    identitySketches[kind]?.insert(hash)
  }

  /// Folds the stranger rows with the fewest reports (among equals, the one heard longest ago,
  /// then by a fixed hash of the identity, so that the choice is the same on every run) until
  /// half of ``maximumRows`` are left. The rows to fold are chosen by selection, not a sort:
  /// linear in the rows, and rows are folded only every ``maximumRows``/2 new identities.
  private mutating func foldLeastHeardHalf() {
    var strangers: [FoldCandidate] = []
    strangers.reserveCapacity(strangerRows)
    for (identity, tally) in tallies where tally.station == nil {
      strangers.append(
        FoldCandidate(
          reports: tally.reports, lastSeen: tally.lastSeen.microsecondsSinceUnixEpoch, hash: Self.hash(identity),
          identity: identity))
    }
    let foldCount = strangers.count - maximumRows / 2
    guard foldCount > 0 else { return }
    Self.partition(&strangers, smallest: foldCount)
    if foldedIdentityBits.isEmpty { foldedIdentityBits = [UInt64](repeating: 0, count: Self.foldedBitWords) }
    for stranger in strangers.prefix(foldCount) {
      guard let tally = tallies.removeValue(forKey: stranger.identity) else { continue }
      folded.rows += 1
      folded.reports += tally.reports
      foldedKinds[Self.kindIndex(stranger.identity.kind)] = true
      Self.set(stranger.hash, in: &foldedIdentityBits)
    }
    strangerRows -= foldCount
  }

  /// A row that may be folded, with its order: fewer reports first, then older, then by hash.
  private struct FoldCandidate {
    var reports: Int
    var lastSeen: Int64
    var hash: UInt64
    var identity: BeaconIdentity

    func precedes(_ other: FoldCandidate) -> Bool {
      (reports, lastSeen, hash) < (other.reports, other.lastSeen, other.hash)
    }
  }

  /// Reorders `items` so that its first `count` are the `count` smallest (in no particular
  /// order among themselves): quickselect, with the middle element as pivot.
  private static func partition(_ items: inout [FoldCandidate], smallest count: Int) {
    var low = 0
    var high = items.count - 1
    while low < high {
      let pivot = items[low + (high - low) / 2]
      var left = low
      var right = high
      while left <= right {
        while items[left].precedes(pivot) { left += 1 }
        while pivot.precedes(items[right]) { right -= 1 }
        if left <= right {
          items.swapAt(left, right)
          left += 1
          right -= 1
        }
      }
      // Now items[low...right] ≤ pivot ≤ items[left...high].
      if count - 1 <= right {
        high = right
      } else if count - 1 >= left {
        low = left
      } else {
        return
      }
    }
  }

  /// Every row: stations in line order first, then the other beacons by kind and identity text.
  /// Each row's sort key is made once.
  public var beacons: [BeaconTally] {
    let keyed = tallies.values.map { tally in
      (
        order: tally.station?.lineOrder ?? Int.max, kind: Self.kindIndex(tally.identity.kind),
        text: tally.identity.description, tally: tally
      )
    }
    return keyed.sorted { ($0.order, $0.kind, $0.text) < ($1.order, $1.kind, $1.text) }.map(\.tally)
  }

  /// Reports of beacons of `kind`: exact.
  public func reports(of kind: BeaconKind) -> Int { reportsByKind[Self.kindIndex(kind)] }

  /// Distinct identities of `kind`: exact while no row of that kind was folded, then an estimate
  /// (relative standard error 1.15 %, never fewer than the rows of that kind still held).
  public func identities(of kind: BeaconKind) -> (count: Int, isExact: Bool) {
    let index = Self.kindIndex(kind)
    guard foldedKinds[index], let sketch = identitySketches[index] else { return (rowsEverMadeByKind[index], true) }
    let held = tallies.keys.reduce(0) { $0 + ($1.kind == kind ? 1 : 0) }
    return (max(sketch.estimate, held), false)
  }

  /// Identities heard but not in ``beacons``, estimated; `nil` while no row was folded.
  public var identitiesNotListed: Int? {
    guard folded.rows > 0 else { return nil }
    let all = BeaconKind.allCases.reduce(0) { $0 + identities(of: $1).count }
    return max(all - tallies.count, 0)
  }

  /// All reports counted.
  public var reports: Int { reportsByKind.reduce(0, +) }

  // MARK: Helpers

  /// 2^23 bits: 1 MiB.
  private static let foldedBitWords = (1 << 23) / 64

  /// Where `kind` stands in `BeaconKind.allCases`, the order of the per-kind arrays and of the
  /// rows. A switch, not a search of `allCases`: this runs for every report, and the switch
  /// takes 5 % less of the whole process on a flood (`ScanSummaryTests` holds the two orders
  /// together).
  static func kindIndex(_ kind: BeaconKind) -> Int {
    switch kind {
    case .iBeacon: 0
    case .altBeacon: 1
    case .eddystoneUID: 2
    }
  }

  /// A 64-bit hash of an identity's fields, for the sketches and the folded-identity bits:
  /// each field is mixed in after the others (splitmix64's finalizer, a bijection), so fields
  /// that happen to be equal do not cancel out.
  static func hash(_ identity: BeaconIdentity) -> UInt64 {
    let mix = HyperLogLog.mix
    switch identity {
    case .iBeacon(let uuid, let major, let minor):
      return mix(mix(mix(uuid.high) ^ uuid.low) ^ (1 << 32 | UInt64(major) << 16 | UInt64(minor)))
    case .altBeacon(let id1, let id2, let id3):
      return mix(mix(mix(id1.high) ^ id1.low) ^ (2 << 32 | UInt64(id2) << 16 | UInt64(id3)))
    case .eddystoneUID(let namespace, let instance):
      return mix(mix(mix(UInt64(namespace.high) | 3 << 32) ^ namespace.low) ^ instance)
    }
  }

  /// The word and the bit within it that stand for `hash` in the folded-identity bit set.
  private static func bit(for hash: UInt64) -> (word: Int, mask: UInt64) {
    let bit = Int(truncatingIfNeeded: HyperLogLog.mix(hash) >> (64 - 23))
    return (bit >> 6, 1 << UInt64(bit & 63))
  }

  private static func isSet(_ hash: UInt64, in bits: [UInt64]) -> Bool {
    let (word, mask) = bit(for: hash)
    return bits[word] & mask != 0
  }

  private static func set(_ hash: UInt64, in bits: inout [UInt64]) {
    let (word, mask) = bit(for: hash)
    bits[word] |= mask
  }
}
