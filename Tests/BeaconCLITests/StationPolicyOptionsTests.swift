import ArgumentParser
import Foundation
import MRTNavigation
import Testing

@testable import BeaconCLI

@Suite struct StationPolicyOptionsTests {
  static func options(_ arguments: [String]) throws -> StationPolicyOptions {
    try StationPolicyOptions.parse(arguments)
  }

  @Test func defaultsUnlessChanged() throws {
    let options = try Self.options([])
    #expect(try options.policy() == StationPresencePolicy())
    #expect(try options.rangingConfiguration().exitPeriod == .seconds(20))
  }

  @Test func fileThenCommandLine() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("policy-\(UUID().uuidString).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data(#"{"enterRSSI": -85, "enterReports": 4, "lostAfterSeconds": 25, "minimumSecondsPerStop": 45}"#.utf8)
      .write(to: URL(fileURLWithPath: path))
    let options = try Self.options(["--policy-file", path, "--enter-rssi", "-90"])
    let policy = try options.policy()
    #expect(policy.enterThreshold == -90)  // the command line wins
    #expect(policy.enterReportCount == 4)
    #expect(policy.minimumTimePerStop == .seconds(45))
    #expect(policy.exitThreshold == StationPresencePolicy().exitThreshold)
    #expect(try options.rangingConfiguration().exitPeriod == .seconds(25))
  }

  @Test func misspeltKeyIsNamed() throws {
    #expect(throws: StationPolicyFileError.self) {
      try StationPolicyFile.parse(Data(#"{"enterRssi": -85}"#.utf8), path: "p.json")
    }
    do {
      _ = try StationPolicyFile.parse(Data(#"{"enterRssi": -85}"#.utf8), path: "p.json")
    } catch {
      #expect(error.description.hasPrefix("p.json: not a station policy: unknown key \"enterRssi\""))
    }
  }

  @Test func anythingButAnObjectIsRefused() {
    for text in ["[-85]", "-85", "{\"enterRSSI\": ", ""] {
      do {
        _ = try StationPolicyFile.parse(Data(text.utf8), path: "p.json")
        Issue.record("\(text) was accepted")
      } catch {
        #expect(error.description.hasPrefix("p.json: not a station policy: expected a JSON object"), "\(text)")
      }
    }
  }

  @Test func wrongTypeIsRefusedAfterTheKeysAreKnown() {
    do {
      _ = try StationPolicyFile.parse(Data(#"{"enterRSSI": "strong"}"#.utf8), path: "p.json")
      Issue.record("a string was accepted")
    } catch {
      #expect(error.description == "p.json: not a station policy: a value has the wrong type (numbers expected)")
    }
  }

  @Test func exitAboveEnterIsRefused() {
    #expect(throws: (any Error).self) { try Self.options(["--enter-rssi", "-90", "--exit-rssi", "-80"]) }
  }
}
