import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A real mosquitto broker (Debian's `mosquitto`) on a free loopback port, with no persistence:
/// a restart forgets retained messages, as a broker without a `persistence` setting does. It can be
/// stopped, killed and started again on the same port. Its clients in the tests are Debian's
/// `mosquitto_sub` and `mosquitto_pub` (`mosquitto-clients`), so what is checked is what a real
/// subscriber receives.
package final class MosquittoBroker {
  package let port: UInt16
  private let configurationPath: String
  private var process: ChildProcess?

  /// An account on a broker that wants one (`password_file`): what the test's own clients
  /// (``retained(_:)``, ``publish(topic:payload:retain:as:)``, ``subscribe(_:)``) log in with.
  package struct Account: Sendable {
    package var username: String
    package var password: String
    package init(_ username: String, _ password: String) {
      self.username = username
      self.password = password
    }
    var arguments: [String] { ["-u", username, "-P", password] }
  }

  /// The account the test's clients use unless told otherwise; `nil`: anonymous.
  package var clientAccount: Account?

  /// Whether mosquitto and its clients are installed (`tools/test` installs them).
  package static var isAvailable: Bool {
    ["mosquitto", "mosquitto_sub", "mosquitto_pub"].allSatisfy { TestPaths.executable($0) != nil }
  }

  /// Starts a broker; `extraConfiguration` lines go into its configuration file (a password file,
  /// a TLS listener…). On a port of its own choosing, a port another test took between being found
  /// free and being bound is given up for another one.
  package init(port: UInt16? = nil, extraConfiguration: [String] = []) throws {
    var attempts = 0
    while true {
      let chosen = try port ?? LoopbackPort.free()
      let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("mosquitto-\(UUID().uuidString).conf").path
      let listener = extraConfiguration.contains { $0.hasPrefix("listener") } ? [] : ["listener \(chosen) 127.0.0.1"]
      let lines = listener + ["allow_anonymous true", "persistence false"] + extraConfiguration
      try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
      do {
        let started = try Self.launch(configurationPath: path, port: chosen)
        self.port = chosen
        configurationPath = path
        process = started
        return
      } catch let error as BrokerDidNotStart
        where port == nil && error.log.contains("Address already in use")
        && attempts < 5
      {
        attempts += 1
        unlink(path)
      }
    }
  }

  /// Starts the broker (again) and waits until it accepts connections.
  package func start() throws {
    guard process?.isRunning != true else { return }
    process = try Self.launch(configurationPath: configurationPath, port: port)
  }

  /// Starts mosquitto on `configurationPath` and waits until it accepts connections on `port`.
  private static func launch(configurationPath: String, port: UInt16) throws -> ChildProcess {
    guard let mosquitto = TestPaths.executable("mosquitto") else {
      throw BrokerDidNotStart(log: "mosquitto is not installed")
    }
    let started = try ChildProcess(executable: mosquitto, arguments: ["-c", configurationPath])
    if LoopbackPort.waitUntilAccepting(port, startedBy: started, seconds: 10) { return started }
    started.stop()
    throw BrokerDidNotStart(log: started.stderr)
  }

  /// What the broker logged.
  package var log: String { process?.stderr ?? "" }

  /// Stops it: SIGTERM, as `systemctl stop mosquitto` does.
  package func stop() { process?.stop() }

  /// Kills it at once (SIGKILL): connections drop without a word.
  package func kill() {
    process?.signal(SIGKILL)
    _ = process?.wait(seconds: 5)
  }

  deinit {
    stop()
    unlink(configurationPath)
  }

  /// The retained messages under `filter`, as a new subscriber receives them: topic → payload.
  package func retained(_ filter: String = "#") throws -> [String: String] {
    let result = try run(
      "mosquitto_sub",
      ["-p", String(port), "-t", filter, "--retained-only", "-W", "1", "-F", "%t\t%p"]
        + (clientAccount?.arguments ?? []))
    var messages: [String: String] = [:]
    for line in result.split(separator: "\n", omittingEmptySubsequences: true) {
      let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
      messages[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
    }
    return messages
  }

  /// Publishes one message with `mosquitto_pub`, as `account` (default: ``clientAccount``).
  package func publish(topic: String, payload: String, retain: Bool = false, as account: Account? = nil) throws {
    _ = try run(
      "mosquitto_pub",
      ["-p", String(port), "-t", topic, "-m", payload] + (retain ? ["-r"] : [])
        + ((account ?? clientAccount)?.arguments ?? []))
  }

  /// Starts a subscriber on `filters`; it is subscribed when this returns.
  package func subscribe(_ filters: [String]) throws -> MosquittoSubscriber {
    try MosquittoSubscriber(broker: self, filters: filters)
  }

  private func run(_ tool: String, _ arguments: [String]) throws -> String {
    guard let executable = TestPaths.executable(tool) else { throw BrokerDidNotStart(log: "\(tool) is not installed") }
    let child = try ChildProcess(executable: executable, arguments: arguments)
    _ = child.wait(seconds: 10)
    return child.stdout
  }
}

/// The broker did not come up; its log says why.
package struct BrokerDidNotStart: Error, CustomStringConvertible {
  package var log: String
  package var description: String { "mosquitto did not start: \(log)" }
}

/// A `mosquitto_sub` running in the background, writing each message as `RETAINED<TAB>TOPIC<TAB>PAYLOAD`.
package final class MosquittoSubscriber {
  private let process: ChildProcess

  /// One received message.
  package struct Message: Hashable {
    package var retained: Bool
    package var topic: String
    package var payload: String

    package init(retained: Bool, topic: String, payload: String) {
      self.retained = retained
      self.topic = topic
      self.payload = payload
    }
  }

  init(broker: MosquittoBroker, filters: [String]) throws {
    guard let tool = TestPaths.executable("mosquitto_sub") else { throw BrokerDidNotStart(log: "no mosquitto_sub") }
    let probe = "test-probe/\(UUID().uuidString)"
    let arguments =
      ["-p", String(broker.port), "-F", "%r\t%t\t%p"] + (filters + [probe]).flatMap { ["-t", $0] }
      + (broker.clientAccount?.arguments ?? [])
    process = try ChildProcess(executable: tool, arguments: arguments)
    // Subscribed once a probe message comes back.
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      try broker.publish(topic: probe, payload: "ready")
      usleep(100_000)
      if messages.contains(where: { $0.topic == probe }) { return }
    }
    throw BrokerDidNotStart(log: "mosquitto_sub did not subscribe: \(process.stderr)")
  }

  /// Everything received so far, the probe left out.
  package var messages: [Message] {
    process.stdout.split(separator: "\n", omittingEmptySubsequences: true).compactMap { line in
      let parts = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
      guard parts.count == 3 else { return nil }
      return Message(retained: parts[0] == "1", topic: String(parts[1]), payload: String(parts[2]))
    }
  }

  /// The messages received, the readiness probes left out.
  package var received: [Message] { messages.filter { !$0.topic.hasPrefix("test-probe/") } }

  /// Waits until `condition` holds for what was received, at most `seconds`.
  package func wait(seconds: Double = 10, until condition: ([Message]) -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition(received) { return true }
      usleep(20_000)
    }
    return condition(received)
  }

  deinit { process.stop() }
}
