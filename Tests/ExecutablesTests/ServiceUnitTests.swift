import BeaconTestSupport
import Foundation
import Testing

/// The systemd units of `dist/systemd`, as `systemd-analyze verify` reads them: every one loads
/// without a single line of output (no unknown key, no bad value, no missing binary), and
/// `tools/install-services` stages a tree whose units and binaries verify the same way.
///
/// `verify` checks that `ExecStart=`'s binary exists, and the units run `/usr/local/bin/…`, which
/// is not installed here: each unit is checked in a copy whose `ExecStart=` runs the binary just
/// built (the only change). The user unit is checked as the user manager would load it
/// (`--user`, with a private `XDG_RUNTIME_DIR`).
@Suite(
  .enabled(
    if: TestPaths.executable("systemd-analyze") != nil,
    "systemd-analyze is not installed (Debian: systemd); the units were not checked"))
struct ServiceUnitTests {
  struct Unit: CustomStringConvertible, Sendable {
    /// The file in dist/systemd.
    var file: String
    /// What is verified: the unit, or an instance of a template.
    var name: String
    /// A user unit (`systemctl --user`).
    var user: Bool
    var description: String { file }
  }

  static let units = [
    Unit(file: "beacon-broadcast@.service", name: "beacon-broadcast@CipeteRaya.service", user: false),
    Unit(file: "beacon-scan.service", name: "beacon-scan.service", user: false),
    Unit(file: "beacon-ride.service", name: "beacon-ride.service", user: true),
  ]

  static let distribution = TestPaths.packageRoot.appendingPathComponent("dist/systemd")

  private static func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("units-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  /// `systemd-analyze [--user] verify` on `text` saved as `unit.file`; its exit status and all
  /// it printed.
  private static func verify(_ text: String, as unit: Unit) throws -> (status: Int32, output: String) {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try text.write(to: directory.appendingPathComponent(unit.file), atomically: true, encoding: .utf8)
    let runtime = directory.appendingPathComponent("runtime")
    try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: false)
    let analyze = try #require(TestPaths.executable("systemd-analyze"))
    let result = try ChildProcess(
      executable: analyze,
      arguments: (unit.user ? ["--user"] : []) + ["verify", directory.appendingPathComponent(unit.name).path],
      environment: ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin", "XDG_RUNTIME_DIR": runtime.path, "LANG": "C.UTF-8"]
    ).finish()
    return (result.status, result.stdout + result.stderr)
  }

  /// The unit's text with `ExecStart=` running the binaries in `binaries` instead of `installed`.
  private static func runningBinaries(in binaries: URL, _ text: String, installed: String = "/usr/local/bin/") throws
    -> String
  {
    let rewritten = text.replacingOccurrences(of: "ExecStart=\(installed)", with: "ExecStart=\(binaries.path)/")
    try #require(rewritten != text, "no ExecStart=\(installed)… in the unit")
    return rewritten
  }

  @Test(arguments: units)
  func verifiesWithoutAnyOutput(unit: Unit) throws {
    let text = try String(contentsOf: Self.distribution.appendingPathComponent(unit.file), encoding: .utf8)
    let result = try Self.verify(try Self.runningBinaries(in: TestPaths.productsDirectory, text), as: unit)
    #expect(result.status == 0)
    #expect(result.output.isEmpty, "systemd-analyze verify printed:\n\(result.output)")
  }

  /// The check itself: a misspelt key is only a warning to systemd (exit 0), and fails here.
  @Test(arguments: units)
  func aUnitWithAWarningFails(unit: Unit) throws {
    let text = try String(contentsOf: Self.distribution.appendingPathComponent(unit.file), encoding: .utf8)
    let broken = text.replacingOccurrences(of: "[Service]\n", with: "[Service]\nProtectSystm=strict\n")
    let result = try Self.verify(try Self.runningBinaries(in: TestPaths.productsDirectory, broken), as: unit)
    #expect(result.output.contains("Unknown key 'ProtectSystm'"), "\(result.output)")
  }

  /// A user manager can grant no capability, and each sandboxing setting of a user unit implies
  /// NoNewPrivileges= or PrivateUsers=, either of which takes beacon-ride's file capabilities
  /// away: the user unit has none of them. The system units have them all.
  @Test func onlyTheSystemUnitsAreSandboxed() throws {
    let sandboxing = [
      "AmbientCapabilities", "CapabilityBoundingSet", "NoNewPrivileges", "ProtectSystem", "ProtectHome", "PrivateTmp",
      "ProtectKernelTunables", "ProtectKernelModules", "ProtectControlGroups", "ProtectClock", "RestrictRealtime",
      "RestrictNamespaces", "LockPersonality", "MemoryDenyWriteExecute", "SystemCallArchitectures",
      "RestrictAddressFamilies", "DynamicUser", "PrivateUsers",
    ]
    for unit in Self.units {
      let text = try String(contentsOf: Self.distribution.appendingPathComponent(unit.file), encoding: .utf8)
      let keys = Set(
        text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { $0.split(separator: "=").first }.map(
          String.init))
      for required in ["Type", "NotifyAccess", "WatchdogSec", "Restart", "RestartSec", "TimeoutStopSec"] {
        #expect(keys.contains(required), "\(unit.file) lacks \(required)=")
      }
      if unit.user {
        #expect(keys.isDisjoint(with: sandboxing), "\(unit.file): \(keys.intersection(sandboxing).sorted())")
      } else {
        #expect(Set(sandboxing).subtracting(["PrivateUsers"]).isSubset(of: keys), "\(unit.file)")
        #expect(!keys.contains("PrivateUsers"))
      }
    }
  }

  private static func installServices(_ arguments: [String]) throws -> ProcessResult {
    try ChildProcess(
      executable: TestPaths.packageRoot.appendingPathComponent("tools/install-services").path,
      arguments: arguments + ["--binaries", TestPaths.productsDirectory.path]
    ).finish()
  }

  @Test func installScriptStagesATreeWhoseUnitsVerifyAndKeepsEditedDefaults() throws {
    let root = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let result = try Self.installServices(["--root", root.path, "--prefix", "/opt/beacon"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("setcap cap_net_raw,cap_net_admin+eip /opt/beacon/bin/beacon-ride"))
    #expect(result.stdout.contains("systemctl enable --now beacon-broadcast@CipeteRaya"))
    let binaries = root.appendingPathComponent("opt/beacon/bin")
    for product in ["beacon-scan", "beacon-broadcast", "beacon-ride"] {
      #expect(FileManager.default.isExecutableFile(atPath: binaries.appendingPathComponent(product).path))
    }
    for unit in Self.units {
      let installed = root.appendingPathComponent("etc/systemd/\(unit.user ? "user" : "system")/\(unit.file)")
      let text = try String(contentsOf: installed, encoding: .utf8)
      #expect(!text.contains("/usr/local/"), "\(unit.file) still names /usr/local")
      #expect(text.contains("Documentation=file:/opt/beacon/share/doc/beacon-toolkit/Services.md"))
      let result = try Self.verify(
        try Self.runningBinaries(in: binaries, text, installed: "/opt/beacon/bin/"), as: unit)
      #expect(result.status == 0 && result.output.isEmpty, "\(unit.file):\n\(result.output)")
    }
    #expect(
      FileManager.default.fileExists(
        atPath: root.appendingPathComponent("opt/beacon/share/doc/beacon-toolkit/Services.md").path))

    let defaults = root.appendingPathComponent("etc/default/beacon-scan")
    try "BEACON_ADAPTER=hci1\n".write(to: defaults, atomically: true, encoding: .utf8)
    let again = try Self.installServices(["--root", root.path, "--prefix", "/opt/beacon"])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout.contains("keeping \(defaults.path)"))
    #expect(try String(contentsOf: defaults, encoding: .utf8) == "BEACON_ADAPTER=hci1\n")
  }

  @Test func dryRunPrintsWhatItWouldDoAndChangesNothing() throws {
    let prefix = "/tmp/beacon-dry-run-\(UUID().uuidString)"
    let result = try Self.installServices(["--dry-run", "--prefix", prefix])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("+ setcap cap_net_raw\\,cap_net_admin+eip \(prefix)/bin/beacon-ride"))
    #expect(result.stdout.contains("> /etc/systemd/user/beacon-ride.service"))
    #expect(result.stdout.contains("systemctl enable --now beacon-broadcast@CipeteRaya"))
    #expect(!FileManager.default.fileExists(atPath: prefix))
  }
}
