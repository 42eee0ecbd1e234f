import BeaconCLI

BeaconBroadcastCommand.runAsProgram()
