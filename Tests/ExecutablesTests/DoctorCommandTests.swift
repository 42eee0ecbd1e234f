import BeaconTestSupport
import Foundation
import Glibc
import Testing

/// `beacon-scan --doctor` as a user runs it, on this machine: what it says must be what the kernel
/// says, whichever kernel the tests run on.
@Suite("beacon-scan --doctor")
struct DoctorCommandTests {
  /// Whether this kernel opens a raw HCI socket (AF_BLUETOOTH 31, BTPROTO_HCI 1), and if not, why.
  static func kernelBluetooth() -> (available: Bool, errno: Int32) {
    let probe = socket(31, Int32(SOCK_RAW.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 1)
    let error = errno
    if probe >= 0 { _ = Glibc.close(probe) }
    return (probe >= 0, probe >= 0 ? 0 : error)
  }

  @Test func jsonSaysWhatTheKernelHasAndRecommendsAMode() throws {
    let result = try Executable.run("beacon-scan", ["--doctor", "--format", "json"])
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let kernel = try #require(object["kernel"] as? [String: Any])
    var name = utsname()
    uname(&name)
    let release = withUnsafeBytes(of: name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    #expect(kernel["release"] as? String == release)
    let recommendation = try #require(object["recommendation"] as? [String: Any])
    let mode = recommendation["mode"] as? String
    let command = try #require(recommendation["command"] as? String)
    let probe = Self.kernelBluetooth()
    if probe.available {
      #expect(kernel["bluetooth"] as? Bool == true)
      #expect(mode != "other-transport")
    } else if probe.errno == EAFNOSUPPORT {
      #expect(kernel["bluetooth"] as? Bool == false)
      #expect(kernel["error"] as? String == "EAFNOSUPPORT")
      #expect((object["controllers"] as? [Any])?.isEmpty == true)
      #expect(mode == "other-transport")
      #expect(command.hasPrefix("beacon-scan -i serial:"))
    }
    let program = try #require(object["program"] as? [String: Any])
    #expect(program["root"] as? Bool == (geteuid() == 0))
  }

  @Test func textSaysClearlyWhenTheKernelHasNoBluetooth() throws {
    let result = try Executable.run("beacon-scan", ["--doctor"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("recommended"))
    let probe = Self.kernelBluetooth()
    if !probe.available, probe.errno == EAFNOSUPPORT {
      #expect(result.stdout.contains("NO Bluetooth: socket(AF_BLUETOOTH) fails with EAFNOSUPPORT"))
      #expect(result.stdout.contains("controllers  none: the kernel has no Bluetooth"))
    } else {
      #expect(result.stdout.contains("Bluetooth sockets available"))
    }
  }

  @Test func itRefusesToBeMixedWithAScan() throws {
    let result = try Executable.run(
      "beacon-scan", ["--doctor", "--replay", TestPaths.fixture("tricky-reports.btsnoop")])
    #expect(result.status == 64)
    #expect(result.stderr.contains("--doctor looks at this machine and exits; drop --replay."))
  }
}
