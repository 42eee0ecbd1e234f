import BeaconAdvertising
import ScanSession

extension ControllerOpener {
  /// The broadcaster over this controller (`beacon-broadcast -i DEVICE`).
  package func broadcaster() -> HCIBeaconBroadcaster {
    HCIBeaconBroadcaster(openConnection: open, makeSession: session(on:))
  }
}
