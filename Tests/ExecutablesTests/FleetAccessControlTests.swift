import BeaconTestSupport
import Foundation
import Testing

/// The Fleet article's broker ACL (`dist/mosquitto/fleet.acl`), on a real mosquitto with
/// accounts made by `mosquitto_passwd`: a node logs in as itself and works (its settings are
/// echoed, the operator reads them); another node's account cannot set its settings, for that
/// node or for every node (the broker drops the message), and the operator's account can.
@Suite(.enabled(if: MosquittoBroker.isAvailable, "needs mosquitto and mosquitto-clients (tools/test installs them)"))
struct FleetAccessControlTests {
  static let node = MQTTCommandTests.node
  static let accounts = [
    MosquittoBroker.Account(node, "node-secret"), MosquittoBroker.Account("other-node", "other-secret"),
    MosquittoBroker.Account("operator", "operator-secret"),
  ]

  @Test func onlyTheOperatorsAccountChangesANodesSettings() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let passwords = directory.url.appendingPathComponent("passwords").path
    let tool = try #require(TestPaths.executable("mosquitto_passwd"), "mosquitto_passwd (Debian's mosquitto)")
    for account in Self.accounts {
      let made = try ChildProcess(
        executable: tool,
        arguments: (FileManager.default.fileExists(atPath: passwords) ? ["-b"] : ["-c", "-b"])
          + [passwords, account.username, account.password])
      #expect(made.wait(seconds: 10) == 0, "mosquitto_passwd: \(made.stderr)")
    }
    let acl = TestPaths.packageRoot.appendingPathComponent("dist/mosquitto/fleet.acl").path
    let port = try LoopbackPort.free()
    let broker = try MosquittoBroker(
      port: port,
      extraConfiguration: [
        "listener \(port) 127.0.0.1", "allow_anonymous false", "password_file \(passwords)", "acl_file \(acl)",
      ])
    let (nodeAccount, otherNode, operatorAccount) = (Self.accounts[0], Self.accounts[1], Self.accounts[2])
    broker.clientAccount = operatorAccount
    var environment = MQTTSettingsTests.environment(stateDirectory: directory.url.path)
    environment["BEACON_MQTT_USERNAME"] = nodeAccount.username
    environment["BEACON_MQTT_PASSWORD"] = nodeAccount.password
    let feed = try SlowCaptureFeed(btsnoop: MQTTSettingsTests.capture)
    let scanner = try MQTTCommandTests.startScan(feed: feed, broker: broker, environment: environment)
    #expect(MQTTCommandTests.feedUntil(feed, scanner, says: "connected"), "\(scanner.stderr)")
    // With an account, the warning names only what is left: the connection is not encrypted.
    #expect(scanner.stderr.contains("settings over MQTT are on, over an unencrypted connection"), "\(scanner.stderr)")
    #expect(try MQTTCommandTests.waitFor { try MQTTSettingsTests.settings(broker) != nil }, "\(scanner.stderr)")
    // Another node's account: this node's topic and every node's; dropped by the broker.
    try broker.publish(
      topic: "beacon-toolkit/\(Self.node)/config/set", payload: #"{"deadband": 9}"#, as: otherNode)
    try broker.publish(topic: "beacon-toolkit/all/config/set", payload: #"{"deadband": 9}"#, as: otherNode)
    // The operator's account, after them.
    try broker.publish(topic: "beacon-toolkit/\(Self.node)/config/set", payload: #"{"heartbeat": 120}"#)
    #expect(
      try MQTTCommandTests.waitFor {
        feed.feed(1)
        return try MQTTSettingsTests.settings(broker)?["heartbeat"] as? Double == 120
      }, "\(scanner.stderr)")
    #expect(try MQTTSettingsTests.settings(broker)?["deadband"] as? Double == 2)
    feed.feed(feed.recordCount)
    feed.close()
    #expect(scanner.wait(seconds: 60) == 0, "\(scanner.stderr)")
    #expect(scanner.stderr.components(separatedBy: "settings changed over MQTT").count == 2, "\(scanner.stderr)")
    // Without an account, nothing at all: the broker refuses the connection.
    let anonymous = try MQTTCommandTests.scan([
      "--replay", TestPaths.fixture("tricky-reports.btsnoop"), "--mqtt", "mqtt://127.0.0.1:\(port)",
    ])
    #expect(anonymous.stderr.contains("0 message(s) published"), "\(anonymous.stderr)")
  }
}
