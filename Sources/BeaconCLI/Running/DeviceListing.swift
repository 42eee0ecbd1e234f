import LinuxHCITransports
import ProgramOutput
import ScanSession

/// `--list-devices`: the kernel's controllers, through its device-list ioctl.
enum DeviceListing {
  static func print(format: OutputFormat, to output: StandardOutput) throws {
    let devices: [HCIDeviceInfo]
    do {
      devices = try HCIDeviceList.list()
    } catch {
      StandardError.writeLine("beacon-scan: \(error)", priority: .error)
      throw ProcessExitStatus.unavailable
    }
    switch format {
    case .json:
      for device in devices {
        var object = JSONLine()
        object.add("device", device.index.description)
        object.add("address", device.address.description)
        object.add("up", device.isUp ? 1 : 0)
        object.add("name", device.name)
        object.add("lowEnergy", device.supportsLowEnergy ? 1 : 0)
        output.writeLine(object.line)
      }
    case .text:
      if devices.isEmpty {
        StandardError.writeLine("beacon-scan: the kernel has Bluetooth support but no controller is attached.")
      }
      for device in devices {
        output.writeLine(
          "\(device.index)\t\(device.address)\t\(device.isUp ? "UP" : "DOWN")\t\(TerminalText.escaped(device.name))"
            + (device.supportsLowEnergy ? "" : "\t(no LE)"))
      }
    }
  }
}
