import BluetoothdClient
import LinuxHCITransports
import POSIXSupport
import ProgramOutput

/// `beacon-scan --doctor`: the findings and the advice, as text for people or one JSON object.
/// The CLI writes the lines.
package enum DoctorReport {
  /// The report's lines (without newlines): text, or the one JSON object.
  package static func lines(_ findings: DoctorFindings, format: OutputFormat) -> [String] {
    let advice = DoctorAdvice(findings)
    switch format {
    case .json: return [json(findings, advice: advice).line]
    case .text: return text(findings, advice: advice)
    }
  }

  // MARK: Text

  package static func text(_ findings: DoctorFindings, advice: DoctorAdvice) -> [String] {
    var lines: [String] = []
    func add(_ label: String, _ value: String) {
      lines.append(label + String(repeating: " ", count: max(1, 13 - label.count)) + TerminalText.escaped(value))
    }
    add("kernel", "\(findings.kernelRelease): " + kernelText(findings.kernelBluetooth))
    add("this program", rightsText(findings.capabilities))
    add("bluetoothd", bluetoothdText(findings))
    add(
      "rfkill",
      findings.rfkill.isEmpty
        ? "no Bluetooth switch"
        : findings.rfkill.map { "\($0.name) \(blockText($0))" }.joined(separator: ", "))
    switch findings.controllers {
    case nil:
      add("controllers", "none: the kernel has no Bluetooth")
    case .failure(let error)?:
      add("controllers", "could not be listed: \(error)")
    case .success(let controllers)? where controllers.isEmpty:
      add("controllers", "none attached")
    case .success(let controllers)?:
      for controller in controllers {
        add(controller.info.index.description, controllerText(controller))
      }
    }
    if case .failure(let error)? = findings.managementUsers {
      add("sockets", "unknown: \(error)")
    } else if case .success(let users)? = findings.managementUsers, !users.isEmpty {
      add("management", users.map { "\($0.program)" }.joined(separator: ", "))
    }
    lines.append("")
    add("recommended", advice.reason)
    for (number, step) in advice.firstSteps.enumerated() {
      add("", "\(number + 1). \(step)")
    }
    add("", (advice.firstSteps.isEmpty ? "" : "\(advice.firstSteps.count + 1). ") + advice.command)
    return lines
  }

  private static func kernelText(_ support: KernelBluetoothSupport) -> String {
    switch support {
    case .available: return "Bluetooth sockets available"
    case .missing(let errno):
      return "NO Bluetooth: socket(AF_BLUETOOTH) fails with \(errno.name); the kernel was built without it "
        + "or its module is not loaded"
    case .unknown(let errno): return "Bluetooth unknown: socket(AF_BLUETOOTH) fails with \(errno.name)"
    }
  }

  private static func rightsText(_ capabilities: ProcessCapabilities?) -> String {
    guard let capabilities else { return "capabilities unknown (/proc/self/status unreadable)" }
    let who = capabilities.isRoot ? "root" : "not root"
    return
      "\(who); CAP_NET_RAW \(capabilities.netRaw ? "yes" : "no"), CAP_NET_ADMIN \(capabilities.netAdmin ? "yes" : "no")"
  }

  private static func bluetoothdText(_ findings: DoctorFindings) -> String {
    var parts: [String] = []
    switch findings.bluetoothdOnBus {
    case .running: parts.append("on the system bus (org.bluez)")
    case .notRunning: parts.append("not on the system bus")
    case .unknown(.noBus): parts.append("no D-Bus system bus to ask")
    case .unknown(let error): parts.append("unknown: \(error)")
    }
    if findings.bluetoothdProcesses.isEmpty {
      parts.append("no bluetoothd process")
    } else {
      parts.append("process \(findings.bluetoothdProcesses.map(String.init).joined(separator: ", "))")
    }
    return parts.joined(separator: "; ")
  }

  private static func blockText(_ rfkill: RFKillSwitch) -> String {
    switch (rfkill.softBlocked, rfkill.hardBlocked) {
    case (_, true): return "blocked in hardware"
    case (true, false): return "blocked in software"
    case (false, false): return "not blocked"
    }
  }

  private static func controllerText(_ controller: DoctorFindings.Controller) -> String {
    var parts = [
      controller.info.address.description, controller.info.isUp ? "up" : "down",
      controller.info.supportsLowEnergy ? "LE" : (controller.info.isUp ? "no LE" : "LE unknown while down"),
    ]
    if let rfkill = controller.rfkill, rfkill.isBlocked { parts.append(blockText(rfkill)) }
    switch controller.bluetoothd {
    case .success(let state)?:
      parts.append("bluetoothd: \(state.powered ? "powered" : "off")\(state.discovering ? ", discovering" : "")")
    case .failure(let error)?:
      parts.append("bluetoothd: \(error)")
    case nil:
      break
    }
    for user in controller.users {
      parts.append("\(user.channel) channel held by \(user.program)")
    }
    return parts.joined(separator: "; ")
  }

  // MARK: JSON

  package static func json(_ findings: DoctorFindings, advice: DoctorAdvice) -> JSONLine {
    var kernel = JSONLine()
    kernel.add("release", findings.kernelRelease)
    switch findings.kernelBluetooth {
    case .available:
      kernel.add("bluetooth", true)
      kernel.add("error", nil as String?)
    case .missing(let errno):
      kernel.add("bluetooth", false)
      kernel.add("error", errno.name)
    case .unknown(let errno):
      kernel.add("bluetooth", nil as Bool?)
      kernel.add("error", errno.name)
    }
    var rights = JSONLine()
    rights.add("root", findings.capabilities?.isRoot)
    rights.add("netRaw", findings.capabilities?.netRaw)
    rights.add("netAdmin", findings.capabilities?.netAdmin)
    var bluetoothd = JSONLine()
    switch findings.bluetoothdOnBus {
    case .running: bluetoothd.add("onSystemBus", true)
    case .notRunning: bluetoothd.add("onSystemBus", false)
    case .unknown: bluetoothd.add("onSystemBus", nil as Bool?)
    }
    if case .unknown(let error) = findings.bluetoothdOnBus { bluetoothd.add("busError", error.description) }
    bluetoothd.add("processes", strings: findings.bluetoothdProcesses.map(String.init))
    var object = JSONLine()
    object.add("kernel", object: kernel)
    object.add("program", object: rights)
    object.add("bluetoothd", object: bluetoothd)
    object.add("rfkill", objects: findings.rfkill.map(rfkillJSON))
    switch findings.controllers {
    case .success(let controllers)?:
      object.add("controllers", objects: controllers.map(controllerJSON))
    case .failure(let error)?:
      object.add("controllers", objects: [])
      object.add("controllersError", error.description)
    case nil:
      object.add("controllers", objects: [])
    }
    if case .success(let users)? = findings.managementUsers {
      object.add("management", strings: users.map(\.program))
    } else if case .failure(let error)? = findings.managementUsers {
      object.add("socketsError", error.description)
    }
    var recommendation = JSONLine()
    recommendation.add("mode", advice.mode)
    recommendation.add("command", advice.command)
    recommendation.add("firstSteps", strings: advice.firstSteps)
    recommendation.add("reason", advice.reason)
    object.add("recommendation", object: recommendation)
    return object
  }

  private static func rfkillJSON(_ rfkill: RFKillSwitch) -> JSONLine {
    var object = JSONLine()
    object.add("name", rfkill.name)
    object.add("soft", rfkill.softBlocked)
    object.add("hard", rfkill.hardBlocked)
    return object
  }

  private static func controllerJSON(_ controller: DoctorFindings.Controller) -> JSONLine {
    var object = JSONLine()
    object.add("device", controller.info.index.description)
    object.add("address", controller.info.address.description)
    object.add("up", controller.info.isUp)
    object.add("lowEnergy", controller.info.supportsLowEnergy)
    if let rfkill = controller.rfkill {
      object.add("rfkill", object: rfkillJSON(rfkill))
    } else {
      object.add("rfkill", nil as Bool?)
    }
    var bluetoothd = JSONLine()
    switch controller.bluetoothd {
    case .success(let state)?:
      bluetoothd.add("powered", state.powered)
      bluetoothd.add("discovering", state.discovering)
      bluetoothd.add("powerState", state.powerState)
      object.add("bluetoothd", object: bluetoothd)
    case .failure(let error)?:
      bluetoothd.add("error", error.description)
      object.add("bluetoothd", object: bluetoothd)
    case nil:
      object.add("bluetoothd", nil as Bool?)
    }
    object.add(
      "sockets",
      objects: controller.users.map { user in
        var socket = JSONLine()
        socket.add("program", user.program)
        socket.add("channel", user.channel.rawValue)
        socket.add("privileged", user.privileged)
        return socket
      })
    return object
  }
}
