import BeaconCLI

BeaconFleetCommand.runAsProgram()
