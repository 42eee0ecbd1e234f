import BeaconTestSupport
import FleetProtocol
import Testing

/// The settings a fleet node takes over MQTT: what a message may set, and that a message with
/// anything wrong changes nothing and names the key (the running node: `MQTTSettingsTests`).
@Suite struct NodeSettingsTests {
  static let initial = NodeSettings(
    deadband: 2, heartbeat: 60, expectedStations: ["CipeteRaya"], silentAfter: 30, weakDrop: 10, scanInterval: 100,
    scanWindow: 100)
  static let catalog = TestCatalogs.northSouthLine

  static func apply(_ json: String, scans: Bool = true) throws(NodeSettingsError) -> NodeSettings {
    try initial.applying(Array(json.utf8), catalog: catalog, scans: scans)
  }

  static func refusal(_ json: String, scans: Bool = true) -> NodeSettingsError? {
    do {
      _ = try apply(json, scans: scans)
      return nil
    } catch {
      return error
    }
  }

  @Test func aMessageSetsWhatItNamesAndLeavesTheRest() throws {
    let next = try Self.apply(
      #"{"deadband": 3.5, "expectedStations": ["Fatmawati", "BlokA"], "scanInterval": 200, "scanWindow": 50}"#)
    #expect(next.deadband == 3.5)
    #expect(next.expectedStations == ["Fatmawati", "BlokA"])
    #expect(next.scanInterval == 200 && next.scanWindow == 50)
    #expect(next.heartbeat == 60 && next.silentAfter == 30 && next.weakDrop == 10)
    #expect(next.rssiOffset == nil)
    #expect(try Self.apply("{}") == Self.initial)
    #expect(try Self.apply(#"{"rssiOffset": -7}"#).rssiOffset == -7)
  }

  @Test func eachRefusalNamesItsKey() {
    let cases: [(String, String?)] = [
      (#"{"deadbnad": 3}"#, "deadbnad"),
      (#"{"deadband": "3"}"#, "deadband"),
      (#"{"deadband": -1}"#, "deadband"),
      (#"{"heartbeat": 1e9}"#, "heartbeat"),
      (#"{"silentAfter": 0}"#, "silentAfter"),
      (#"{"weakDrop": 100}"#, "weakDrop"),
      (#"{"rssiOffset": 61}"#, "rssiOffset"),
      (#"{"rssiOffset": "-7"}"#, "rssiOffset"),
      (#"{"expectedStations": "Fatmawati"}"#, "expectedStations"),
      (#"{"expectedStations": ["Atlantis"]}"#, "expectedStations"),
      (#"{"scanWindow": 150}"#, "scanWindow"),
      (#"{"scanInterval": 1}"#, "scanInterval"),
      ("[1, 2]", nil),
      ("", nil),
    ]
    for (json, key) in cases {
      let refusal = Self.refusal(json)
      #expect(refusal != nil, "\(json) was taken")
      #expect(refusal?.key == key, "\(json): \(String(describing: refusal))")
      #expect(refusal?.reason.isEmpty == false)
    }
  }

  /// All or nothing: a good value beside a bad one is not taken.
  @Test func aMessageWithOneBadValueChangesNothing() {
    #expect(Self.refusal(#"{"deadband": 3, "heartbeat": -5}"#)?.key == "heartbeat")
  }

  @Test func aNodeThatDoesNotScanRefusesScanTiming() {
    let refusal = Self.refusal(#"{"scanInterval": 200}"#, scans: false)
    #expect(refusal?.key == "scanInterval")
    #expect(refusal?.reason.contains("does not scan") == true)
  }

  /// The saved file is read key by key: what cannot apply is refused and left out, the rest is
  /// taken (a message over MQTT is all or nothing: `aMessageWithOneBadValueChangesNothing`).
  @Test func aSavedFileKeepsWhatCanApplyAndNamesEachKeyLeftOut() {
    let saved = #"""
      {"deadband": 6, "heartbeat": -5, "silentAfter": "long", "expectedStations": ["Fatmawati", "Atlantis"],
       "scanInterval": 200, "scanWindow": 50, "future": true}
      """#
    let (settings, refused) = Self.initial.applyingEach(Array(saved.utf8), catalog: Self.catalog, scans: true)
    #expect(settings.deadband == 6)
    #expect(settings.heartbeat == 60 && settings.silentAfter == 30)
    #expect(settings.expectedStations == ["Fatmawati"])
    #expect(settings.scanInterval == 200 && settings.scanWindow == 50)
    #expect(refused.map(\.key) == ["future", "silentAfter", "heartbeat", "expectedStations"])
  }

  /// A saved scan timing on a node that does not scan is the one thing left out; the settings
  /// file a live node wrote keeps its other settings on a replay (the restart the issue saw).
  @Test func aSavedScanTimingOnANodeThatDoesNotScanCostsOnlyItself() throws {
    var live = Self.initial
    live.deadband = 6
    let saved = Array(live.json().utf8)
    let (settings, refused) = Self.initial.applyingEach(saved, catalog: Self.catalog, scans: false)
    #expect(settings.deadband == 6)
    #expect(settings.scanInterval == 100 && settings.scanWindow == 100)
    #expect(refused.map(\.key) == ["scanInterval", "scanWindow"])
    #expect(refused.allSatisfy { $0.reason.contains("does not scan") })
  }

  @Test func aWindowWiderThanTheIntervalLeavesTheScanTimingAsItWas() {
    let (settings, refused) = Self.initial.applyingEach(
      Array(#"{"scanInterval": 50, "deadband": 4}"#.utf8), catalog: Self.catalog, scans: true)
    #expect(settings.scanInterval == 100 && settings.scanWindow == 100 && settings.deadband == 4)
    #expect(refused.map(\.key) == ["scanWindow"])
    #expect(refused.first?.reason.contains("stays 100/100 ms") == true, "\(refused)")
  }

  @Test func aSavedFileThatIsNoObjectChangesNothingAndSaysSo() {
    for text in ["{\"deadband\": 6", "", "null", "[]"] {
      let (settings, refused) = Self.initial.applyingEach(Array(text.utf8), catalog: Self.catalog, scans: true)
      #expect(settings == Self.initial, "\(text)")
      #expect(refused.count == 1 && refused.first?.key == nil, "\(text): \(refused)")
    }
  }

  @Test func theEchoIsWhatAMessageCanSetAgain() throws {
    let json = Self.initial.json()
    #expect(json.contains(#""deadband":2"#) && json.contains(#""expectedStations":["CipeteRaya"]"#))
    #expect(json.hasSuffix(#""scanWindow":100.0,"rssiOffset":null}"#), "\(json)")
    #expect(try Self.initial.applying(Array(json.utf8), catalog: Self.catalog, scans: true) == Self.initial)
    var calibrated = Self.initial
    calibrated.rssiOffset = -7
    #expect(calibrated.json().hasSuffix(#""rssiOffset":-7.0}"#), "\(calibrated.json())")
    #expect(try Self.initial.applying(Array(calibrated.json().utf8), catalog: Self.catalog, scans: true) == calibrated)
  }

  @Test func theStoreIsInSystemdsStateDirectoryOrTheUsersOwn() {
    let systemd = NodeSettingsStore(node: "p1", environment: ["STATE_DIRECTORY": "/var/lib/beacon-toolkit:/other"])
    #expect(systemd?.path == "/var/lib/beacon-toolkit/settings-p1.json")
    let xdg = NodeSettingsStore(node: "p1", environment: ["XDG_STATE_HOME": "/home/u/.state", "HOME": "/home/u"])
    #expect(xdg?.path == "/home/u/.state/beacon-toolkit/settings-p1.json")
    let home = NodeSettingsStore(node: "p1", environment: ["HOME": "/home/u"])
    #expect(home?.path == "/home/u/.local/state/beacon-toolkit/settings-p1.json")
    #expect(NodeSettingsStore(node: "p1", environment: ["HOME": "relative"]) == nil)
  }

  @Test func theStoreKeepsWhatItSavedAndMakesItsFolder() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = try #require(NodeSettingsStore(node: "p1", environment: ["HOME": directory.url.path]))
    #expect(try store.load() == nil)
    try store.save(Self.initial)
    let saved = try #require(try store.load())
    #expect(try Self.initial.applying(saved, catalog: Self.catalog, scans: true) == Self.initial)
  }
}
