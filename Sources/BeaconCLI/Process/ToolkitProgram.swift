import ProgramOutput
import SystemPackage

#if canImport(Glibc)
  import Glibc
#endif

/// The commands in one program (`beacon-toolkit`), chosen by the name it is run as: the Debian
/// package installs it once and links it as `beacon-scan`, `beacon-broadcast` and
/// `beacon-fleet`, so that the Swift runtime each carries is on disk once. `beacon-toolkit scan …`
/// (or `beacon-toolkit beacon-scan …`) runs a command by its name too.
public enum ToolkitProgram {
  /// The commands, by the name each is run as.
  static let commands: [String: @Sendable ([String]) -> Never] = [
    "beacon-scan": { BeaconScanCommand.runAsProgram($0) },
    "beacon-broadcast": { BeaconBroadcastCommand.runAsProgram($0) },
    "beacon-fleet": { BeaconFleetCommand.runAsProgram($0) },
    "beacon-ride": { BeaconRideCommand.runAsProgram(GPSOptions.fillingInTheDefaultAddress($0)) },
  ]

  /// The command `arguments[0]` names (its last path component), or the one the next argument
  /// names; otherwise what it can run, and exit 64 (0 for `--help`).
  public static func run(_ arguments: [String]) -> Never {
    let invokedAs = arguments.first.flatMap { FilePath($0).lastComponent?.string } ?? ""
    let rest = Array(arguments.dropFirst())
    if let command = commands[invokedAs] { command(rest) }
    if let name = rest.first, let command = commands[name] ?? commands["beacon-" + name] {
      command(Array(rest.dropFirst()))
    }
    let names = commands.keys.sorted().map { String($0.dropFirst("beacon-".count)) }
    let usage = """
      usage: beacon-toolkit COMMAND [OPTIONS]   (COMMAND: \(names.joined(separator: ", ")))
         or: run it as beacon-scan, beacon-broadcast, beacon-ride or beacon-fleet (a link to it)
      beacon-toolkit COMMAND --help says what each does.
      """
    let asked = rest.first == "--help" || rest.first == "-h"
    if asked {
      let output = StandardOutput()
      output.writeLine(usage)
      output.flush()
      exit(0)
    }
    StandardError.writeLine(
      rest.first.map { "beacon-toolkit: no command \(TerminalText.escaped($0))" } ?? "beacon-toolkit: which command?",
      priority: .error)
    for line in usage.split(separator: "\n") { StandardError.writeLine(String(line)) }
    exit(64)
  }
}
