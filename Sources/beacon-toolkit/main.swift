import BeaconCLI

ToolkitProgram.run(CommandLine.arguments)
