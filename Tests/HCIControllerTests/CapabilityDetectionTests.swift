import BluetoothTypes
import HCICodec
import Testing

@testable import HCIController

@Suite struct CapabilityDetectionTests {
  typealias F = ControllerFixtures

  @Test func extendedBitsChooseExtendedScanningAndAdvertising() throws {
    let (session, controller) = F.session(
      F.startScript(bits: F.extendedBits, features: "00 10 00 00 00 00 00 00", extendedReports: true))
    let capabilities = try session.start()
    #expect(controller.isConsumed)
    #expect(capabilities.hciVersion == .core50)
    #expect(capabilities.hciSubversion == 0x0100)
    #expect(capabilities.lmpSubversion == 0x6119)
    #expect(capabilities.companyIdentifier == 0x000F)
    #expect(capabilities.address == BluetoothAddress("B8:27:EB:12:34:56"))
    #expect(capabilities.leFeatures == .leExtendedAdvertising)
    #expect(capabilities.prefersExtendedScanning)
    #expect(capabilities.prefersExtendedAdvertising)
    #expect(session.scanningCommandSet == .extended)
    #expect(session.advertisingCommandSet == .extended)
    #expect(session.capabilities == capabilities)
    #expect(session.events == [.reset, .commandSetsChosen(scanning: .extended, advertising: .extended, forced: false)])
  }

  /// The Raspberry Pi 4 case: HCI 5.0 and the LE Extended Advertising feature bit, but the
  /// extended commands' Supported_Commands bits are clear. The session must use legacy.
  @Test func hciVersionFiveWithoutExtendedBitsStaysLegacy() throws {
    let (session, controller) = F.session(
      F.startScript(hciVersion: 0x09, bits: F.legacyBits, features: "00 10 00 00 00 00 00 00", extendedReports: false))
    let capabilities = try session.start()
    #expect(controller.isConsumed)
    #expect(capabilities.hciVersion >= .core50)
    #expect(capabilities.leFeatures.contains(.leExtendedAdvertising))
    #expect(!capabilities.prefersExtendedScanning)
    #expect(!capabilities.prefersExtendedAdvertising)
    #expect(session.scanningCommandSet == .legacy)
    #expect(session.advertisingCommandSet == .legacy)
  }

  @Test func extendedScanningNeedsBothBits() {
    let onlyParameters = ControllerCapabilities(
      hciVersion: .core54, lmpVersion: .core54, companyIdentifier: 2, address: BluetoothAddress(rawValue: 0),
      supportedCommands: SupportedCommands(supporting: F.legacyBits + [.leSetExtendedScanParameters]), leFeatures: [])
    #expect(!onlyParameters.prefersExtendedScanning)
    #expect(onlyParameters.supportsLegacyScanning)
  }

  @Test func forcedExtendedOverridesLegacyBits() throws {
    let (session, controller) = F.session(
      F.startScript(bits: F.legacyBits, extendedReports: true), preference: .extended)
    try session.start()
    #expect(controller.isConsumed)
    #expect(session.scanningCommandSet == .extended)
    #expect(session.advertisingCommandSet == .extended)
    #expect(session.events.last == .commandSetsChosen(scanning: .extended, advertising: .extended, forced: true))
  }

  @Test func forcedLegacyOverridesExtendedBits() throws {
    let (session, controller) = F.session(
      F.startScript(bits: F.extendedBits, extendedReports: true), preference: .legacy)
    try session.start()
    #expect(controller.isConsumed)
    #expect(session.scanningCommandSet == .legacy)
  }

  /// On the kernel's raw channel: no Reset and no event masks, which bluetoothd owns.
  @Test func sharedControllerIsNeitherResetNorMasked() throws {
    let controller = ScriptedController(
      F.startScript(bits: F.legacyBits, reset: false, masks: false, extendedReports: false))
    let session = ControllerSession(connection: controller, resetOnStart: false, setsEventMasks: false)
    try session.start()
    #expect(controller.isConsumed)
    #expect(!session.events.contains(.reset))
  }

  @Test func capabilitiesDescribeThemselves() throws {
    let (session, _) = F.session(F.startScript(bits: F.legacyBits, extendedReports: false))
    let capabilities = try session.start()
    #expect(
      capabilities.description
        == "HCI 5.0 (rev 0x0100), LMP 5.0 (0x6119), company 0x000F, address B8:27:EB:12:34:56, "
        + "scanning legacy, advertising legacy")
  }
}
