import BeaconAdvertising
import ScanSession

extension ControllerOpener {
  /// The broadcaster over this controller (`beacon-broadcast -i DEVICE`).
  func broadcaster() -> HCIBeaconBroadcaster {
    HCIBeaconBroadcaster(openConnection: open, makeSession: session(on:))
  }
}
