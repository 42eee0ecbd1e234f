import ArgumentParser
import BeaconScanning
import Beacons
import BluetoothDoctor
import FleetProtocol
import HCIController
import LineFormats
import LinuxHCITransports
import LinuxNotifications
import MRTNavigation
import POSIXSupport
import PhoneModels
import ProgramOutput
import RunReports
import ScanSession
import StationCatalogs

/// `beacon-scan`: find beacon frames and report them.
public struct BeaconScanCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "beacon-scan",
    abstract: "Find iBeacon, AltBeacon and Eddystone-UID frames and report them.",
    discussion: """
      Reads HCI traffic from a controller or a capture, finds LE advertising reports \
      that carry beacon frames, names the station each beacon belongs to, and prints \
      one line per report (or, with --table, one row per beacon; with --summary, one \
      summary at the end).

      Controllers (-i):
        hci0, 0                 through the kernel (needs CAP_NET_RAW, see below)
        serial:/dev/ttyUSB0     H4 over a UART, e.g. Zephyr's hci_uart firmware;
                                optional ,BAUD (default 1000000) and ,rtscts
        tcp:127.0.0.1:9000      H4 over TCP: emulators, remote HCI bridges
      Captures (--replay FILE, or -i replay:FILE; - is standard input, e.g. zcat F.gz | beacon-scan --replay -):
        btmon -w FILE           (btsnoop, datalink 2001)
        Android's HCI snoop log (btsnoop, datalink 1002)
        hcidump -w FILE         (btsnoop, datalink 1001)
        Wireshark or tshark     (pcap/pcapng with HCI)
        nRF Sniffer, HackRF     (pcap/pcapng, link layer)
      Times shown are the capture's, or the time of day when live.

      Examples:
        beacon-scan -i hci0
        beacon-scan -i hci0 --table                   # live, one row per beacon
        beacon-scan -i hci0 --duty 50                 # half the time: a Pi's Wi-Fi
        beacon-scan -i hci0 -i hci1 --format json     # two radios, one stream; each line names its own
        beacon-scan -i tcp:127.0.0.1:9001 --duration 10 --record scan.btsnoop
        beacon-scan --replay ride.btsnoop --once      # each beacon once
        beacon-scan --replay day.btsnoop --summary    # a row per beacon: reports, addresses, RSSI
        beacon-scan --replay ride.btsnoop --format json --station CipeteRaya
        beacon-scan -i hci0 --ranging --rssi-offset 6 # metres, with an interval
        beacon-scan -i hci0 --calibrate 1 --duration 60
                                                      # a beacon 1 m away: its offset
        beacon-scan --replay ride.btsnoop --notify --report ride.html   # the ride as a page
        beacon-scan -i hci0 --notify --mqtt mqtt://broker.lan --mqtt-node platform-1
                                                      # a station monitor reporting to a broker

      Permissions for -i hciN without root, once per binary:
        sudo setcap cap_net_raw,cap_net_admin+eip "$(command -v beacon-scan)"

      On Ctrl-C or SIGTERM scanning is disabled before exit, leaving the controller
      as it was found. Under systemd (Type=notify) it reports ready once scanning.

      Exit status:
        0   done (end of capture, --duration, Ctrl-C); also when the reader of
            standard output went away (| head -1): printing stops, and a --report
            page, MQTT or --record still goes on to the end
        64  bad command line (a number out of range: the option and its range),
            or a --report/--record path that is not a regular file or a new
            name in a writable folder (e.g. a link, a device)
        65  the file is no capture, or is corrupt (the message names the
            byte offset; everything before it was still reported); or a
            --catalog, --policy-file or --expect file holds a value it must
            not (the message names the file and the key); or --calibrate
            heard no usable report
        66  the capture, or a catalog or policy file, cannot be opened
        69  the controller cannot be used, stopped answering or went away
            (with --reconnect: still gone when --duration ran out)
        74  a read or write failed (e.g. --record)
        75  the controller went deaf (heard, then silent for --deaf-after while
            scanning) and re-enabling the scan, a reset and a power cycle did
            not bring its reports back; systemd's Restart=on-failure restarts
      """)

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Replay a capture file (btsnoop, pcap, pcapng; - reads standard input) through the scanning pipeline.",
      valueName: "file"))
  public var replay: String?

  @Flag(
    help:
      "Print each beacon only the first time it is seen (every station's; of the others, up to 65536 remembered at once)."
  )
  public var once = false

  @Flag(
    help: ArgumentHelp(
      "One row per beacon: station, RSSI now and smoothed, reports, last seen. Live on a terminal (redrawn in place, with a status line); after a replay, printed once, last seen in the capture's time. Up to 256 rows; the beacons of no station heard longest ago give way first."
    ))
  public var table = false

  @Flag(
    help: ArgumentHelp(
      "Instead of a line per report, a table per beacon (reports, distinct addresses, RSSI min/median/max, first and last seen) and totals by kind, printed at the end (live: at Ctrl-C or --duration). Rows for the 4096 busiest beacons of no station, every station's; the others are counted on one line."
    ))
  public var summary = false

  @OptionGroup public var deviceOptions: DeviceOptions
  @OptionGroup public var scanViaOptions: ScanViaOptions
  @OptionGroup public var reconnectOptions: ReconnectOptions

  @Flag(help: "List the kernel's Bluetooth controllers (index, address, up/down, name) and exit.")
  public var listDevices = false

  @Flag(
    help: ArgumentHelp(
      "Say what this machine's Bluetooth is like and how to scan here, then exit: whether the kernel has Bluetooth, this program's capabilities, bluetoothd (running, powering, discovering), rfkill, each controller and the programs holding it; then the recommended mode with its exact command. --format json for one JSON object."
    ))
  public var doctor = false

  @Flag(help: "Active scanning: ask advertisers for scan responses (default: passive, listen only).")
  public var active = false

  @OptionGroup(title: "Scan timing (live controllers)") public var scanTiming: ScanTimingOptions

  @Flag(
    help: "Let the controller drop duplicate reports (default: every report, which RSSI tracking needs).")
  public var dedupe = false

  @Option(
    help: ArgumentHelp(
      "Record the HCI traffic to a btsnoop file (btmon -r and Wireshark read it), written as it happens; one file across --reconnect. "
        + "A regular file or a new name; not a link, device, FIFO, socket or directory.",
      valueName: "file"))
  public var record: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Stop after this many seconds, \(ValueRange.runSeconds) (default: until Ctrl-C).", valueName: "seconds"),
    transform: ValueRange.runSeconds.parse)
  public var duration: Double?

  @Flag(
    help: ArgumentHelp(
      "Print station events (found, left, suspect) instead of reports, and show a desktop notification for each station found."
    ))
  public var notify = false

  @OptionGroup(title: "Station detection (with --notify)") public var policyOptions: StationPolicyOptions
  @OptionGroup(title: "Ranging and this receiver") var rangingOptions: RangingOptions

  @OptionGroup public var output: FormatOptions
  @OptionGroup public var filters: BeaconFilterOptions
  @OptionGroup public var catalogOptions: CatalogOptions
  @OptionGroup(title: "Station beacon health") var expectOptions: ExpectOptions
  @OptionGroup(title: "A fleet over MQTT") var mqtt: MQTTOptions<MQTTReportingNode>
  @OptionGroup(title: "A fleet over MQTT") var mqttScan: MQTTScanOptions
  @OptionGroup(title: "Report") var reportOptions: ReportOptions
  @OptionGroup(title: "A phone's eye (with --notify, predicted from a capture)") var phoneOptions: PhoneOptions
  @OptionGroup(title: "A phone's eye (with --notify, predicted from a capture)") var phoneTrials: PhoneTrialOptions

  public init() {}

  public func validate() throws {
    if table, once { throw ValidationError("--table already shows each beacon once; drop --once.") }
    if table, output.format == .json {
      throw ValidationError("--table is for people; for programs use --format json without --table.")
    }
    if notify, table || once { throw ValidationError("--notify prints station events; drop --table/--once.") }
    if phoneOptions.phone != nil {
      guard notify else {
        throw ValidationError("--phone predicts the station events a phone would have told: give --notify too.")
      }
      if reportOptions.report != nil || mqtt.broker != nil || expectOptions.expected != nil {
        throw ValidationError(
          "--phone predicts what a phone's Bluetooth would have noticed in the capture: drop --report, --mqtt and --expect."
        )
      }
    }
    try phoneOptions.check(replay: replay, trialOptions: phoneTrials, program: "beacon-scan")
    if expectOptions.expected != nil, summary || once {
      throw ValidationError(
        "--expect prints health changes (among --notify's station events, or under --table); drop --summary/--once.")
    }
    if expectOptions.expected != nil, mqtt.broker != nil, mqttScan.layout == .espresense {
      throw ValidationError("--expect publishes health in the native layout: drop --mqtt-layout espresense.")
    }
    if summary, table || once || notify {
      throw ValidationError("--summary prints one summary at the end; drop --table/--once/--notify.")
    }
    if rangingOptions.calibrate != nil, table || once || notify || summary || rangingOptions.ranging {
      throw ValidationError(
        "--calibrate prints one calibration at the end; drop --table/--once/--notify/--summary/--ranging.")
    }
    if rangingOptions.calibrate != nil, expectOptions.expected != nil {
      throw ValidationError("--calibrate prints one calibration at the end; drop --expect.")
    }
    if rangingOptions.ranging, notify || summary {
      throw ValidationError(
        "--ranging adds to each report's line and to --table; --notify and --summary show none: drop one.")
    }
    if doctor {
      let given = [
        ("--list-devices", listDevices), ("-i", deviceOptions.device != nil), ("--replay", replay != nil),
        ("--table", table), ("--once", once), ("--notify", notify), ("--summary", summary),
      ]
      if let (flag, _) = given.first(where: { $0.1 }) {
        throw ValidationError("--doctor looks at this machine and exits; drop \(flag).")
      }
      return
    }
    if listDevices { return }
    let spec = deviceOptions.transport()
    if replay != nil, spec != nil { throw ValidationError("Give either --replay FILE or -i DEVICE, not both.") }
    if deviceOptions.devices.count > 1, record != nil {
      throw ValidationError(
        "--record writes one controller's traffic: give -i once, or record each radio in a run of its own.")
    }
    try reconnectOptions.check(live: deviceOptions.devices.contains { $0.pacing == .live })
    guard replay != nil || spec != nil else {
      throw ValidationError(
        "Give a source: -i hci0 (or serial:…, tcp:…), or --replay FILE. See --list-devices for the controllers here.")
    }
    for spec in deviceOptions.devices.isEmpty ? [nil] : deviceOptions.devices.map(Optional.some) {
      try scanViaOptions.check(
        device: spec, exclusive: deviceOptions.exclusive,
        scanShaping: scanShaping)
      if let spec, case .monitor = spec {
        for (flag, given) in scanShaping where given {
          throw ValidationError(
            "\(flag) sets how the controller scans, and -i \(spec) only listens to whoever scans; give the device (-i hci0) to scan yourself."
          )
        }
      }
    }
    let isLive = deviceOptions.devices.contains { $0.pacing == .live }
    if !isLive {
      for (flag, given) in [
        ("--active", active), ("--dedupe", dedupe), ("--record", record != nil), ("--duration", duration != nil),
        ("--exclusive", deviceOptions.exclusive),
      ] where given {
        throw ValidationError("\(flag) needs a live controller (-i DEVICE); a replay shows what was recorded.")
      }
    }
    try scanTiming.check(live: isLive)
    if let record {
      do {
        try OutputFile(path: record).check()
      } catch {
        throw ValidationError("--record \(error)")
      }
    }
  }

  public func run() throws {
    if doctor {
      let standardOutput = StandardOutput()
      return DoctorReport.lines(DoctorFindings.gather(), format: output.format).forEach(standardOutput.writeLine)
    }
    let catalog = try InputFiles.read(program: "beacon-scan") { () throws in
      _ = try policyOptions.policy()
      return try catalogOptions.load()
    }
    let stdout = StandardOutput()
    if listDevices { return try DeviceListing.print(format: output.format, to: stdout) }
    guard let spec = deviceOptions.transport(replay: replay) else { return }
    let live = deviceOptions.devices.contains { $0.pacing == .live }
    if live { stdout.flushesEachLine = true }  // each report as it comes, also into a pipe
    func scanRun(_ spec: TransportSpec, first: Bool) -> ScanRun {
      ScanRun(
        spec: spec, exclusive: deviceOptions.exclusive, preference: deviceOptions.commandSet,
        scanVia: scanViaOptions.scanVia,
        cooperatesWithBluetoothd: scanViaOptions.cooperatesWithBluetoothd(
          exclusive: deviceOptions.exclusive,
          scanShaping: scanShaping),
        configuration: scanTiming.configuration(active: active, filterDuplicates: dedupe),
        recordPath: first ? record : nil, duration: first ? duration.map(Duration.milliseconds(ofSeconds:)) : nil,
        reconnect: reconnectOptions.reconnect, deafAfter: first ? reconnectOptions.deafSilence : nil,
        program: "beacon-scan")
    }
    let run = scanRun(spec, first: true)
    let finder = try run.makeFinder(scanner: BeaconScanner(filter: try filters.filter(catalog: catalog)))
    // The other radios (-i hci0 -i hci1): each its own finder, worked in turns beside the first.
    let companions =
      deviceOptions.devices.count > 1
      ? CompanionRadios(
        try deviceOptions.devices.dropFirst().map { other in
          let companionRun = scanRun(other, first: false)
          return (
            companionRun,
            try companionRun.makeFinder(scanner: BeaconScanner(filter: try filters.filter(catalog: catalog)))
          )
        }, reconnect: reconnectOptions.reconnect, program: "beacon-scan") : nil
    defer { companions?.stop() }
    /// With several radios, the first one's sightings are tagged too.
    var firstTagger: RadioTagger?
    func deliver(to delegate: any BeaconFinderDelegate) {
      finder.delegate = delegate
      guard let companions else { return }
      let tagger = RadioTagger(controller: run.sourceName, delegate: delegate)
      firstTagger = tagger
      finder.delegate = tagger
      companions.start(delegate: delegate)
    }
    defer { withExtendedLifetime(firstTagger) {} }
    let sourceName = companions.map { "\(run.sourceName), \($0.name)" } ?? run.sourceName
    let report = try reportOptions.file.map { file in
      RunReport(
        file: file, program: "beacon-scan", command: CommandLine.arguments, title: "Scan: \(sourceName)",
        source: sourceName,
        scan: live ? run.configuration : nil, catalog: catalog,
        catalogName: catalogOptions.sourceName, policy: try policyOptions.policy(),
        ranging: try rangingConfiguration(),
        checkpointInterval: live ? reportOptions.checkpointInterval : nil)
    }
    report?.statistics = {
      var statistics = finder.scanner.statistics
      if let more = companions?.statistics { statistics.add(more) }
      return statistics
    }
    // A reader of standard output that goes away ends the scan only when the scan has nothing
    // else to do: no page, no broker, no capture being recorded, no alarm that can reach anyone.
    let alerting =
      (notify || expectOptions.expected != nil)
      && Alerts(program: "beacon-scan", sounding: expectOptions.expected != nil).reachTheUser
    stdout.runHasOtherOutputs = report != nil || mqtt.broker != nil || record != nil || alerting
    let reportListeners = report.map { [$0.listener] } ?? []
    /// The rangings besides the reporter's that take this receiver's offset when a remote setting
    /// changes it: the ride's station detection (`--notify`), the `--ranging` presenter's.
    var offsetTakers: [(Double) -> Void] = []
    /// What a node of a fleet runs beside the scan: the reporter on the broker (`--mqtt`), the
    /// health watch of `--expect`, the watch of stations a remote setting names, the remote settings.
    func fleetNode() throws -> (
      reporter: MQTTBeaconReporter?, watch: StationHealthWatch?, remoteWatch: StationHealthWatch?,
      settings: NodeRemoteSettings?
    ) {
      let reporter = try mqttScan.startReporter(
        mqtt, program: "beacon-scan", catalog: catalog,
        ranging: rangingOptions.receiver.configured(BeaconRanging.Configuration()))
      reporter?.controllerStatus = run.controllerStatus(of: finder, named: sourceName)
      let watch = try healthWatch(catalog: catalog, reporter: reporter)
      let remoteWatch = remoteHealthWatch(reporter: reporter, expecting: watch)
      let settings = startRemoteSettings(
        reporter: reporter, watch: watch ?? remoteWatch, finders: [finder] + (companions?.finders ?? []), run: run,
        catalog: catalog,
        setRSSIOffset: { offset in
          for take in offsetTakers { take(offset) }
        })
      return (reporter, watch, remoteWatch, settings)
    }
    func scan(output: any ScanOutput) throws {
      try RunReport.run(reportingTo: report) { try run.run(finder, output: output, alongside: companions) }
    }
    if notify, let model = phoneOptions.phone, let trials = phoneTrials.trials {
      // The capture past many phones: a line per station visit, at the end.
      let presenter = PhoneTrialsPresenter(
        program: "beacon-scan",
        trials: PhoneTrials(catalog: catalog, policy: try policyOptions.policy(), ranging: try rangingConfiguration()),
        model: model, count: trials, seed: phoneTrials.seedValue, format: output.format, output: stdout)
      try presenter.read(finder, in: run)
      return
    }
    if notify {
      // With --phone, the station events as one phone would have told them.
      let phoneFinder = phoneOptions.phone.map {
        PhoneBeaconFinder(wrapping: finder, schedule: $0.schedule, seed: phoneTrials.seedValue)
      }
      let useCase = NotifyWhenNearMRTStationWithBluetooth(
        finder: phoneFinder ?? finder,
        detection: RideDetection(
          catalog: catalog, policy: try policyOptions.policy(), ranging: try rangingConfiguration()))
      let presenter = RidePresenter(
        program: "beacon-scan", format: output.format, names: .labels(of: catalog.stations), output: stdout,
        alerts: Alerts(program: "beacon-scan", sounding: false), namesSources: false, report: report)
      if let model = phoneOptions.phone {
        presenter.formatter.predictedFor = model.name
        StandardError.writeLine(
          "beacon-scan: predicted, not observed: the station events a phone scanning as \(model.name) would have "
            + "told; the model: \(model.basis)", priority: .notice)
      }
      useCase.handler = presenter
      offsetTakers.append { [weak runner = useCase.runner] in runner?.setRSSIOffset($0) }
      let (reporter, watch, remoteWatch, settings) = try fleetNode()
      defer { withExtendedLifetime(settings) {} }
      // With --expect, health changes are printed among the station events.
      watch?.printChanges(format: output.format, to: stdout)
      switch useCase.start() {
      case .started, .alreadyStarted:
        settings?.sourceStarted()
        // The watch and the reporter hear the sightings beside the use case that started them
        // (and made itself the finder's delegate).
        let listeners: [any BeaconFinderDelegate] =
          [phoneFinder ?? useCase.runner] + ((watch ?? remoteWatch).map { [$0] } ?? []) + reportListeners
          + [ImpossibleRSSIListener(program: "beacon-scan", source: sourceName)]
        let composite = CompositeScanOutput(output: presenter, listeners: listeners, reporter: reporter)
        deliver(to: composite)
        try scan(output: phoneFinder.map { PhoneEndOfCapture(output: composite, phone: $0) } ?? composite)
      case .notAuthorized, .bluetoothUnavailable, .finderFailed, .locationUnavailable, .unknownStation, .noTrainBeacons:
        try run.reportStartFailure(of: finder, output: presenter)
      }
      return
    }
    let (reporter, watch, remoteWatch, settings) = try fleetNode()
    defer { withExtendedLifetime(settings) {} }
    // The stations a setting names on a node without --expect are watched for the broker alone.
    let listeners: [any BeaconFinderDelegate] = (remoteWatch.map { [$0] } ?? []) + reportListeners
    let output: any ScanOutput & BeaconFinderDelegate
    if let distance = rangingOptions.calibrate {
      let presenter = CalibrationPresenter(
        calibration: ReceiverCalibration(
          distance: distance, pathLossExponent: try rangingConfiguration().pathLossExponent),
        format: self.output.format, output: stdout, sourceName: sourceName)
      let calibrating = CompositeScanOutput.combining(presenter, with: listeners, reporter: reporter)
      finder.delegate = calibrating
      switch finder.start() {
      case .started, .alreadyStarted:
        settings?.sourceStarted()
        deliver(to: calibrating)
        try scan(output: calibrating)
      case .notAuthorized, .bluetoothUnavailable, .failed:
        try run.reportStartFailure(of: finder, output: calibrating)
      }
      if let nothingHeard = presenter.nothingHeard {
        StandardError.writeLine(nothingHeard, priority: .error)
        throw ProcessExitStatus.dataError
      }
      return
    }
    if let watch, !table, !summary {
      output = CompositeScanOutput(
        output: HealthPresenter(watch: watch, format: self.output.format, output: stdout),
        listeners: [watch] + listeners + [ImpossibleRSSIListener(program: "beacon-scan", source: sourceName)],
        reporter: reporter)
    } else if summary {
      let presenter = ScanSummaryPresenter(
        format: self.output.format, output: stdout, sourceName: sourceName, catalog: catalog)
      output = CompositeScanOutput.combining(presenter, with: listeners, reporter: reporter)
    } else {
      let presenter = SightingPresenter(
        mode: presentationMode(output: stdout, live: live), output: stdout, sourceName: sourceName, catalog: catalog,
        ranging: rangingOptions.ranging ? try rangingConfiguration() : nil)
      presenter.tableFooter = watch.map { watch in { watch.tableLines(now: $0) } }
      if rangingOptions.ranging {
        // Made after the settings were read: takes the offset in force now, and the next ones.
        if let offset = settings?.current.rssiOffset { presenter.setRSSIOffset(offset) }
        offsetTakers.append { [weak presenter] in presenter?.setRSSIOffset($0) }
      }
      output = CompositeScanOutput.combining(
        presenter, with: (watch.map { [$0] } ?? []) + listeners, reporter: reporter)
    }
    finder.delegate = output
    switch finder.start() {
    case .started, .alreadyStarted:
      settings?.sourceStarted()
      deliver(to: output)
      try scan(output: output)
    case .notAuthorized, .bluetoothUnavailable, .failed: try run.reportStartFailure(of: finder, output: output)
    }
  }

  /// The node's remote settings (``NodeRemoteSettings``) over `reporter`'s broker, started: the
  /// saved ones applied and the settings in force echoed; `nil` without `--mqtt`.
  ///
  /// An offset set (`rssiOffset`) ranges the reporter's beacons with it from then on, and is
  /// handed to `setRSSIOffset` for the node's other rangings.
  func startRemoteSettings(
    reporter: MQTTBeaconReporter?, watch: StationHealthWatch?, finders: [HCIBeaconFinder], run: ScanRun,
    catalog: StationCatalog, setRSSIOffset: @escaping (Double) -> Void
  ) -> NodeRemoteSettings? {
    guard let finder = finders.first else { return nil }
    guard let reporter else { return nil }
    let scanTiming = run.scanning
    let initial = NodeSettings(
      deadband: reporter.policy.deadband, heartbeat: reporter.policy.heartbeat.secondsValue,
      expectedStations: watch?.stations.map(\.name) ?? [], silentAfter: expectOptions.silentAfter,
      weakDrop: expectOptions.weakDrop, scanInterval: scanTiming?.intervalMilliseconds,
      scanWindow: scanTiming?.windowMilliseconds, rssiOffset: rangingOptions.receiver.rssiOffset)
    let remote = NodeRemoteSettings(
      initial: initial, catalog: catalog,
      store: NodeSettingsStore(node: reporter.publisher.topics.node),
      publisher: reporter.publisher, program: "beacon-scan", takesMessages: reporter.publisher.takesSettings,
      scanControl: { [weak finder] in
        guard run.scanning != nil, let finder else { return .listensOnly }
        guard let connection = finder.connection else { return .notStarted }
        // The monitor channel answers no command: the finder opens no session on it.
        guard connection.answersCommands, let session = finder.session else { return .listensOnly }
        return session.isScanning ? .scans : .listensOnly
      }, watches: watch != nil,
      apply: { [weak reporter, weak watch] settings in
        reporter?.policy.deadband = settings.deadband
        reporter?.policy.heartbeat = .milliseconds(ofSeconds: settings.heartbeat)
        if let offset = settings.rssiOffset {
          reporter?.setRSSIOffset(offset)
          setRSSIOffset(offset)
        }
        if let watch {
          var health = watch.monitor.configuration
          health.silentAfter = .milliseconds(ofSeconds: settings.silentAfter)
          health.weakDrop = settings.weakDrop
          watch.reconfigure(
            stations: settings.expectedStations.compactMap { catalog.station(named: $0) }, configuration: health)
        }
        guard let interval = settings.scanInterval, let window = settings.scanWindow else { return }
        for finder in finders
        where interval != finder.configuration.intervalMilliseconds
          || window != finder.configuration.windowMilliseconds
        {
          var configuration = finder.configuration
          configuration.intervalMilliseconds = interval
          configuration.windowMilliseconds = window
          do {
            try finder.changeScanning(to: configuration)
          } catch {
            let name = finder.connection?.name ?? run.spec.description
            StandardError.writeLine(
              "beacon-scan: \(name): the new scan timing did not take: \(error)", priority: .warning)
          }
        }
      })
    remote.start()
    return remote
  }

  /// `--expect`'s watch, raising the alarm for each problem and reporting to `reporter`; `nil`
  /// without `--expect`.
  func healthWatch(catalog: StationCatalog, reporter: MQTTBeaconReporter?) throws -> StationHealthWatch? {
    guard let stations = try InputFiles.read(program: "beacon-scan", { try expectOptions.stations(in: catalog) })
    else { return nil }
    let watch = StationHealthWatch(stations: stations, configuration: expectOptions.configuration)
    watch.alert(with: HealthAlerts(alerts: Alerts(program: "beacon-scan")), reportingTo: reporter)
    return watch
  }

  /// The ranging constants: the detection options' (`--lost-after`, `--policy-file`), then this
  /// receiver's offset and the model's exponent.
  func rangingConfiguration() throws -> BeaconRanging.Configuration {
    rangingOptions.receiver.configured(try policyOptions.rangingConfiguration())
  }

  /// The options that set how the controller scans, with whether each was given.
  private var scanShaping: [(String, Bool)] {
    [("--active", active), ("--dedupe", dedupe)] + scanTiming.shapingNames.map { ($0, true) }
  }

  /// A node's watch of the stations its remote settings name (`expectedStations`) when it was
  /// started without `--expect` (which has its own, `expecting`): none at first; it only
  /// reports to the broker (nothing printed, no alarm on this machine). `nil` without `--mqtt`
  /// or in ESPresense's layout, which has no health topics.
  func remoteHealthWatch(reporter: MQTTBeaconReporter?, expecting watch: StationHealthWatch?) -> StationHealthWatch? {
    guard let reporter, watch == nil, mqttScan.layout == .native else { return nil }
    let remote = StationHealthWatch(stations: [], configuration: expectOptions.configuration)
    remote.alert(with: nil, reportingTo: reporter)
    return remote
  }

  /// Lines or the table. A replay's table is printed once, at the end.
  func presentationMode(output: StandardOutput, live: Bool = false) -> SightingPresenter.Mode {
    table
      ? .table(live: live && output.isTerminal, lastSeen: live ? .age : .captureTime)
      : .lines(
        SightingFormatter(
          format: self.output.format, showsController: deviceOptions.devices.count > 1,
          showsRanging: rangingOptions.ranging),
        oncePerBeacon: once)
  }
}
