/// What a command does on the broker, as `--help` says it for ``MQTTOptions``' `--mqtt`,
/// `--mqtt-node` and `--mqtt-discovery`.
protocol MQTTRole {
  static var brokerHelp: String { get }
  static var nodeHelp: String { get }
  static var discoveryHelp: String { get }
}

/// `beacon-scan` and `beacon-broadcast`: a node that reports what it hears or advertises.
enum MQTTReportingNode: MQTTRole {
  static let brokerHelp =
    "Also publish to this MQTT broker (mqtt://HOST[:PORT], mqtts://… for TLS): what this command finds or "
    + "advertises, this node's availability, Home Assistant discovery. Output is unchanged; a broker that is down "
    + "is retried and never slows the run: at most 4096 messages wait (the latest per topic)."
  static let nodeHelp = "This node's name in topics and in Home Assistant"
  static let discoveryHelp = "Publish Home Assistant discovery configs (an entity per beacon on this node)."
}

/// `beacon-fleet`: the judge, which reads every node and publishes only its verdicts.
enum MQTTFleetJudge: MQTTRole {
  static let brokerHelp =
    "The MQTT broker the nodes report to (mqtt://HOST[:PORT], mqtts://… for TLS): the judge subscribes to every "
    + "node under --mqtt-prefix and publishes only its verdicts (retained, under PREFIX/JUDGE/verdicts/), its "
    + "availability and, with discovery, a problem sensor per verdict. A broker that is down is retried; required."
  static let nodeHelp = "The judge's name in its topics (PREFIX/JUDGE/verdicts/) and in Home Assistant"
  static let discoveryHelp =
    "Publish Home Assistant discovery configs (a \"Fleet verdict\" problem sensor for each expected beacon and "
    + "each node)."
}
