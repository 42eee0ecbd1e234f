import BeaconCLI

BeaconBroadcastCommand.main()
