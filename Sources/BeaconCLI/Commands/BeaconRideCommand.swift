import ArgumentParser
import BeaconScanning
import Beacons
import GPSDClient
import HCITransportCore
import LineFormats
import LinuxNotifications
import MRTNavigation
import PhoneModels
import ProgramOutput
import RunReports
import ScanSession
import ServiceManager
import StationCatalogs
import TransitNetworks
import TransitRealtime

/// `beacon-ride`: the commute mode. A line per station found, an alarm on arrival, then exit.
public struct BeaconRideCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "beacon-ride",
    abstract: "Ride to a station: a line per station found, an alarm on arrival, then exit.",
    discussion: """
      Listens for the station beacons along the line and reports each station the train \
      reaches. At the destination it prints ARRIVED, shows a desktop notification, rings \
      the terminal bell and plays a chime (each where this machine can), and exits 0.

      Without --to it rides in the background: a line, a notification and the chime each \
      time you are near a station (each station once a visit: again once another was \
      found, or after 30 minutes), until Ctrl-C, SIGTERM or --duration; exit 0. That is \
      what the user service dist/systemd/beacon-ride.service runs (with --reconnect, so an \
      adapter that goes away and comes back is picked up again).

      With --gps it also finds stations from a running gpsd: the train standing at a \
      platform, from the fixes (elevated stations only: no fix reaches a platform \
      underground). Bluetooth comes first; GPS covers what it cannot (no adapter, an \
      adapter gone mid-ride, beacons that stay silent). Each station is told once, with \
      the source that found it first.

      Along the journey (planned from --from, or else from the first station found, \
      over the catalog's lines and walks) it tells where to change lines (TRANSFER, \
      with the walk and the alarm), the stop ahead of a change or of the destination \
      (NEXT; "approaching" in JSON) and a train running the wrong way (WRONG; \
      "wrongDirection"). With --from, when the network's trains carry beacons, it also \
      tells at the departure station that the journey's train is coming in (TRAIN, with \
      the alarm): its line and direction, heard steadily, not a train the other way or \
      one passing by.

      With --plan it prints the journey from --from to --to and exits: each leg (line, \
      direction, first and last station, stops) and each transfer between them (a change of \
      line, or a walk to another station), the fewest transfers first, then the fewest stops. \
      Between two stations of a timetable it plans by the timetable instead: the journey \
      that arrives first, leaving at --at or later (default: now), over the trips running on \
      each day (calendar.txt, calendar_dates.txt, frequencies.txt), with the change and \
      walking times; times are the timetable's local time with its UTC offset, whatever this \
      machine's time zone. The built-in network has the MRT North–South line's timetable \
      (its other lines have none); --gtfs FEED gives the feed's. With --gtfs-rt, the trips a \
      feed fresh now updates run at their live times, a cancelled one not at all.

      With a timetable, a ride to one of its stations adds to each station found the ETA \
      at the destination (eta), the delay of the train matched (delay), and at the first \
      station the next trains (nextDeparture), each an object with its own source \
      (schedule, or realtime). With --gtfs-rt FILE or http(s):// URL (polled at the feed's pace on a live \
      ride), a GTFS-Realtime feed for the timetable's feed, a \
      trip's live times replace the timetable's while the feed is fresh (its header's \
      timestamp within --gtfs-rt-max-age, default 300 s, of now; for --replay, of the \
      capture's clock): "(live)" after each live value in text, with the feed's uncertainty \
      as ±; a cancelled trip is \
      never offered. Trip and stop ids the timetable does not know are counted in a \
      warning and left out; a stale feed is left out with a warning.

      Examples:
        beacon-ride --plan --from LebakBulus --to SoekarnoHatta
        beacon-ride --plan --from LebakBulus --to SoekarnoHatta --format json
        beacon-ride --plan --from LebakBulus --to BundaranHI --at 2026-11-27T07:30
        beacon-ride --gtfs kobe-subway.zip --plan --from 三宮 --to 新神戸 --at 2017-06-01T07:30
        beacon-ride -i hci0 --to DukuhAtas
        beacon-ride -i hci0 --from LebakBulus --to DukuhAtas --format json
        beacon-ride --replay ride.btsnoop --to BlokM      # a recorded ride
        beacon-ride --replay ride.btsnoop --to BlokM --report ride.html   # and as a page
        beacon-ride --gps --to ASEAN                      # GPS alone, gpsd on 127.0.0.1:2947
        beacon-ride -i hci0 --gps pi.local:2947 --to ASEAN
        beacon-ride -i hci0 --reconnect --gps               # in the background: every station

      Exit status:
        0   arrived (without --to: stopped, or the source ended); also when the
            reader of standard output went away (| head -1) and the ride had no
            --report page, alarm or notification to go on for
        1   the source ended (capture, --duration, Ctrl-C) before arrival; with
            --plan and --gtfs, no trip leaves from --at to the end of the next
            service day (the message names the next day with one)
        64  bad command line (a number out of range: the option and its range),
            or a --report path that is not a regular file or a new name in a
            writable folder (e.g. a link, a device)
        65, 66, 69, 74  as for beacon-scan: a bad capture, catalog or policy file,
                        no capture, no controller (with --reconnect: still gone
                        when --duration ran out), I/O
        75  as for beacon-scan: the controller went deaf and the recovery stages
            did not bring its reports back (see --deaf-after)
      """)

  @Option(
    help: ArgumentHelp(
      "The destination station, e.g. DukuhAtas; without it, every station you are near (in the background).",
      valueName: "station"))
  public var to: String?

  @Option(
    help: ArgumentHelp(
      "Where the journey starts (optional): plans it, waits there for its train; where --plan starts.",
      valueName: "station"))
  public var from: String?

  @Flag(
    help:
      "Print the journey from --from to --to (legs and transfers) and exit; needs no source. Between two stations of a timetable (the built-in MRT's, or a --gtfs feed's), by the timetable: the earliest arrival, leaving at --at."
  )
  public var plan = false

  @Option(
    help: ArgumentHelp(
      "With --plan: leave at this time, ISO 8601: 2026-11-27T07:30 (the timetable's local time), 2026-11-27T07:30+07:00, or 07:30 (today); default: now.",
      valueName: "time"),
    transform: PlanTime.init(parsing:))
  public var at: PlanTime?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Replay a capture (btsnoop, pcap, pcapng; - reads standard input) instead of a live controller.",
      valueName: "file"))
  public var replay: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Give up after this many seconds, \(ValueRange.runSeconds) (default: until arrival or Ctrl-C).",
      valueName: "seconds"),
    transform: ValueRange.runSeconds.parse)
  public var duration: Double?

  @OptionGroup public var deviceOptions: DeviceOptions
  @OptionGroup public var scanViaOptions: ScanViaOptions
  @OptionGroup(title: "GPS") public var gpsOptions: GPSOptions
  @OptionGroup public var reconnectOptions: ReconnectOptions
  @OptionGroup(title: "Scan timing (live controllers)") public var scanTiming: ScanTimingOptions
  @OptionGroup(title: "Station detection") public var policyOptions: StationPolicyOptions
  @OptionGroup(title: "This receiver") var receiverOptions: ReceiverOptions
  @OptionGroup public var output: FormatOptions
  @OptionGroup public var catalogOptions: CatalogOptions
  @OptionGroup(title: "Report") var reportOptions: ReportOptions
  @OptionGroup(title: "A phone's eye (predicted from a capture)") var phoneOptions: PhoneOptions
  @OptionGroup(title: "A phone's eye (predicted from a capture)") var phoneTrials: PhoneTrialOptions

  public init() {}

  public func validate() throws {
    try deviceOptions.checkOneDevice(program: "beacon-ride")
    if at != nil, !plan {
      throw ValidationError("--at is when a journey planned by the timetable leaves: give --plan too.")
    }
    if at != nil, catalogOptions.catalog != nil, catalogOptions.gtfs == nil {
      throw ValidationError(
        "--at is when a journey planned by a timetable leaves, and a --catalog has none: drop --at, or give --gtfs FEED for its timetable."
      )
    }
    try phoneOptions.check(replay: replay, trialOptions: phoneTrials, program: "beacon-ride")
    if phoneOptions.phone != nil, plan || gpsOptions.endpoint() != nil || reportOptions.report != nil {
      throw ValidationError(
        "--phone predicts what a phone's Bluetooth would have noticed in the capture: drop --plan, --gps and --report.")
    }
    if plan {
      guard from != nil, to != nil else {
        throw ValidationError("--plan needs --from and --to, e.g. --plan --from LebakBulus --to SoekarnoHatta.")
      }
      guard replay == nil, deviceOptions.transport() == nil, gpsOptions.endpoint() == nil,
        reportOptions.report == nil
      else {
        throw ValidationError("--plan only prints the journey: drop --replay, -i, --gps and --report.")
      }
      return
    }
    let spec = deviceOptions.transport()
    if replay != nil, spec != nil { throw ValidationError("Give either --replay FILE or -i DEVICE, not both.") }
    try reconnectOptions.check(live: spec?.pacing == .live)
    try scanTiming.check(
      live: spec?.pacing == .live,
      reason: spec == nil && replay == nil ? "--gps alone scans nothing" : "a replay shows what was recorded")
    try scanViaOptions.check(
      device: spec, exclusive: deviceOptions.exclusive, scanShaping: scanTiming.shapingNames.map { ($0, true) })
    if let spec, case .monitor = spec, let name = scanTiming.shapingNames.first {
      throw ValidationError(
        "\(name) sets how the controller scans, and -i \(spec) only listens to whoever scans; give the device (-i hci0) to scan yourself."
      )
    }
    let gps = gpsOptions.endpoint()
    guard replay != nil || spec != nil || gps != nil else {
      throw ValidationError("Give a source: -i hci0 (or serial:…, tcp:…), --replay FILE, or --gps [HOST:PORT].")
    }
    if to == nil, from != nil { throw ValidationError("--from checks a route to --to: give --to too, or drop --from.") }
  }

  /// `--plan` by the timetable (the `--gtfs` feed's, or the built-in MRT's): the earliest arrival,
  /// leaving at `--at` (or now); none from then to the end of the next service day exits 1, naming
  /// the next day with one. False, having printed nothing, when the timetable does not have both
  /// stations (the built-in network's other lines, a catalog's stations without a `stopId`) or
  /// cannot be read here.
  private func planByTimetable(_ network: LoadedNetwork, from: String, to: String) throws -> Bool {
    let catalog = network.catalog
    guard var timetable = try network.usableTimetable(program: "beacon-ride") else { return false }
    guard let origin = catalog.station(named: from) else {
      throw ValidationError(
        JourneyProblem.unknownStation(from, suggestions: catalog.suggestions(for: from)).description)
    }
    guard let destination = catalog.station(named: to) else {
      throw ValidationError(JourneyProblem.unknownStation(to, suggestions: catalog.suggestions(for: to)).description)
    }
    guard origin != destination else { throw ValidationError(JourneyProblem.sameStation(origin).description) }
    guard let originStop = network.stop(of: origin), let destinationStop = network.stop(of: destination) else {
      return false
    }
    let now = WallClock.now().microsecondsSinceUnixEpoch / 1_000_000
    let start = at?.unixSeconds(in: timetable.timeZone, now: now) ?? now
    // The feeds fresh now move and cancel the trips they update, on the days they are for.
    if let live = try realtimeFeeds(timetable: timetable, poll: false) {
      timetable = timetable.withLiveUpdates(live.feeds(freshAt: now), near: now)
    }
    let formatter = TimetableJourneyFormatter(
      format: output.format, timetable: timetable, catalog: network.catalog, stopsByStation: network.stopsByStation)
    let stdout = StandardOutput()
    defer { stdout.flush() }
    if let journey = timetable.plan(from: originStop, to: destinationStop, at: start) {
      for line in formatter.lines(for: journey, from: origin, to: destination, at: start) { stdout.writeLine(line) }
      return true
    }
    let nextDay = timetable.nextServiceDay(from: originStop, to: destinationStop, after: start)
    for line in formatter.noJourney(from: origin, to: destination, at: start, nextDay: nextDay) {
      stdout.writeLine(line)
    }
    StandardError.writeLine(
      "beacon-ride: " + formatter.noJourneyMessage(from: origin, to: destination, at: start, nextDay: nextDay))
    throw ExitCode(1)
  }

  /// The `--gtfs-rt` feeds, read and matched to the timetable's feed; `nil` without any. A source
  /// that cannot be read or is no feed ends the run (66, 65), as does `--gtfs-rt` without a timetable.
  private func realtimeFeeds(timetable: Timetable?, poll: Bool) throws -> RealtimeFeedBoard? {
    guard !catalogOptions.gtfsRealtime.isEmpty else { return nil }
    return try InputFiles.read(program: "beacon-ride") { () throws(RealtimeFeedProblem) -> RealtimeFeedBoard in
      guard let timetable else { throw .noTimetable }
      return try RealtimeFeedBoard.load(
        sources: catalogOptions.gtfsRealtime, feed: timetable.feed,
        maximumAge: catalogOptions.gtfsRealtimeMaximumAge, poll: poll, program: "beacon-ride")
    }
  }

  public func run() throws {
    let network = try InputFiles.read(program: "beacon-ride") { () throws in
      _ = try policyOptions.policy()
      return try catalogOptions.loadNetwork()
    }
    let catalog = network.catalog
    if plan, let from, let to, network.feed != nil, try planByTimetable(network, from: from, to: to) {
      return
    }
    if plan, let from, let to {
      if at != nil {
        throw ValidationError(
          "--at is when a journey planned by the timetable leaves, and \(from) and \(to) are not both stations of the timetable (the built-in one is the MRT North–South line's): drop --at for the journey without times."
        )
      }
      let journey: Journey
      do {
        journey = try catalog.journey(from: from, to: to)
      } catch {
        throw ValidationError(error.description)
      }
      let stdout = StandardOutput()
      for line in JourneyFormatter(format: output.format).lines(for: journey) { stdout.writeLine(line) }
      stdout.flush()
      return
    }
    var destination: Station?
    var journey: Journey?
    if let to {
      guard let station = catalog.station(named: to) else {
        throw ValidationError(JourneyProblem.unknownStation(to, suggestions: catalog.suggestions(for: to)).description)
      }
      destination = station
      if let from {
        do {
          journey = try catalog.journey(from: from, to: to)
        } catch {
          throw ValidationError(error.description)
        }
      }
    }
    if let journey {
      let transfers = journey.transfers.count
      StandardError.writeLine(
        "beacon-ride: \(journey.origin.displayName) → \(journey.destination.displayName), "
          + "\(journey.stops) stop(s), \(transfers) transfer\(transfers == 1 ? "" : "s")", priority: .info)
    }
    let spec = deviceOptions.transport(replay: replay)
    let duration = duration.map(Duration.milliseconds(ofSeconds:))
    var run: ScanRun?
    var finder: HCIBeaconFinder?
    if let spec {
      let scanRun = ScanRun(
        spec: spec, exclusive: deviceOptions.exclusive, preference: deviceOptions.commandSet,
        scanVia: scanViaOptions.scanVia,
        cooperatesWithBluetoothd: scanViaOptions.cooperatesWithBluetoothd(
          exclusive: deviceOptions.exclusive, scanShaping: scanTiming.shapingNames.map { ($0, true) }),
        configuration: scanTiming.configuration(), duration: duration,
        reconnect: reconnectOptions.reconnect, deafAfter: reconnectOptions.deafSilence, program: "beacon-ride")
      finder = try scanRun.makeFinder(scanner: BeaconScanner())
      run = scanRun
    }
    // A gpsd that is not up (yet) is tried again with backoff, alone or beside Bluetooth (which
    // may fail later): one line says so, and the ride goes on with what there is.
    let gps = gpsOptions.endpoint().map { GPSDLocationFinder(endpoint: $0) }
    gps?.onProblem = { StandardError.writeLine("beacon-ride: gps: \($0)") }
    gps?.onRecovery = { StandardError.writeLine("beacon-ride: gps: \($0)", priority: .notice) }
    let report = try reportOptions.file.map { file in
      RunReport(
        file: file, program: "beacon-ride", command: CommandLine.arguments,
        title: journey.map { "Journey: \($0.origin.displayName) → \($0.destination.displayName)" }
          ?? destination.map { "Ride to \($0.displayName)" } ?? "Ride in the background",
        source: [run?.sourceName, gps.map { "gpsd at \($0.endpoint)" }].compactMap { $0 }.joined(separator: " and "),
        scan: run?.scanning,
        catalog: catalog, catalogName: catalogOptions.sourceName, policy: try policyOptions.policy(),
        ranging: receiverOptions.configured(try policyOptions.rangingConfiguration()), journey: journey,
        checkpointInterval: spec?.pacing == .recorded ? nil : reportOptions.checkpointInterval)
    }
    if let finder { report?.statistics = { finder.scanner.statistics } }
    let stdout = StandardOutput()
    // A prediction rings nothing: it tells what a phone would have done, not the rider now.
    let alerts = Alerts(program: "beacon-ride", sounding: phoneOptions.phone == nil)
    // A reader of standard output that goes away ends the ride only when the ride has nothing
    // else to do: no page to write, no alarm or notification that can reach the rider.
    stdout.runHasOtherOutputs = report != nil || alerts.reachTheUser
    let presenter = RidePresenter(
      program: "beacon-ride", format: output.format, names: StationNameColumn.labels(of: catalog.stations),
      output: stdout, alerts: alerts, report: report)
    if let model = phoneOptions.phone, let run, let finder {
      // A phone's eye: the capture past many phones, or the ride as one phone would have told it.
      let ranging = receiverOptions.configured(try policyOptions.rangingConfiguration())
      if let trials = phoneTrials.trials {
        let presenter = PhoneTrialsPresenter(
          program: "beacon-ride",
          trials: PhoneTrials(catalog: catalog, policy: try policyOptions.policy(), ranging: ranging),
          model: model, count: trials, seed: phoneTrials.seedValue, format: output.format, output: stdout)
        try presenter.read(finder, in: run)
        return
      }
      presenter.formatter.predictedFor = model.name
      StandardError.writeLine(
        "beacon-ride: predicted, not observed: the ride as a phone scanning as \(model.name) would have told it; "
          + "the model: \(model.basis)", priority: .notice)
    }
    let phoneFinder = phoneOptions.phone.flatMap { model in
      finder.map { PhoneBeaconFinder(wrapping: $0, schedule: model.schedule, seed: phoneTrials.seedValue) }
    }
    let rideFinder: (any BeaconFinder)? = phoneFinder ?? finder
    let rideRun = RideRun(spec: spec, run: run, finder: finder, gps: gps, duration: duration)
    let detection = RideDetection(
      catalog: catalog, policy: try policyOptions.policy(),
      ranging: receiverOptions.configured(try policyOptions.rangingConfiguration()))
    func drive(_ started: StationWatchStartResult, starts: SourceStarts) throws {
      let output: any ScanOutput = phoneFinder.map { PhoneEndOfCapture(output: presenter, phone: $0) } ?? presenter
      try RunReport.run(reportingTo: report) { try rideRun.drive(started: started, starts: starts, output: output) }
    }
    guard let destination else {
      let useCase = NotifyWhenNearMRTStationWhenInBackground(
        finder: rideFinder, locationFinder: gps, detection: detection)
      useCase.samplesForReport = report != nil
      useCase.handler = presenter
      try drive(useCase.start(), starts: useCase.sourceStarts)
      StandardError.writeLine("beacon-ride: \(presenter.found) station(s) found", priority: .notice)
      return
    }
    // A started journey (--from): its train is waited for at the departure station, on the same
    // detectors as the ride (when the network's trains carry beacons; its start says when not).
    let useCase = NotifyWhenNearMRTStationAndSpecificMRTStationOnce(
      finder: rideFinder, locationFinder: gps, detection: detection)
    useCase.samplesForReport = report != nil
    useCase.handler = presenter
    let timetable = try network.usableTimetable(program: "beacon-ride")
    let live = try realtimeFeeds(timetable: timetable, poll: replay == nil)
    if let timetable {
      report?.collector.schedule = RideSchedule(
        timetable: timetable, catalog: network.catalog, stopsByStation: network.stopsByStation)
      let originStop = journey.flatMap { network.stop(of: $0.origin) }
      if let destinationStop = network.stop(of: destination),
        let ride = RideTimetable(timetable: timetable, origin: originStop, destination: destinationStop)
      {
        if let live {
          let stations = (journey?.legs.flatMap(\.stations) ?? [destination]).compactMap { network.stop(of: $0) }
          live.showAlerts(
            about: RiderInterest(
              feed: timetable.feed, stations: stations, routesServing: [originStop, destinationStop].compactMap { $0 }),
            feed: timetable.feed)
          useCase.timetable = LiveRideTimetable(
            ride: ride, stops: network.stopsByStation, origin: originStop, destination: destinationStop, live: live)
        } else {
          useCase.timetable = StationRideTimetable(ride: ride, stops: network.stopsByStation)
        }
        presenter.estimates = RideEstimateText(timetable: timetable)
      }
    }
    let started =
      journey.map { useCase.start(journey: $0, watchingTrain: true) } ?? useCase.start(arrival: destination)
    // Without train beacons, or without Bluetooth, no train can be heard: the ride goes on
    // without, and the rider is told so once (a ride that cannot start says why itself).
    if started == .started, let journey, let trainStarted = useCase.trainWatchStart,
      let reason = TrainNotAnnounced(trainStarted, journey: journey, catalog: catalog, hasBluetooth: finder != nil)
    {
      StandardError.writeLine("beacon-ride: the train coming in cannot be announced: \(reason)")
    }
    try drive(started, starts: useCase.sourceStarts)
    // Stopped because standard output, all the ride had, was closed: done, not "ended before".
    if stdout.endsRun { return }
    guard presenter.arrived != nil else {
      StandardError.writeLine(
        "beacon-ride: the source ended before arriving at \(destination.displayName)", priority: .error)
      throw ExitCode(1)
    }
  }
}
