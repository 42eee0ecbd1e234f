import BeaconTestSupport
import Foundation
import Testing

/// `beacon-toolkit`, the commands in one program: run as a link named after a command (as the
/// Debian package installs it), or with the command's name first, it is that command.
@Suite struct ToolkitProgramTests {
  static let ride = TestPaths.fixture("ride-lebak-bulus-to-bundaran-hi.btsnoop")

  @Test func aLinkNamedAfterACommandIsThatCommand() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let link = directory.url.appendingPathComponent("beacon-scan")
    try FileManager.default.createSymbolicLink(
      at: link, withDestinationURL: TestPaths.productsDirectory.appendingPathComponent("beacon-toolkit"))
    let arguments = ["--replay", Self.ride, "--once", "--format", "json"]
    let viaLink = try ChildProcess(executable: link.path, arguments: arguments).finish()
    let direct = try Executable.run("beacon-scan", arguments)
    let named = try Executable.run("beacon-toolkit", ["scan"] + arguments)
    #expect(viaLink.status == 0, "\(viaLink.stderr)")
    #expect(!direct.stdout.isEmpty)
    #expect(viaLink.stdout == direct.stdout)
    #expect(named.stdout == direct.stdout)
    // The commands' own names and errors, as each program says them.
    let fleet = try Executable.run("beacon-toolkit", ["beacon-fleet", "--help"])
    #expect(fleet.status == 0)
    #expect(fleet.stdout.contains("USAGE: beacon-fleet"), "\(fleet.stdout.prefix(300))")
    let bad = try Executable.run("beacon-toolkit", ["scan", "--no-such-option"])
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("beacon-scan"), "\(bad.stderr)")
  }

  @Test func withoutACommandItSaysWhichItRuns() throws {
    let none = try Executable.run("beacon-toolkit", [])
    #expect(none.status == 64)
    #expect(none.stderr.contains("COMMAND: broadcast, fleet, ride, scan"), "\(none.stderr)")
    let unknown = try Executable.run("beacon-toolkit", ["teleport"])
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("no command teleport"), "\(unknown.stderr)")
    let help = try Executable.run("beacon-toolkit", ["--help"])
    #expect(help.status == 0)
    #expect(help.stdout.contains("usage: beacon-toolkit COMMAND"))
  }
}
