import BluetoothdClient
import LinuxHCITransports
import POSIXSupport
import ServiceManager

#if canImport(Glibc)
  import Glibc
#endif

/// What `beacon-scan --doctor` found out about this machine's Bluetooth: the kernel, this
/// program's rights, bluetoothd, rfkill, each controller and who holds it. Each probe that
/// cannot answer says why instead.
package struct DoctorFindings {
  /// One controller, with what each source says of it.
  package struct Controller {
    package var info: HCIDeviceInfo
    /// bluetoothd's view (`org.bluez.Adapter1`), or why there is none.
    package var bluetoothd: Result<BluetoothdAdapterState, BluetoothdError>?
    /// The controller's own rfkill switch, if the kernel has one for it.
    package var rfkill: RFKillSwitch?
    /// The sockets other programs hold on it (raw or user channel).
    package var users: [HCISocketUser]

    package init(
      info: HCIDeviceInfo, bluetoothd: Result<BluetoothdAdapterState, BluetoothdError>?, rfkill: RFKillSwitch?,
      users: [HCISocketUser]
    ) {
      self.info = info
      self.bluetoothd = bluetoothd
      self.rfkill = rfkill
      self.users = users
    }
  }

  /// What bluetoothd's presence on the system bus is.
  package enum BusPresence {
    case running
    case notRunning
    case unknown(BluetoothdError)
  }

  package var kernelRelease: String
  package var kernelBluetooth: KernelBluetoothSupport
  package var capabilities: ProcessCapabilities?
  package var executable: String?
  package var bluetoothdProcesses: [Int32]
  package var bluetoothdOnBus: BusPresence
  package var rfkill: [RFKillSwitch]
  /// The kernel's controllers, or why they could not be listed (`nil` without Bluetooth).
  package var controllers: Result<[Controller], HCISocketError>?
  /// The management-interface sockets (bluetoothd's, btmgmt's), or why they are not known.
  package var managementUsers: Result<[HCISocketUser], HCISocketError>?

  package init(
    kernelRelease: String, kernelBluetooth: KernelBluetoothSupport, capabilities: ProcessCapabilities?,
    executable: String?, bluetoothdProcesses: [Int32], bluetoothdOnBus: BusPresence, rfkill: [RFKillSwitch],
    controllers: Result<[Controller], HCISocketError>?, managementUsers: Result<[HCISocketUser], HCISocketError>?
  ) {
    self.kernelRelease = kernelRelease
    self.kernelBluetooth = kernelBluetooth
    self.capabilities = capabilities
    self.executable = executable
    self.bluetoothdProcesses = bluetoothdProcesses
    self.bluetoothdOnBus = bluetoothdOnBus
    self.rfkill = rfkill
    self.controllers = controllers
    self.managementUsers = managementUsers
  }

  /// Looks at this machine now.
  package static func gather() -> DoctorFindings {
    var name = utsname()
    uname(&name)
    let release = withUnsafeBytes(of: name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    let support = KernelBluetoothSupport.probe()
    let client: BluetoothdClient?
    let onBus: BusPresence
    do throws(BluetoothdError) {
      let connected = try BluetoothdClient.connect()
      onBus = try connected.isRunning() ? .running : .notRunning
      client = connected
    } catch {
      onBus = .unknown(error)
      client = nil
    }
    let rfkill = RFKillSwitch.bluetoothSwitches()
    var controllers: Result<[Controller], HCISocketError>?
    var management: Result<[HCISocketUser], HCISocketError>?
    if support == .available {
      let users: Result<[HCISocketUser], HCISocketError>
      do throws(HCISocketError) {
        users = .success(try HCISocketUsers.list())
      } catch {
        users = .failure(error)
      }
      management = users.map { $0.filter { $0.channel == .control } }
      do throws(HCISocketError) {
        controllers = .success(
          try HCIDeviceList.list().map { info in
            var bluetoothd: Result<BluetoothdAdapterState, BluetoothdError>?
            if case .running = onBus, let client {
              do throws(BluetoothdError) {
                bluetoothd = .success(try client.state(of: BluetoothdAdapter(name: info.index.description)))
              } catch {
                bluetoothd = .failure(error)
              }
            }
            let held = (try? users.get())?.filter { $0.device == info.index } ?? []
            return Controller(
              info: info, bluetoothd: bluetoothd, rfkill: rfkill.first { $0.name == info.index.description },
              users: held)
          })
      } catch {
        controllers = .failure(error)
      }
    }
    client?.bus.close()
    return DoctorFindings(
      kernelRelease: release, kernelBluetooth: support, capabilities: ProcessCapabilities.current(),
      executable: LiveHCISocketSystemCalls().executablePath(),
      bluetoothdProcesses: BluetoothdProcess.running(),
      bluetoothdOnBus: onBus, rfkill: rfkill, controllers: controllers, managementUsers: management)
  }

  /// Whether bluetoothd runs, by either sign.
  package var bluetoothdRuns: Bool {
    if case .running = bluetoothdOnBus { return true }
    return !bluetoothdProcesses.isEmpty
  }

  /// The usable controllers: listed, and supporting LE.
  package var leControllers: [Controller] {
    ((try? controllers?.get()) ?? []).filter { $0.info.supportsLowEnergy || !$0.info.isUp }
  }
}
