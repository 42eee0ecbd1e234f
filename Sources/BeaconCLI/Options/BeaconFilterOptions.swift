import ArgumentParser
import Beacons
import BluetoothTypes
import MRTNavigation
import StationCatalogs

extension BeaconKind: ExpressibleByArgument {}

/// The filters `beacon-scan` shares between sources: kind, identity fields, station.
public struct BeaconFilterOptions: ParsableArguments {
  @Option(
    name: .customLong("kind"),
    help: ArgumentHelp("Only this kind of beacon (repeatable): ibeacon, altbeacon, eddystone-uid.", valueName: "kind"))
  public var kinds: [BeaconKind] = []

  @Option(help: ArgumentHelp("Only this iBeacon UUID (or AltBeacon id1), e.g. F63B21BA-2635-4BE4-B6FF-E2EAB8B541C3."))
  public var uuid: String?

  @Option(
    parsing: .unconditional, help: "Only this major (iBeacon) or id2 (AltBeacon), \(ValueRange.identifier16).",
    transform: ValueRange.identifier16.parseInteger)
  public var major: UInt16?

  @Option(
    parsing: .unconditional, help: "Only this minor (iBeacon) or id3 (AltBeacon), \(ValueRange.identifier16).",
    transform: ValueRange.identifier16.parseInteger)
  public var minor: UInt16?

  @Option(
    name: .customLong("station"),
    help: ArgumentHelp(
      "Only this station's beacon (repeatable), by name as `beacon-broadcast --list-stations` shows, e.g. CipeteRaya.",
      valueName: "name"))
  public var stations: [String] = []

  public init() {}

  public func validate() throws {
    if let uuid, UUID128(uuid) == nil {
      throw ValidationError("--uuid \(uuid) is not a UUID; expected 8-4-4-4-12 hex digits.")
    }
  }

  /// The filter, with station names resolved against `catalog`.
  public func filter(catalog: StationCatalog) throws -> BeaconFilter {
    var identities: Set<BeaconIdentity>?
    for name in stations {
      guard let station = catalog.station(named: name) else {
        throw ValidationError(
          "No station named \"\(name)\". Stations: \(catalog.names.joined(separator: ", ")).")
      }
      identities = (identities ?? []).union([station.beacon])
    }
    return BeaconFilter(
      kinds: Set(kinds), uuid: uuid.flatMap(UUID128.init), major: major, minor: minor, identities: identities)
  }
}
