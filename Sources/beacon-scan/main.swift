import BeaconCLI

BeaconScanCommand.runAsProgram()
