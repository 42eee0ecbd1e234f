import BeaconCLI

BeaconRideCommand.main()
