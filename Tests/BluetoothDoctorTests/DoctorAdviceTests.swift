import BluetoothDoctor
import BluetoothTypes
import BluetoothdClient
import LinuxHCITransports
import POSIXSupport
import SystemPackage
import Testing

/// What `--doctor` recommends in each situation a Pi or a laptop is found in.
@Suite("Doctor advice")
struct DoctorAdviceTests {
  static func controller(
    up: Bool = true, bluetoothd: BluetoothdAdapterState? = nil, rfkill: RFKillSwitch? = nil,
    users: [HCISocketUser] = []
  ) -> DoctorFindings.Controller {
    DoctorFindings.Controller(
      info: HCIDeviceInfo(
        index: HCIDeviceIndex(rawValue: 0), name: "hci0", address: BluetoothAddress(rawValue: 0xDCA6_32AA_BB01),
        flags: up ? [.up, .running] : [], bus: .uart, features: [0, 0, 0, 0, 0x40, 0, 0, 0]),
      bluetoothd: bluetoothd.map { .success($0) }, rfkill: rfkill, users: users)
  }

  static func findings(
    kernel: KernelBluetoothSupport = .available, root: Bool = true, controllers: [DoctorFindings.Controller],
    bluetoothd: Bool = false
  ) -> DoctorFindings {
    DoctorFindings(
      kernelRelease: "6.6.31+rpt-rpi-2712", kernelBluetooth: kernel,
      capabilities: ProcessCapabilities(effective: root ? 0x1FF_FFFF_FFFF : 0, isRoot: root),
      executable: "/usr/bin/beacon-scan", bluetoothdProcesses: bluetoothd ? [512] : [],
      bluetoothdOnBus: bluetoothd ? .running : .notRunning, rfkill: controllers.compactMap(\.rfkill),
      controllers: .success(controllers), managementUsers: .success([]))
  }

  @Test func noBluetoothInTheKernelPointsAtAnotherTransport() {
    let findings = DoctorFindings(
      kernelRelease: "6.18", kernelBluetooth: .missing(Errno(rawValue: 97)), capabilities: nil, executable: nil,
      bluetoothdProcesses: [], bluetoothdOnBus: .notRunning, rfkill: [], controllers: nil, managementUsers: nil)
    let advice = DoctorAdvice(findings)
    #expect(advice.mode == "other-transport")
    #expect(advice.command == "beacon-scan -i serial:/dev/ttyUSB0")
    #expect(advice.reason.contains("this kernel has no Bluetooth"))
  }

  @Test func bluetoothdAlreadyDiscoveringMeansListen() {
    let advice = DoctorAdvice(
      Self.findings(
        controllers: [Self.controller(bluetoothd: BluetoothdAdapterState(powered: true, discovering: true))],
        bluetoothd: true))
    #expect(advice.mode == "monitor")
    #expect(advice.command == "beacon-scan -i monitor:hci0")
  }

  /// bluetoothd powers the controller and nobody scans: have bluetoothd scan (what `-i hci0`
  /// then does), so that its other clients can scan too.
  @Test func bluetoothdIdleMeansScanningThroughIt() {
    let advice = DoctorAdvice(
      Self.findings(
        controllers: [Self.controller(bluetoothd: BluetoothdAdapterState(powered: true, discovering: false))],
        bluetoothd: true))
    #expect(advice.mode == "scan-via-bluetoothd")
    #expect(advice.command == "beacon-scan -i hci0")
    #expect(advice.reason.contains("--scan-via controller"))
  }

  @Test func anAdapterBluetoothdKeepsOffIsPoweredOnThroughIt() {
    let advice = DoctorAdvice(
      Self.findings(
        controllers: [
          Self.controller(up: false, bluetoothd: BluetoothdAdapterState(powered: false, discovering: false))
        ],
        bluetoothd: true))
    #expect(advice.mode == "power-on")
    #expect(advice.command == "bluetoothctl power on")
  }

  @Test func rfkillComesFirstAndSaysWhichBlock() {
    let soft = DoctorAdvice(
      Self.findings(controllers: [
        Self.controller(rfkill: RFKillSwitch(name: "hci0", softBlocked: true, hardBlocked: false))
      ]))
    #expect(soft.mode == "blocked")
    #expect(soft.command == "rfkill unblock bluetooth")
    let hard = DoctorAdvice(
      Self.findings(controllers: [
        Self.controller(rfkill: RFKillSwitch(name: "hci0", softBlocked: false, hardBlocked: true))
      ]))
    #expect(hard.reason.contains("hardware switch"))
  }

  @Test func withoutCapabilitiesSetcapIsTheFirstStep() {
    let advice = DoctorAdvice(Self.findings(root: false, controllers: [Self.controller()]))
    #expect(advice.firstSteps == ["sudo setcap cap_net_raw,cap_net_admin+eip /usr/bin/beacon-scan"])
    #expect(advice.command == "beacon-scan -i hci0")
  }

  @Test func aUserChannelHolderIsNamed() {
    let holder = HCISocketUser(
      program: "python3", channel: .user, device: HCIDeviceIndex(rawValue: 0), privileged: true)
    let advice = DoctorAdvice(Self.findings(controllers: [Self.controller(up: false, users: [holder])]))
    #expect(advice.mode == "busy")
    #expect(advice.reason.contains("python3 holds hci0's user channel"))
  }

  @Test func noControllerSaysToPlugOneIn() {
    let advice = DoctorAdvice(Self.findings(controllers: []))
    #expect(advice.mode == "no-controller")
  }
}
