import ArgumentParser
import Beacons
import BluetoothTypes
import BroadcastSession
import HCICodec
import LineFormats
import MRTNavigation
import PhoneModels
import ProgramOutput
import ScanSession
import StationCatalogs

/// `beacon-broadcast`: act as a station beacon.
public struct BeaconBroadcastCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "beacon-broadcast",
    abstract: "Advertise as an iBeacon station beacon, or a whole ride of them.",
    discussion: """
      Advertises the iBeacon of a station (or of any UUID, major and minor) as \
      non-connectable undirected advertising (ADV_NONCONN_IND, or its extended \
      equivalent with a legacy PDU), and prints exactly what it advertises: \
      identity, advertising data bytes, interval, command set.

      --route advertises each station of the planned journey in turn (both ends of a walk \
      included). --train simulates a train carrying its beacon (the network's train scheme: \
      line and direction in the major, the train set in the minor) arriving: out of range \
      for --arrive-after seconds, then in range for --dwell seconds (pulling in, standing, \
      pulling out), then gone.

      Without -i it is a dry run: it prints the same, plus the HCI commands it would \
      send, and sends nothing.

      Examples:
        beacon-broadcast --station CipeteRaya                   # dry run
        beacon-broadcast -i hci0 --station CipeteRaya           # until Ctrl-C
        beacon-broadcast -i hci0 --route LebakBulus:DukuhAtas --dwell 20
        beacon-broadcast -i hci0 --route LebakBulus:SoekarnoHatta --dwell 20   # with a transfer
        beacon-broadcast -i hci1 --train NorthSouth:BundaranHI --arrive-after 20 --dwell 40
        beacon-broadcast -i tcp:127.0.0.1:9002 \\
            --uuid F63B21BA-2635-4BE4-B6FF-E2EAB8B541C3 --major 1 --minor 3 \\
            --measured-power -62 --duration 60
        beacon-broadcast --list-stations --format json > my-stations.jsonl
        beacon-broadcast --catalog my-stations.jsonl --station Home

      On exit (end of the route, --duration, Ctrl-C, SIGTERM) advertising is disabled. \
      Under systemd (Type=notify) it reports ready once advertising. With --mqtt URL it \
      publishes what it advertises (retained, with state advertising or stopped), its \
      availability and a Home Assistant sensor.

      Exit status: 0 done; 64 bad command line; 65 a --catalog file holding a value \
      it must not (the message names the file and the key); 66 a --catalog file that \
      cannot be read; 69 the controller cannot be used, stopped answering or went away.
      """)

  @Option(help: ArgumentHelp("Advertise this station's beacon, e.g. CipeteRaya.", valueName: "name"))
  public var station: String?

  @Option(help: "iBeacon proximity UUID (with --major and --minor instead of --station).")
  public var uuid: String?

  @Option(
    parsing: .unconditional, help: "iBeacon major, \(ValueRange.identifier16).",
    transform: ValueRange.identifier16.parseInteger)
  public var major: UInt16?

  @Option(
    parsing: .unconditional, help: "iBeacon minor, \(ValueRange.identifier16).",
    transform: ValueRange.identifier16.parseInteger)
  public var minor: UInt16?

  @Option(
    name: .customLong("measured-power"), parsing: .unconditional,
    help: "Measured power: the RSSI in dBm a receiver sees at 1 m, e.g. -59; \(ValueRange.measuredPower).",
    transform: ValueRange.measuredPower.parseInteger)
  public var measuredPower: Int8 = -59

  @Option(
    parsing: .unconditional,
    help: "Advertising interval in milliseconds, \(ValueRange.advertisingMilliseconds) (the iBeacon spec's is 100).",
    transform: ValueRange.advertisingMilliseconds.parse)
  public var interval: Double = 100

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Stop after this many seconds, \(ValueRange.runSeconds) (default: until Ctrl-C).", valueName: "seconds"),
    transform: ValueRange.runSeconds.parse)
  public var duration: Double?

  @Option(
    help: ArgumentHelp(
      "Simulate a ride: advertise each station from FROM to TO in line order (either direction), --dwell seconds each.",
      valueName: "from:to"))
  public var route: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Seconds each station of a --route (or the --train) is advertised, or a --check-phone phone is in range, \(ValueRange.runSeconds).",
      valueName: "seconds"),
    transform: ValueRange.runSeconds.parse)
  public var dwell: Double = 30

  @Option(
    help: ArgumentHelp(
      "Simulate a train of LINE running towards TOWARDS (a terminus or what its trains show), e.g. NorthSouth:BundaranHI.",
      valueName: "line:towards"))
  public var train: String?

  @Option(
    name: .customLong("train-set"), parsing: .unconditional,
    help: ArgumentHelp("The --train's train set (its beacon's minor), \(ValueRange.identifier16).", valueName: "n"),
    transform: ValueRange.identifier16.parseInteger)
  public var trainSet: UInt16 = 1

  @Option(
    name: .customLong("arrive-after"), parsing: .unconditional,
    help: ArgumentHelp(
      "Seconds the --train stays out of range before it comes in, \(ValueRange.delaySeconds).",
      valueName: "seconds"),
    transform: ValueRange.delaySeconds.parse)
  public var arriveAfter: Double = 0

  @Option(
    name: .customLong("check-phone"),
    help: ArgumentHelp(
      "Predict, without advertising, the share of phones scanning as MODEL that would notice this beacon at --interval "
        + "while in range for --dwell seconds, and the longest interval at which 99 % still would; MODEL as for "
        + "beacon-ride --phone (e.g. android13-low-power, ios-monitoring-locked, or window=MS,interval=MS).",
      valueName: "model"),
    transform: PhoneOptions.model(parsing:))
  var checkPhone: PhoneModel?

  @OptionGroup(title: "With --check-phone") var phoneTrials: PhoneTrialOptions

  @Flag(name: .customLong("list-stations"), help: "List the catalog's stations and exit.")
  public var listStations = false

  @OptionGroup public var deviceOptions: DeviceOptions

  @Option(
    help: ArgumentHelp(
      "controller: advertise with HCI commands of our own (legacy or extended, --command-set). bluetoothd: add an advertising instance through the kernel's management interface (Add Extended Advertising Parameters and Data), beside bluetoothd and its own advertisements, so bluetoothd keeps running; needs a kernel device (-i hci0) bluetoothd has powered, and CAP_NET_ADMIN. The instance is non-connectable, from a random address the kernel chooses.",
      valueName: "controller|bluetoothd"))
  public var via: ControllerDriver = .controller

  @OptionGroup public var output: FormatOptions
  @OptionGroup public var catalogOptions: CatalogOptions
  @OptionGroup(title: "A fleet over MQTT") var mqtt: MQTTOptions<MQTTReportingNode>

  public init() {}

  public func validate() throws {
    try deviceOptions.checkOneDevice(program: "beacon-broadcast")
    if listStations { return }
    if checkPhone != nil {
      // A visit, not a day: every trial makes up the whole dwell's adverts, down to 20 ms apart.
      if dwell > PhoneCheckFormatter.longestDwellSeconds {
        throw ValidationError(
          "--dwell \(ValueRange.format(dwell)) with --check-phone: a phone passes a station in at most "
            + "\(ValueRange.format(PhoneCheckFormatter.longestDwellSeconds)) seconds here; give a shorter --dwell.")
      }
      if deviceOptions.transport() != nil || route != nil || train != nil || mqtt.broker != nil {
        throw ValidationError(
          "--check-phone only predicts, for one beacon: drop -i, --route, --train and --mqtt (give --station or --uuid/--major/--minor)."
        )
      }
    } else {
      try phoneTrials.refuse(without: "--check-phone MODEL")
    }
    if let spec = deviceOptions.transport(), spec.onlyListens {
      throw ValidationError(
        "-i \(spec): \(spec.pacing == .recorded ? "a capture" : "the monitor channel only listens and") cannot advertise; give a controller such as hci0 or tcp:HOST:PORT."
      )
    }
    if via == .bluetoothd {
      guard case .kernel? = deviceOptions.transport() else {
        throw ValidationError(
          "--via bluetoothd advertises through the kernel beside bluetoothd: give its device, -i hci0.")
      }
      if deviceOptions.exclusive {
        throw ValidationError("--exclusive keeps bluetoothd out, and --via bluetoothd needs it: drop one.")
      }
    }
    if mqtt.broker != nil, deviceOptions.transport() == nil {
      throw ValidationError("--mqtt reports what is advertised: give -i DEVICE (a dry run sends nothing).")
    }
    if train != nil {
      guard station == nil, route == nil, uuid == nil, major == nil, minor == nil else {
        throw ValidationError("--train advertises a train's beacon; drop --station/--route/--uuid/--major/--minor.")
      }
    } else if route != nil {
      guard station == nil, uuid == nil, major == nil, minor == nil else {
        throw ValidationError("--route advertises the stations of the ride; drop --station/--uuid/--major/--minor.")
      }
    } else if station != nil, uuid != nil || major != nil || minor != nil {
      throw ValidationError("Give either --station or --uuid/--major/--minor, not both.")
    }
    if station == nil, route == nil, train == nil {
      guard uuid != nil, major != nil, minor != nil else {
        throw ValidationError(
          "Say what to advertise: --station NAME (see --list-stations), --route FROM:TO, --train LINE:TOWARDS, "
            + "or all of --uuid, --major and --minor.")
      }
      if let uuid, UUID128(uuid) == nil {
        throw ValidationError("--uuid \(uuid) is not a UUID; expected 8-4-4-4-12 hex digits.")
      }
    }
  }

  public func run() throws {
    let network = try InputFiles.read(program: "beacon-broadcast") { try catalogOptions.loadNetwork() }
    let (catalog, stopIDs) = (network.catalog, network.stopIDs)
    let stdout = StandardOutput()
    defer { stdout.flush() }
    if listStations {
      for line in StationFormatter(format: output.format).lines(for: catalog, stopIDs: stopIDs) {
        stdout.writeLine(line)
      }
      return
    }
    let plans = try advertisingPlans(catalog: catalog)
    if let checkPhone, let plan = plans.first {
      try check(plan, phone: checkPhone, to: stdout)
      return
    }
    guard let spec = deviceOptions.transport() else {
      for (index, plan) in plans.enumerated() {
        if index > 0, output.format == .text { stdout.writeLine("") }
        for line in try plan.lines(format: output.format) { stdout.writeLine(line) }
      }
      return
    }
    let live = BroadcastRun(
      spec: spec, exclusive: deviceOptions.exclusive, preference: deviceOptions.commandSet,
      viaBluetoothd: via == .bluetoothd, plans: plans,
      dwell: route == nil && train == nil ? nil : .milliseconds(ofSeconds: dwell),
      duration: duration.map(Duration.milliseconds(ofSeconds:)),
      startDelay: train == nil ? nil : .milliseconds(ofSeconds: arriveAfter),
      format: output.format,
      status: try mqtt.startPublisher(program: "beacon-broadcast").map {
        BroadcastStatusReporter(publisher: $0, discovery: mqtt.announcesToHomeAssistant())
      })
    try live.run(output: stdout)
  }

  /// `--check-phone`: the share of phones that notice the plan's beacon within `--dwell`, and the
  /// longest interval at which 99 % would.
  private func check(_ plan: BroadcastPlan, phone: PhoneModel, to stdout: StandardOutput) throws {
    let check = PhoneCheck(
      frame: .iBeacon(plan.frame), schedule: phone.schedule, dwellSeconds: dwell,
      trials: phoneTrials.trials ?? PhoneCheckFormatter.defaultTrials, seed: phoneTrials.seedValue,
    )
    let formatter = PhoneCheckFormatter(
      format: output.format, model: phone, trials: check.trials, seed: check.seed, dwellSeconds: dwell)
    do throws(PhoneCheckError) {
      let notice = try check.notice(intervalMilliseconds: plan.interval.milliseconds)
      let search = try check.intervals(reaching: PhoneVerdict.safeShare)
      for line in formatter.lines(intervalMilliseconds: plan.interval.milliseconds, notice: notice, search: search) {
        stdout.writeLine(line)
      }
    } catch {
      throw ValidationError(error.description)
    }
  }

  /// One plan, or one per station of the `--route`.
  func advertisingPlans(catalog: StationCatalog) throws -> [BroadcastPlan] {
    if let train { return [try trainPlan(train, catalog: catalog)] }
    guard let route else { return [try advertisingPlan(catalog: catalog)] }
    let ends = route.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    guard ends.count == 2, !ends[0].isEmpty, !ends[1].isEmpty else {
      throw ValidationError("--route \(route): expected FROM:TO, e.g. --route LebakBulus:DukuhAtas.")
    }
    let ride: StationRoute
    do {
      ride = try StationRoute(from: ends[0], to: ends[1], in: catalog)
    } catch {
      throw ValidationError(error.description)
    }
    let interval = try AdvertisingInterval(milliseconds: self.interval)
    return try ride.stations.map { station in
      guard case .iBeacon(let uuid, let major, let minor) = station.beacon else {
        throw ValidationError("Station \(station.name) is not an iBeacon in this catalog; only iBeacons are broadcast.")
      }
      return BroadcastPlan(
        station: station, frame: IBeacon(uuid: uuid, major: major, minor: minor, measuredPower: measuredPower),
        interval: interval)
    }
  }

  /// The `--train LINE:TOWARDS` plan: the beacon of train set `--train-set` of that line and
  /// direction.
  func trainPlan(_ text: String, catalog: StationCatalog) throws -> BroadcastPlan {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
      throw ValidationError("--train \(text): expected LINE:TOWARDS, e.g. --train NorthSouth:BundaranHI.")
    }
    guard let line = catalog.line(named: parts[0]) else {
      throw ValidationError(
        "--train \(text): no line named \"\(parts[0])\". Lines: \(catalog.lines.map(\.name).joined(separator: ", ")).")
    }
    // TOWARDS names the terminus (as station lookups accept it) or what the trains show.
    let named = catalog.station(named: parts[1])?.name
    let direction = TransitLine.Direction.allCases.first { direction in
      let terminus = direction == .towardsLast ? line.stationNames.last : line.stationNames.first
      return (named != nil && named == terminus)
        || StationCatalog.sameName(catalog.headsign(of: line, direction), parts[1])
    }
    guard let direction else {
      let ends = TransitLine.Direction.allCases.map { catalog.headsign(of: line, $0) }
      throw ValidationError(
        "--train \(text): the \(line.displayName)'s trains run towards \(ends.joined(separator: " or ")).")
    }
    guard case .iBeacon(let uuid, let major, let minor)? = catalog.trainBeacon(of: line, direction, trainSet: trainSet)
    else {
      throw ValidationError(
        "--train: this catalog numbers no train beacons for the \(line.displayName) (give its lines a \"code\" "
          + "and the catalog a \"trainUUID\").")
    }
    let interval = try AdvertisingInterval(milliseconds: self.interval)
    return BroadcastPlan(
      station: nil, train: catalog.train(for: .iBeacon(uuid: uuid, major: major, minor: minor)),
      frame: IBeacon(uuid: uuid, major: major, minor: minor, measuredPower: measuredPower), interval: interval)
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
