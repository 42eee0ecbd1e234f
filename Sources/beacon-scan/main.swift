import BeaconCLI

BeaconScanCommand.main()
