import BluetoothTypes
import Glibc
import LinuxHCITransports
import Synchronization
import SystemPackage

/// System calls that do what a test scripts: each call first throws the errnos queued for
/// it, one per call, then succeeds with the scripted data. Every call is logged.
package final class ScriptedSystemCalls: HCISocketSystemCalls {
  package struct Script {
    package var failures: [String: [Errno]] = [:]
    package var devices: [HCIDeviceInfo] = []
    package var datagrams: [[UInt8]] = []
    package var readable: [Bool] = []
    package var writeLimit: Int?
    package var executable: String? = "/opt/beacon/bin/beacon-scan"
    package var log: [String] = []
    package var written: [[UInt8]] = []
    package var filters: [(types: [UInt8], events: [UInt8]?)] = []
    package var bound: [(device: UInt16, channel: UInt16)] = []
    package var closed: [Int32] = []

    package init(
      devices: [HCIDeviceInfo] = [], datagrams: [[UInt8]] = [], readable: [Bool] = [], writeLimit: Int? = nil,
      executable: String? = "/opt/beacon/bin/beacon-scan"
    ) {
      self.devices = devices
      self.datagrams = datagrams
      self.readable = readable
      self.writeLimit = writeLimit
      self.executable = executable
    }
  }

  package static let descriptor: Int32 = 7
  package let script: Mutex<Script>

  package init(_ script: Script = Script()) { self.script = Mutex(script) }

  /// Queues `errnos` for the system call named `call` (`open`, `bind`, `read`, ...).
  package func fail(_ call: String, with errnos: Int32...) {
    script.withLock { $0.failures[call, default: []] += errnos.map(Errno.init(rawValue:)) }
  }

  package var log: [String] { script.withLock { $0.log } }
  package var written: [[UInt8]] { script.withLock { $0.written } }
  package var closed: [Int32] { script.withLock { $0.closed } }
  package func count(_ call: String) -> Int { log.filter { $0 == call }.count }

  private func enter(_ call: String) throws(Errno) {
    let failure: Errno? = script.withLock { script in
      script.log.append(call)
      guard var queue = script.failures[call], !queue.isEmpty else { return nil }
      let first = queue.removeFirst()
      script.failures[call] = queue
      return first
    }
    if let failure { throw failure }
  }

  package func openSocket() throws(Errno) -> Int32 {
    try enter("open")
    return Self.descriptor
  }

  package func bind(_ descriptor: Int32, device: UInt16, channel: UInt16) throws(Errno) {
    try enter("bind")
    script.withLock { $0.bound.append((device, channel)) }
  }

  package func setFilter(_ descriptor: Int32, packetTypes: [UInt8], eventCodes: [UInt8]?) throws(Errno) {
    try enter("setFilter")
    script.withLock { $0.filters.append((packetTypes, eventCodes)) }
  }

  package func deviceList(_ descriptor: Int32) throws(Errno) -> [UInt16] {
    try enter("deviceList")
    return script.withLock { $0.devices.map(\.index.rawValue) }
  }

  package func deviceInfo(_ descriptor: Int32, index: UInt16) throws(Errno) -> HCIDeviceInfo {
    try enter("deviceInfo")
    guard let info = script.withLock({ $0.devices.first { $0.index.rawValue == index } }) else {
      throw Errno(rawValue: ENODEV)
    }
    return info
  }

  package func deviceUp(_ descriptor: Int32, index: UInt16) throws(Errno) { try enter("deviceUp") }

  package func deviceDown(_ descriptor: Int32, index: UInt16) throws(Errno) { try enter("deviceDown") }

  package func poll(_ descriptor: Int32, timeoutMilliseconds: Int32) throws(Errno) -> Bool {
    try enter("poll")
    return script.withLock { script in
      if !script.readable.isEmpty { return script.readable.removeFirst() }
      return !script.datagrams.isEmpty
    }
  }

  package func read(_ descriptor: Int32, maxCount: Int) throws(Errno) -> [UInt8] {
    try enter("read")
    return script.withLock { script in
      script.datagrams.isEmpty ? [] : Array(script.datagrams.removeFirst().prefix(maxCount))
    }
  }

  package func write(_ descriptor: Int32, _ bytes: [UInt8]) throws(Errno) -> Int {
    try enter("write")
    return script.withLock { script in
      script.written.append(bytes)
      return min(bytes.count, script.writeLimit ?? bytes.count)
    }
  }

  package func close(_ descriptor: Int32) throws(Errno) {
    script.withLock { $0.closed.append(descriptor) }
    try enter("close")
  }

  package func executablePath() -> String? { script.withLock { $0.executable } }
}

extension HCIDeviceInfo {
  /// A device as a test scripts it.
  package static func scripted(_ index: UInt16, up: Bool = true) -> HCIDeviceInfo {
    HCIDeviceInfo(
      index: HCIDeviceIndex(rawValue: index), name: "hci\(index)",
      address: BluetoothAddress(rawValue: 0x00_1A_7D_DA_71_00 + UInt64(index)),
      flags: up ? [.up, .running] : [], bus: .usb, features: [0, 0, 0, 0, 0x40, 0, 0, 0])
  }
}
