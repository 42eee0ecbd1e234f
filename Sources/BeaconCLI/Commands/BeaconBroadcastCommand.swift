import ArgumentParser
import BeaconDomain
import HCICodec

/// `beacon-broadcast`: act as a station beacon.
public struct BeaconBroadcastCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "beacon-broadcast",
    abstract: "Advertise as an iBeacon station beacon (this version: print what would be advertised).",
    discussion: """
      Builds the iBeacon advertisement of a station (or of any UUID, major and \
      minor) and prints exactly what a controller would be given: identity, \
      advertising data bytes, interval and the HCI commands.

      This version does not talk to a controller yet: it is a dry run and says so.

      Examples:
        beacon-broadcast --station CipeteRaya
        beacon-broadcast --uuid F63B21BA-2635-4BE4-B6FF-E2EAB8B541C3 \\
                         --major 1 --minor 3 --measured-power -62
        beacon-broadcast --list-stations --format json > my-stations.jsonl
        beacon-broadcast --catalog my-stations.jsonl --station Home
      """)

  @Option(help: ArgumentHelp("Advertise this station's beacon, e.g. CipeteRaya.", valueName: "name"))
  public var station: String?

  @Option(help: "iBeacon proximity UUID (with --major and --minor instead of --station).")
  public var uuid: String?

  @Option(help: "iBeacon major, 0–65535.")
  public var major: UInt16?

  @Option(help: "iBeacon minor, 0–65535.")
  public var minor: UInt16?

  @Option(
    name: .customLong("measured-power"), parsing: .unconditional,
    help: "Measured power: the RSSI in dBm a receiver sees at 1 m, e.g. -59 (−128…127).")
  public var measuredPower: Int8 = -59

  @Option(help: "Advertising interval in milliseconds (20–10240; the iBeacon spec's is 100).")
  public var interval: Double = 100

  @Flag(name: .customLong("list-stations"), help: "List the catalog's stations and exit.")
  public var listStations = false

  @OptionGroup public var output: FormatOptions
  @OptionGroup public var catalogOptions: CatalogOptions

  public init() {}

  public func validate() throws {
    if listStations { return }
    if station != nil, uuid != nil || major != nil || minor != nil {
      throw ValidationError("Give either --station or --uuid/--major/--minor, not both.")
    }
    if station == nil {
      guard uuid != nil, major != nil, minor != nil else {
        throw ValidationError(
          "Say what to advertise: --station NAME (see --list-stations) or all of --uuid, --major and --minor.")
      }
      if let uuid, UUID128(uuid) == nil {
        throw ValidationError("--uuid \(uuid) is not a UUID; expected 8-4-4-4-12 hex digits.")
      }
    }
    do {
      _ = try AdvertisingInterval(milliseconds: interval)
    } catch {
      throw ValidationError("--interval \(interval): \(error). Legacy advertising allows 20–10240 ms.")
    }
  }

  public func run() throws {
    let catalog = try catalogOptions.load()
    let stdout = StandardOutput()
    defer { stdout.flush() }
    if listStations {
      for line in StationFormatter(format: output.format).lines(for: catalog) { stdout.writeLine(line) }
      return
    }
    let plan = try advertisingPlan(catalog: catalog)
    for line in try plan.lines(format: output.format) { stdout.writeLine(line) }
  }

  func advertisingPlan(catalog: StationCatalog) throws -> BroadcastPlan {
    let interval = try AdvertisingInterval(milliseconds: self.interval)
    if let name = station {
      guard let found = catalog.station(named: name) else {
        throw ValidationError("No station named \"\(name)\". Stations: \(catalog.names.joined(separator: ", ")).")
      }
      guard case .iBeacon(let uuid, let major, let minor) = found.beacon else {
        throw ValidationError("Station \(found.name) is not an iBeacon in this catalog; only iBeacons are broadcast.")
      }
      return BroadcastPlan(
        station: found, frame: IBeacon(uuid: uuid, major: major, minor: minor, measuredPower: measuredPower),
        interval: interval)
    }
    guard let uuidText = uuid, let parsed = UUID128(uuidText), let major, let minor else {
      throw ValidationError("Give --station or all of --uuid, --major and --minor.")
    }
    let frame = IBeacon(uuid: parsed, major: major, minor: minor, measuredPower: measuredPower)
    return BroadcastPlan(
      station: catalog.station(for: .iBeacon(uuid: parsed, major: major, minor: minor)), frame: frame,
      interval: interval)
  }
}
