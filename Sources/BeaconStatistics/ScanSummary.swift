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
/// ``BeaconTally``), the index that finds them (16 bytes a slot, twice as many slots as rows:
/// 256 KiB at the default), three 8 KiB sketches and, once rows were folded, a 1 MiB bit set.
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
  /// The rows, in no order. A folded row stays where it was, marked free, until a new row
  /// takes its place (``freeRows``): a fold moves no row. ``rowIndex`` finds an identity's row.
  private var rows: [Row] = []
  /// Rows folded, free for new ones.
  private var freeRows: [Int] = []
  /// The tallies of rows heard more than once (``Row/tally``), with holes where rows were
  /// folded (``freeTallies``).
  private var tallies: [BeaconTally] = []
  private var freeTallies: [Int] = []

  /// One identity's row while the scan runs. Trivially copyable, so that making one (most
  /// reports of a flood make one) copies bytes and touches no reference count: its first
  /// report is held as it came, and only from its second does a ``BeaconTally`` (with its
  /// histogram and address list) count them all. Rows hold no `Station` either (``beacons``
  /// puts it in), for the same reason.
  private struct Row {
    enum Kind {
      case free
      case stranger
      case station
    }
    var kind: Kind
    var isComplete: Bool
    var fingerprint: UInt64
    var reports: Int
    var lastSeen: Timestamp
    var first: BeaconSighting
    var identity: BeaconIdentity { first.frame.identity }
    /// Where the row's tally is in ``tallies``, once it has two reports or more.
    var tally: Int?
  }
  /// Where each identity's row is in ``rows``.
  private var rowIndex: BeaconIdentityIndex
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
    rowIndex = BeaconIdentityIndex(capacity: self.maximumRows + catalog.stations.count)
  }

  /// Counts one sighting. The catalog is asked for an identity's station once, when it gets a row.
  public mutating func record(_ sighting: BeaconSighting) {
    let identity = sighting.frame.identity
    let kind = Self.kindIndex(identity.kind)
    reportsByKind[kind] += 1
    let fingerprint = identity.fingerprint
    if let row = rowIndex.position(forFingerprint: fingerprint, where: { rows[$0].identity == identity }) {
      recordAgain(sighting, inRow: row)
      return
    }
    let isStation = catalog.stationPosition(for: identity, fingerprint: fingerprint) != nil
    if !isStation {
      if strangerRows >= maximumRows { foldLeastHeardHalf() }
      strangerRows += 1
    }
    let wasFolded = !foldedIdentityBits.isEmpty && Self.isSet(fingerprint, in: foldedIdentityBits)
    let row = Row(
      kind: isStation ? .station : .stranger, isComplete: !wasFolded, fingerprint: fingerprint, reports: 1,
      lastSeen: sighting.time, first: sighting, tally: nil)
    if let free = freeRows.popLast() {
      rows[free] = row
      rowIndex.insert(free, fingerprint: fingerprint)
    } else {
      rowIndex.insert(rows.count, fingerprint: fingerprint)
      rows.append(row)
    }
    rowsEverMadeByKind[kind] += 1
    if identitySketches[kind] == nil { identitySketches[kind] = HyperLogLog() }
    identitySketches[kind]?.insert(fingerprint)
  }

  /// Counts a report of an identity that has a row; its second report gives the row a tally.
  private mutating func recordAgain(_ sighting: BeaconSighting, inRow row: Int) {
    rows[row].reports += 1
    rows[row].lastSeen = max(rows[row].lastSeen, sighting.time)
    if let tally = rows[row].tally {
      tallies[tally].record(sighting)
      return
    }
    var tally = Self.tally(of: rows[row])
    tally.record(sighting)
    if let free = freeTallies.popLast() {
      tallies[free] = tally
      rows[row].tally = free
    } else {
      rows[row].tally = tallies.count
      tallies.append(tally)
    }
  }

  /// A tally of a row's first report.
  private static func tally(of row: Row) -> BeaconTally {
    var tally = BeaconTally(
      identity: row.identity, station: nil, time: row.first.time, isComplete: row.isComplete)
    tally.record(row.first)
    return tally
  }

  /// Folds the stranger rows with the fewest reports (among equals, the one heard longest ago,
  /// then by the identity's fingerprint, so that the choice is the same on every run) until
  /// half of ``maximumRows`` are left. The rows to fold are chosen by selection, not a sort:
  /// linear in the rows, and rows are folded only every ``maximumRows``/2 new identities.
  private mutating func foldLeastHeardHalf() {
    var strangers: [FoldCandidate] = []
    strangers.reserveCapacity(strangerRows)
    for (position, row) in rows.enumerated() where row.kind == .stranger {
      strangers.append(
        FoldCandidate(
          reports: row.reports, lastSeen: row.lastSeen.microsecondsSinceUnixEpoch, fingerprint: row.fingerprint,
          row: position))
    }
    let foldCount = strangers.count - maximumRows / 2
    guard foldCount > 0 else { return }
    Self.partition(&strangers, smallest: foldCount)
    if foldedIdentityBits.isEmpty { foldedIdentityBits = [UInt64](repeating: 0, count: Self.foldedBitWords) }
    for candidate in strangers.prefix(foldCount) {
      let identity = rows[candidate.row].identity
      rowIndex.remove(candidate.row, fingerprint: candidate.fingerprint)
      rows[candidate.row].kind = .free
      freeRows.append(candidate.row)
      if let tally = rows[candidate.row].tally { freeTallies.append(tally) }
      folded.rows += 1
      folded.reports += candidate.reports
      foldedKinds[Self.kindIndex(identity.kind)] = true
      Self.set(candidate.fingerprint, in: &foldedIdentityBits)
    }
    strangerRows -= foldCount
  }

  /// A row that may be folded, with its order: fewer reports first, then older, then by
  /// fingerprint.
  private struct FoldCandidate {
    var reports: Int
    var lastSeen: Int64
    var fingerprint: UInt64
    var row: Int

    func precedes(_ other: FoldCandidate) -> Bool {
      (reports, lastSeen, fingerprint) < (other.reports, other.lastSeen, other.fingerprint)
    }
  }

  /// Reorders `items` so that its first `count` are the `count` smallest (in no particular
  /// order among themselves): quickselect, with the middle element as pivot.
  private static func partition(_ items: inout [FoldCandidate], smallest count: Int) {
    items.withUnsafeMutableBufferPointer { items in
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
  }

  /// Every row: stations in catalog order first, then the other beacons by kind and identity text.
  /// Each row's sort key is made once.
  public var beacons: [BeaconTally] {
    var tallies: [BeaconTally] = []
    var keys: [(order: Int, kind: Int, text: String, position: Int)] = []
    for row in rows where row.kind != .free {
      var tally = row.tally.map { self.tallies[$0] } ?? Self.tally(of: row)
      tally.station = catalog.station(for: tally.identity)
      keys.append(
        (
          order: tally.station.flatMap { catalog.position(of: $0) } ?? Int.max,
          kind: Self.kindIndex(tally.identity.kind),
          text: tally.identity.description, position: tallies.count
        ))
      tallies.append(tally)
    }
    // The keys are sorted, not the tallies, which are large to move.
    keys.sort { ($0.order, $0.kind, $0.text) < ($1.order, $1.kind, $1.text) }
    return keys.map { tallies[$0.position] }
  }

  /// Reports of beacons of `kind`: exact.
  public func reports(of kind: BeaconKind) -> Int { reportsByKind[Self.kindIndex(kind)] }

  /// Distinct identities of `kind`: exact while no row of that kind was folded, then an estimate
  /// (relative standard error 1.15 %, never fewer than the rows of that kind still held).
  public func identities(of kind: BeaconKind) -> (count: Int, isExact: Bool) {
    let index = Self.kindIndex(kind)
    guard foldedKinds[index], let sketch = identitySketches[index] else { return (rowsEverMadeByKind[index], true) }
    let held = rows.reduce(0) { $0 + ($1.kind != .free && $1.identity.kind == kind ? 1 : 0) }
    return (max(sketch.estimate, held), false)
  }

  /// Identities heard but not in ``beacons``, estimated; `nil` while no row was folded.
  public var identitiesNotListed: Int? {
    guard folded.rows > 0 else { return nil }
    let all = BeaconKind.allCases.reduce(0) { $0 + identities(of: $1).count }
    return max(all - rowIndex.count, 0)
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

  /// The word and the bit within it that stand for `hash` in the folded-identity bit set.
  private static func bit(for fingerprint: UInt64) -> (word: Int, mask: UInt64) {
    let bit = Int(truncatingIfNeeded: BitMixer.mix(fingerprint) >> (64 - 23))
    return (bit >> 6, 1 << UInt64(bit & 63))
  }

  private static func isSet(_ fingerprint: UInt64, in bits: [UInt64]) -> Bool {
    let (word, mask) = bit(for: fingerprint)
    return bits[word] & mask != 0
  }

  private static func set(_ fingerprint: UInt64, in bits: inout [UInt64]) {
    let (word, mask) = bit(for: fingerprint)
    bits[word] |= mask
  }
}
