import BeaconTestSupport
import BluetoothTypes
import Foundation
import HCICaptures
import HCICodec
import Testing

/// Files the writer writes must read back in BlueZ's own tool.
@Suite(
  "btmon reads recorded captures", .enabled(if: PackageLocation.executable("btmon") != nil, "btmon is not installed"))
struct BTMonInteroperabilityTests {
  @Test func btmonDecodesALinuxMonitorCapture() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("scan.btsnoop")
    let address = try #require(BluetoothAddress("00:1A:7D:DA:71:13"))
    let writer = try CaptureWriter(
      path: path, controllerIndex: 1, controllerAddress: address, startTime: SamplePackets.start)
    for (index, packet) in SamplePackets.all.enumerated() {
      try writer.record(packet, at: SamplePackets.time(index))
    }
    writer.close()

    let output = try run(try #require(PackageLocation.executable("btmon")), ["-r", path])
    #expect(output.contains("New Index: 00:1A:7D:DA:71:13"))
    #expect(output.contains("< HCI Command: LE Set Scan Enable (0x08|0x000c) plen 2"))
    #expect(output.contains("> HCI Event: LE Meta Event (0x3e) plen 42"))
    #expect(output.contains("LE Advertising Report (0x02)"))
    #expect(output.contains("Address: 11:22:33:44:55:66"))
    #expect(output.contains("RSSI: -59 dBm (0xc5)"))
    #expect(output.contains("> ACL Data RX: Handle 64 flags 0x02 dlen 8"))
    #expect(output.contains("[hci1]"))
  }

  private func run(_ executable: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}
