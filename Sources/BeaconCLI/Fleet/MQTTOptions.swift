import ArgumentParser
import FleetProtocol
import MRTNavigation
import MosquittoClient
import ProgramOutput
import ScanSession

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// `--mqtt` and the settings every command that uses a broker takes, as one node of a fleet;
/// `Role` says in `--help` what the command does there. `beacon-scan` adds ``MQTTScanOptions``.
struct MQTTOptions<Role: MQTTRole>: ParsableArguments {
  @Option(name: .customLong("mqtt"), help: ArgumentHelp(Role.brokerHelp, valueName: "url"))
  var broker: String?

  @Option(
    name: .customLong("mqtt-node"),
    help: ArgumentHelp(
      "\(Role.nodeHelp) (letters, digits, _ and -; default: the host name).",
      valueName: "name"))
  var node: String?

  @Option(
    name: .customLong("mqtt-prefix"),
    help: ArgumentHelp(
      "The topics' first levels (e.g. mrt/monitors; not starting with $, no + or #, no empty level).",
      valueName: "topic"))
  var prefix = "beacon-toolkit"

  @Option(
    name: .customLong("mqtt-discovery-prefix"),
    help: ArgumentHelp("Home Assistant's discovery prefix (the same rules as --mqtt-prefix).", valueName: "topic"))
  var discoveryPrefix = "homeassistant"

  @Flag(name: .customLong("mqtt-discovery"), inversion: .prefixedNo, help: ArgumentHelp(Role.discoveryHelp))
  var discovery = true

  @Option(
    name: .customLong("mqtt-credentials"),
    help: ArgumentHelp(
      "A file whose first line is USERNAME:PASSWORD (or set BEACON_MQTT_USERNAME and BEACON_MQTT_PASSWORD). Never on the command line.",
      valueName: "file"))
  var credentialsFile: String?

  @Option(
    name: .customLong("mqtt-ca-file"),
    help: ArgumentHelp(
      "With mqtts://, the certificate authorities to trust (PEM; default: the system's, /etc/ssl/certs).",
      valueName: "file"))
  var certificateAuthorityFile: String?

  func validate() throws {
    guard let broker else {
      let given = [
        ("--mqtt-node", node != nil), ("--mqtt-credentials", credentialsFile != nil),
        ("--mqtt-ca-file", certificateAuthorityFile != nil),
      ]
      if let flag = given.first(where: \.1)?.0 { throw ValidationError("\(flag) needs --mqtt URL.") }
      return
    }
    let address: MQTTBroker
    do { address = try MQTTBroker(parsing: broker) } catch { throw ValidationError("--mqtt: \(error)") }
    if certificateAuthorityFile != nil, !address.usesTLS {
      throw ValidationError("--mqtt-ca-file is for TLS: use an mqtts:// URL.")
    }
    if let node, node == FleetTopics.everyNode {
      throw ValidationError(
        "--mqtt-node '\(node)' means every node (PREFIX/all/config/set): give this node a name of its own.")
    }
    if let node, !FleetTopics.isValidNode(node) {
      throw ValidationError("--mqtt-node '\(node)': use 1–64 letters, digits, _ and -.")
    }
    for (flag, topic) in [("--mqtt-prefix", prefix), ("--mqtt-discovery-prefix", discoveryPrefix)]
    where !FleetTopics.isValidPrefix(topic) {
      throw ValidationError(
        "\(flag) '\(topic)': give topic levels such as mrt/monitors: not starting with $ (the broker's), "
          + "without + or #, NUL or an empty level.")
    }
  }

  /// The topics of this node, in `layout`.
  func topics(layout: FleetTopics.Layout = .native) -> FleetTopics {
    FleetTopics(
      prefix: prefix, node: node ?? FleetTopics.node(from: Self.hostName), discoveryPrefix: discoveryPrefix,
      layout: layout)
  }

  /// The topics of this node in the native layout.
  var topics: FleetTopics { topics() }

  /// Whether Home Assistant discovery configs are published: asked for, and in the native layout
  /// (ESPresense's consumers make their own entities).
  func announcesToHomeAssistant(layout: FleetTopics.Layout = .native) -> Bool { discovery && layout == .native }

  /// The session's settings for `program`: `online` on the availability topic on every
  /// connection, `offline` as its last will, Home Assistant's status subscribed when announcing
  /// to it, the settings topics when it `takesSettings` (``NodeRemoteSettings``), and
  /// `subscriptions` (the fleet's judge: its nodes' topics, with room for `waitingMessages`
  /// between two pumps); `nil` without `--mqtt`.
  func sessionConfiguration(
    program: String, layout: FleetTopics.Layout = .native, takesSettings: Bool = false, subscriptions: [String] = [],
    waitingMessages: Int = 1024
  ) throws -> MQTTSession.Configuration? {
    guard let broker else { return nil }
    let address = try MQTTBroker(parsing: broker)
    let credentials = try MQTTCredentialsSource.load(
      file: credentialsFile, environment: ProcessInfo.processInfo.environment)
    if let credentialsFile, MQTTCredentialsSource.isReadableByOthers(credentialsFile) {
      StandardError.writeLine("\(program): warning: \(credentialsFile) can be read by other users: chmod 600 it")
    }
    let topics = topics(layout: layout)
    return MQTTSession.Configuration(
      broker: address, clientID: "\(program)-\(topics.node)-\(getpid())", credentials: credentials,
      certificateAuthorityFile: certificateAuthorityFile,
      will: MQTTMessage(topic: topics.availability, text: "offline", retain: true, qualityOfService: .atLeastOnce),
      birth: MQTTMessage(topic: topics.availability, text: "online", retain: true, qualityOfService: .atLeastOnce),
      subscriptions: (announcesToHomeAssistant(layout: layout) ? [topics.homeAssistantStatus] : [])
        + (takesSettings ? [topics.settingsSet, topics.allSettingsSet] : []) + subscriptions,
      maximumWaitingEvents: waitingMessages)
  }

  /// This node's publisher for `program`, connecting in the background; `nil` without `--mqtt`.
  func startPublisher(
    program: String, layout: FleetTopics.Layout = .native, takesSettings: Bool = false, subscriptions: [String] = [],
    waitingMessages: Int = 1024
  ) throws -> MQTTPublisher? {
    let configuration: MQTTSession.Configuration?
    do {
      configuration = try sessionConfiguration(
        program: program, layout: layout, takesSettings: takesSettings, subscriptions: subscriptions,
        waitingMessages: waitingMessages)
    } catch let error as MQTTCredentialsError {
      throw ValidationError(error.description)
    }
    guard let configuration else { return nil }
    let publisher = MQTTPublisher(
      session: MQTTSession(configuration: configuration), topics: topics(layout: layout), program: program)
    do {
      try publisher.start()
    } catch {
      if case .certificateAuthorityUnreadable = error { throw ValidationError(error.description) }
      StandardError.writeLine("\(program): \(configuration.broker): \(error)", priority: .error)
      throw ProcessExitStatus.unavailable
    }
    return publisher
  }

  /// The host name (`gethostname`), the default node.
  static var hostName: String {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count - 1) == 0 else { return "beacon-node" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
