import BeaconCLI

BeaconRideCommand.runAsProgram(GPSOptions.fillingInTheDefaultAddress(Array(CommandLine.arguments.dropFirst())))
