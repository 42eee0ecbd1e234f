import ArgumentParser

@testable import BeaconCLI

/// The commands of the toolkit's executables, by the program's name, for the tests that parse
/// their command lines in-process as `runAsProgram` does.
enum BeaconCommands {
  static let byProgram: [String: any ParsableCommand.Type] = [
    "beacon-scan": BeaconScanCommand.self, "beacon-ride": BeaconRideCommand.self,
    "beacon-broadcast": BeaconBroadcastCommand.self, "beacon-fleet": BeaconFleetCommand.self,
  ]
}
