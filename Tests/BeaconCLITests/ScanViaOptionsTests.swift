import ArgumentParser
import LinuxHCITransports
import ScanSession
import Testing

@testable import BeaconCLI

/// `--scan-via`: who scans a kernel device, and when a scan of our own gives way to
/// bluetoothd's discovery.
@Suite("--scan-via")
struct ScanViaOptionsTests {
  @Test func notGivenItListensBesideADiscoveryUnlessTheScanIsShaped() throws {
    let options = try ScanViaOptions.parse([])
    #expect(options.scanVia == nil)
    #expect(options.cooperatesWithBluetoothd(exclusive: false, scanShaping: [("--active", false)]))
    #expect(!options.cooperatesWithBluetoothd(exclusive: false, scanShaping: [("--active", true)]))
    #expect(!options.cooperatesWithBluetoothd(exclusive: true, scanShaping: []))
  }

  @Test func givenItIsObeyed() throws {
    for (text, driver) in [("controller", ControllerDriver.controller), ("bluetoothd", .bluetoothd)] {
      let options = try ScanViaOptions.parse(["--scan-via", text])
      #expect(options.scanVia == driver)
      #expect(!options.cooperatesWithBluetoothd(exclusive: false, scanShaping: []))
    }
    #expect(throws: (any Error).self) { try ScanViaOptions.parse(["--scan-via", "auto"]) }
  }

  @Test func bluetoothdNeedsAKernelDeviceItManagesAndNoShapingOfOurOwn() throws {
    let options = try ScanViaOptions.parse(["--scan-via", "bluetoothd"])
    let hci0 = TransportSpec.kernel(device: HCIDeviceIndex(rawValue: 0))
    try options.check(device: hci0, exclusive: false, scanShaping: [("--duty", false)])
    #expect(throws: ValidationError.self) {
      try options.check(device: .tcp(host: "127.0.0.1", port: 9000), exclusive: false, scanShaping: [])
    }
    #expect(throws: ValidationError.self) {
      try options.check(device: .monitor(device: nil), exclusive: false, scanShaping: [])
    }
    #expect(throws: ValidationError.self) { try options.check(device: hci0, exclusive: true, scanShaping: []) }
    #expect(throws: ValidationError.self) {
      try options.check(device: hci0, exclusive: false, scanShaping: [("--duty", true)])
    }
  }
}
