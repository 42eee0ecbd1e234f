import BluetoothdClient
import LinuxHCITransports
import ScanSession
import Testing

/// How `-i hciN` without `--scan-via` reads a kernel device: scanned by us, through bluetoothd's
/// discovery, or heard beside it.
@Suite struct ControllerOpenerTests {
  /// Without bluetoothd to ask (no system bus here, or no bluetoothd), a kernel device is scanned.
  @Test func withNoBluetoothdToAskTheDeviceIsScanned() {
    #expect(ControllerOpener.bluetoothdState(of: HCIDeviceIndex(rawValue: 0)) == nil)
    #expect(ControllerOpener.cooperativeSource(bluetoothd: nil) == .controller)
  }

  /// bluetoothd owns a device it powers: it discovers for us, or, when it discovers already,
  /// we listen to it; a device it keeps off is ours to bring up and scan.
  @Test func aDeviceBluetoothdPowersIsReadThroughIt() {
    let on = BluetoothdAdapterState(powered: true, discovering: false)
    let discovering = BluetoothdAdapterState(powered: true, discovering: true)
    let off = BluetoothdAdapterState(powered: false, discovering: false)
    #expect(ControllerOpener.cooperativeSource(bluetoothd: on) == .bluetoothd)
    #expect(ControllerOpener.cooperativeSource(bluetoothd: discovering) == .monitor)
    #expect(ControllerOpener.cooperativeSource(bluetoothd: off) == .controller)
  }
}
