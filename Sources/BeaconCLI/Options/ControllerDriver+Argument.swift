import ArgumentParser
import ScanSession

/// `--scan-via controller|bluetoothd`, `--via controller|bluetoothd`.
extension ControllerDriver: ExpressibleByArgument {}
