import LinuxHCITransports
import Testing

@Suite struct HCIDeviceIndexTests {
  @Test(
    arguments: [("hci0", 0), ("0", 0), ("hci1", 1), ("12", 12), ("hci007", 7), ("65534", 65534)] as [(String, UInt16)])
  func parsesDeviceNamesAndNumbers(text: String, expected: UInt16) throws {
    #expect(try HCIDeviceIndex(parsing: text) == HCIDeviceIndex(rawValue: expected))
  }

  @Test(arguments: ["hci", "foo", "hci-1", "+1", "-1", " 0", "0 ", "0x1", "hci 0", "HCI0", "hci0a", "1.0", "٣"])
  func rejectsWhatIsNotADeviceName(text: String) {
    #expect(throws: HCIDeviceIndexParseError.notADeviceName(text)) { try HCIDeviceIndex(parsing: text) }
  }

  @Test func rejectsTheEmptyString() {
    #expect(throws: HCIDeviceIndexParseError.empty) { try HCIDeviceIndex(parsing: "") }
  }

  @Test(arguments: ["65535", "hci65535", "70000", "99999999999999999999"])
  func rejectsNumbersOutOfRange(text: String) {
    #expect(throws: HCIDeviceIndexParseError.outOfRange(text)) { try HCIDeviceIndex(parsing: text) }
  }

  @Test func parseErrorsSayHowToWriteADevice() {
    let error = HCIDeviceIndexParseError.notADeviceName("usb0")
    #expect(error.description.contains("'usb0'"))
    #expect(error.description.contains("hci0 or 0"))
    #expect(HCIDeviceIndexParseError.outOfRange("70000").description.contains("0 to 65534"))
  }

  @Test func describesItselfAsTheKernelName() {
    #expect(HCIDeviceIndex(rawValue: 3).description == "hci3")
    #expect(HCIDeviceIndex(rawValue: 1) < HCIDeviceIndex(rawValue: 2))
  }
}
