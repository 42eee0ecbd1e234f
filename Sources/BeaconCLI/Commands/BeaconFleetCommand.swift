import ArgumentParser
import BluetoothTypes
import FleetJudging
import FleetProtocol
import HCITransportCore
import LineFormats
import MRTNavigation
import ProgramOutput
import ScanSession
import StationCatalogs

#if canImport(Glibc)
  import Glibc
#endif

/// `beacon-fleet`: the fleet's judge, over its broker.
public struct BeaconFleetCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "beacon-fleet",
    abstract: "Judge a fleet of beacon-scan nodes from their MQTT messages: dead beacons, deaf nodes, clones.",
    discussion: """
      Subscribes to every node's availability, telemetry and beacon states under the prefix \
      (beacon-scan --mqtt publishes them) and, once a second, judges:

        dead    an expected station beacon that no node hears, while nodes that heard it \
      before are online and still hear other beacons;
        deaf    a node that hears nothing while another still hears, after it stopped, a \
      beacon it used to hear; or that hears far fewer reports than its own baseline while a \
      node hearing its beacons does not;
        cloned  a beacon heard at once by two nodes that have no other beacon in common;
        unheard an expected station beacon that no node hears and that is not dead: no live \
      node the judge has seen hear it still hears others (a judge started after it died, a line \
      gone quiet).

      A node hears a beacon while its last state of it is less than --silent-after old. Nodes \
      publish a beacon that stands still once per --mqtt-heartbeat (60 s by default): keep \
      --silent-after at two or three heartbeats.

      Each verdict given or withdrawn is printed as a line (or, with --table, the whole fleet \
      is shown, redrawn in place on a terminal), and published, retained, under \
      PREFIX/JUDGE/verdicts/ (beacons/KEY, nodes/NODE) with "ok" once withdrawn; with Home \
      Assistant discovery (the default), each expected beacon and each node gets a "Fleet \
      verdict" problem sensor on its device. A judge that has just started knows nothing: it \
      says "ok" of anything only after judging for a --silent-after.

      Examples:
        beacon-fleet --mqtt mqtt://broker.lan --expect all
        beacon-fleet --mqtt mqtt://broker.lan --expect CipeteRaya,Fatmawati --format json
        beacon-fleet --mqtt mqtt://broker.lan --expect stations.jsonl --table

      Exit status: 0 done (--duration, Ctrl-C, SIGTERM); 64 bad command line; 69 the broker \
      cannot be used.
      """)

  @OptionGroup(title: "The broker") var mqtt: MQTTOptions<MQTTFleetJudge>
  @OptionGroup public var catalogOptions: CatalogOptions
  @OptionGroup public var formatOptions: FormatOptions

  @Option(
    help: ArgumentHelp(
      "The station beacons that should be heard somewhere: all, names separated by commas, or a catalog file.",
      valueName: "stations"))
  var expect = "all"

  @Option(
    name: .customLong("silent-after"), parsing: .unconditional,
    help: ArgumentHelp(
      "A node no longer hears a beacon whose last state is this old, in seconds; \(ValueRange.silentAfterSeconds) "
        + "(default: 180, three of the nodes' default heartbeats).",
      valueName: "seconds"),
    transform: ValueRange.silentAfterSeconds.parse)
  var silentAfter: Double = 180

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Stop after this many seconds, \(ValueRange.runSeconds) (default: until Ctrl-C).", valueName: "seconds"),
    transform: ValueRange.runSeconds.parse)
  var duration: Double?

  @Flag(
    help:
      "Show the whole fleet (verdicts, stations heard, nodes), redrawn once a second on a terminal; else printed at the end."
  )
  var table = false

  public init() {}

  public func validate() throws {
    guard mqtt.broker != nil else {
      throw ValidationError("beacon-fleet judges what a broker carries: give --mqtt URL.")
    }
    if table, formatOptions.format == .json {
      throw ValidationError("--table is a view for people: leave out --format json (which prints each verdict).")
    }
  }

  public func run() throws {
    // A catalog or --expect file that cannot be used is said in one line, with its exit status
    // (65, 66), as beacon-scan says it.
    let stations = try InputFiles.read(program: "beacon-fleet") { () throws in
      try ExpectOptions.stations(expect, in: try catalogOptions.load())
    }
    let keys = Dictionary(
      stations.map { (FleetTopics.key(for: $0.beacon), $0) }, uniquingKeysWith: { first, _ in first })
    let topics = mqtt.topics(layout: .native)
    guard
      let publisher = try mqtt.startPublisher(
        program: "beacon-fleet", subscriptions: FleetMessage.subscriptions(prefix: topics.prefix),
        waitingMessages: Self.waitingMessages)
    else { throw ProcessExitStatus.usage }
    var judge = FleetJudge(
      expected: keys.keys, configuration: FleetJudge.Configuration(silentAfter: .milliseconds(ofSeconds: silentAfter)))
    var (read, unreadable) = (0, 0)
    publisher.onMessage = { topic, payload in
      read += 1
      guard let message = FleetMessage(topic: topic, payload: payload, prefix: topics.prefix) else {
        unreadable += 1
        return
      }
      let now = WallClock.now()
      switch message {
      case .availability(let node, let online) where node != topics.node:
        judge.availability(of: node, online: online, at: now)
      case .telemetry(let node, let rate) where node != topics.node:
        judge.telemetry(of: node, reportsPerSecond: rate, at: now)
      case .heard(let beacon, let node) where node != topics.node:
        judge.heard(beacon, by: node, at: now)
      default:
        break
      }
    }
    let verdicts = FleetVerdictPublisher(
      publisher: publisher, topics: topics, announcesToHomeAssistant: mqtt.announcesToHomeAssistant(),
      stations: keys)
    // Weakly: the verdicts' publisher holds these handlers, and a cycle would outlive the run.
    publisher.onReconnected = { [weak verdicts] in verdicts?.announceAgain(at: WallClock.now()) }
    publisher.onHomeAssistantOnline = { [weak verdicts] in verdicts?.announceAgain(at: WallClock.now()) }
    StopSignal.install()
    let output = StandardOutput()
    let format = formatOptions.format
    let view = table ? FleetTable(stations: keys) : nil
    let screen = view != nil && output.isTerminal ? LiveScreen(output: output) : nil
    let clock = ContinuousClock()
    let started = clock.now
    let deadline = duration.map { clock.now.advanced(by: .milliseconds(ofSeconds: $0)) }
    var nextJudgement = clock.now
    while !StopSignal.isRequested {
      if let deadline, clock.now >= deadline { break }
      publisher.pump()
      if clock.now >= nextJudgement {
        nextJudgement = clock.now.advanced(by: .seconds(1))
        let now = WallClock.now()
        verdicts.announce(nodes: judge.nodeNames, at: now)
        for change in judge.judge(at: now) {
          if view == nil { output.writeLine(Self.line(change, format: format, stations: keys)) }
          verdicts.publish(change)
        }
        if clock.now - started >= .milliseconds(ofSeconds: silentAfter) { verdicts.settle(at: now) }
        if let view, let screen {
          screen.draw(view.lines(judge.overview(at: now), verdicts: judge.verdicts, time: now.iso8601))
        }
        output.flush()
      }
      usleep(50_000)
    }
    if let view {
      screen?.leave()
      let now = WallClock.now()
      for line in view.lines(judge.overview(at: now), verdicts: judge.verdicts, time: now.iso8601) {
        output.writeLine(line)
      }
      output.flush()
    }
    publisher.summaryAdditions = { [weak publisher] in
      var additions = ["\(read) read from \(judge.nodeNames.count) node(s)"]
      if unreadable > 0 { additions.append("\(unreadable) of them not understood (not a node's)") }
      let dropped = publisher?.droppedReceivedCount ?? 0
      if dropped > 0 {
        additions.append("\(dropped) received and dropped: the judge fell behind the fleet, its verdicts are unsure")
      }
      return additions
    }
    publisher.finish()
  }

  /// Messages received that may wait for the judge between two turns of its loop (50 ms):
  /// 1.3 million a second; beyond it they are dropped, and counted.
  static let waitingMessages = 1 << 16

  /// A verdict given or withdrawn, as a line of text or JSON.
  static func line(_ change: FleetVerdictChange, format: OutputFormat, stations: [String: Station]) -> String {
    let (verdict, time, given): (FleetVerdict, Timestamp, Bool)
    switch change {
    case .given(let v, let at): (verdict, time, given) = (v, at, true)
    case .withdrawn(let v, let at): (verdict, time, given) = (v, at, false)
    }
    switch format {
    case .json:
      var object = verdict.json(stations: stations)
      object.add("given", given)
      object.add("time", time.iso8601)
      return object.line
    case .text:
      let station = verdict.beacon.flatMap { stations[$0]?.displayName }.map { " (\($0))" } ?? ""
      return "\(time.iso8601)  \(given ? "" : "no longer: ")\(TerminalText.escaped(verdict.description))\(station)"
    }
  }
}
