import BeaconCLI

BeaconRideCommand.main(GPSOptions.fillingInTheDefaultAddress(Array(CommandLine.arguments.dropFirst())))
