import ArgumentParser
import Foundation
import Testing

@testable import BeaconCLI

/// The commands' definitions, as ArgumentParser's own validators check them only where `DEBUG` is
/// defined: a plain `swift build`, but not the sanitized suites of `tools/sanitize`, which are built
/// without it (their validation ran again on every parse and every message, half the CPU of each
/// program the tests started). The check that matters here: no name is given to two arguments of
/// one command, which a new option group could do silently (the first one would take the value).
@Suite struct CommandDefinitionTests {
  /// The command and each of its subcommands, from ArgumentParser's JSON description of them
  /// (`--experimental-dump-help`): each one's name and the names of its arguments.
  static func names(in command: [String: Any], path: String) -> [(command: String, names: [String])] {
    let arguments = command["arguments"] as? [[String: Any]] ?? []
    let names = arguments.flatMap { argument in
      (argument["names"] as? [[String: Any]] ?? []).compactMap { name -> String? in
        guard let kind = name["kind"] as? String, let text = name["name"] as? String else { return nil }
        return (kind == "long" ? "--" : "-") + text
      }
    }
    let subcommands = (command["subcommands"] as? [[String: Any]] ?? []).flatMap { subcommand in
      Self.names(in: subcommand, path: path + " " + (subcommand["commandName"] as? String ?? "?"))
    }
    return [(path, names)] + subcommands
  }

  @Test(arguments: BeaconCommands.byProgram.keys.sorted())
  func noNameIsGivenToTwoArguments(_ program: String) throws {
    let type = try #require(BeaconCommands.byProgram[program])
    let description = try #require(
      try JSONSerialization.jsonObject(with: Data(type._dumpHelp().utf8)) as? [String: Any])
    let command = try #require(description["command"] as? [String: Any])
    let commands = Self.names(in: command, path: program)
    for (path, names) in commands {
      let repeated = Dictionary(grouping: names, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
      #expect(repeated.isEmpty, "\(path) gives \(repeated) to more than one argument")
    }
    // Read from the description, not assumed: the command's own options are there, with --help.
    let own = try #require(commands.first).names
    #expect(own.contains("--help") && own.contains("--format") && own.count > 10, "\(own)")
  }
}
