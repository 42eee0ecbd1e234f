import Beacons
import MRTNavigation

/// A scan summed up per beacon identity, for `beacon-scan --summary`: a ``BeaconTally`` for
/// each identity heard, and totals by kind.
///
/// Memory grows with neither the reports nor the addresses: one tally per identity, each of
/// bounded size (a histogram of at most 256 RSSI counters, 2 KiB; distinct addresses held
/// exactly up to 1,024, 8 KiB, then estimated in a fixed 8 KiB sketch, see ``BeaconTally``). In
/// all it is proportional to the distinct identities present, at most about 10 KiB each.
public struct ScanSummary: Sendable {
  /// Names the stations' beacons.
  public let catalog: StationCatalog
  private var tallies: [BeaconIdentity: BeaconTally] = [:]

  public init(catalog: StationCatalog) {
    self.catalog = catalog
  }

  /// Counts one sighting. The catalog is asked for an identity's station once, when it is first heard.
  public mutating func record(_ sighting: BeaconSighting) {
    let identity = sighting.frame.identity
    tallies[
      identity, default: BeaconTally(identity: identity, station: catalog.station(for: identity), time: sighting.time)
    ]
    .record(sighting)
  }

  /// Every identity's tally: stations in line order first, then the other beacons by kind and
  /// identity text.
  public var beacons: [BeaconTally] {
    tallies.values.sorted { lhs, rhs in
      switch (lhs.station, rhs.station) {
      case (.some(let left), .some(let right)):
        return (left.lineOrder, lhs.identity.description) < (right.lineOrder, rhs.identity.description)
      case (.some, .none): return true
      case (.none, .some): return false
      case (.none, .none):
        let leftKind = BeaconKind.allCases.firstIndex(of: lhs.identity.kind) ?? 0
        let rightKind = BeaconKind.allCases.firstIndex(of: rhs.identity.kind) ?? 0
        return (leftKind, lhs.identity.description) < (rightKind, rhs.identity.description)
      }
    }
  }

  /// Reports of beacons of `kind`.
  public func reports(of kind: BeaconKind) -> Int {
    tallies.values.reduce(0) { $0 + ($1.identity.kind == kind ? $1.reports : 0) }
  }

  /// Distinct identities of `kind`.
  public func identities(of kind: BeaconKind) -> Int {
    tallies.keys.reduce(0) { $0 + ($1.kind == kind ? 1 : 0) }
  }

  /// All reports counted.
  public var reports: Int { tallies.values.reduce(0) { $0 + $1.reports } }
}
