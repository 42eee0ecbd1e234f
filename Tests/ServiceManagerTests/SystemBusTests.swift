import BeaconTestSupport
import Foundation
import ServiceManager
import Testing

/// ``SystemBus`` against a real dbus-daemon that each test starts on a socket of its own, calling
/// the bus's own interface (org.freedesktop.DBus), which answers with the types the client must
/// write and read: strings, booleans, arrays, a{ss}, a{sv} with variants inside.
@Suite(
  "SystemBus against dbus-daemon",
  .enabled(if: TestPaths.executable("dbus-daemon") != nil, "dbus-daemon is not installed (Debian: dbus-daemon)"))
struct SystemBusTests {
  /// A private bus: dbus-daemon with the session policy on a socket in a fresh folder.
  final class PrivateBus {
    let daemon: ChildProcess
    let folder: URL
    let address: String

    init() throws {
      folder = FileManager.default.temporaryDirectory.appendingPathComponent("bus-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let socket = folder.appendingPathComponent("bus").path
      address = "unix:path=\(socket)"
      daemon = try ChildProcess(
        executable: TestPaths.executable("dbus-daemon") ?? "dbus-daemon",
        arguments: ["--nofork", "--nopidfile", "--config-file=/usr/share/dbus-1/session.conf", "--address=\(address)"])
      for _ in 0..<100 where !FileManager.default.fileExists(atPath: socket) { usleep(50_000) }
    }

    deinit {
      daemon.stop()
      try? FileManager.default.removeItem(at: folder)
    }
  }

  static let bus = (
    destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus"
  )

  @Test func callsTheBusAndReadsItsReplies() throws {
    let daemon = try PrivateBus()
    let bus = try SystemBus.connect(address: daemon.address)
    let b = Self.bus
    let id = try bus.call(destination: b.destination, path: b.path, interface: b.interface, member: "GetId")
    #expect(id.count == 1)
    #expect(id.first?.stringValue?.count == 32)
    let owned = try bus.call(
      destination: b.destination, path: b.path, interface: b.interface, member: "NameHasOwner",
      [.string("org.freedesktop.DBus")])
    #expect(owned == [.boolean(true)])
    let missing = try bus.call(
      destination: b.destination, path: b.path, interface: b.interface, member: "NameHasOwner", [.string("org.bluez")])
    #expect(missing == [.boolean(false)])
    let names = try bus.call(destination: b.destination, path: b.path, interface: b.interface, member: "ListNames")
    guard case .array(let element, let values)? = names.first else {
      Issue.record("ListNames: \(names)")
      return
    }
    #expect(element == "s")
    #expect(values.contains(.string("org.freedesktop.DBus")))
    // a{sv} with variants of u and ay: the caller's own credentials.
    let credentials = try bus.call(
      destination: b.destination, path: b.path, interface: b.interface, member: "GetConnectionCredentials",
      [.string("org.freedesktop.DBus")])
    #expect(credentials.first?["UnixUserID"] == .uint32(getuid()))
    #expect(credentials.first?.signature == "a{sv}")
    // A variant from Properties.Get: the daemon's features, an array of strings.
    let features = try bus.call(
      destination: b.destination, path: b.path, interface: "org.freedesktop.DBus.Properties", member: "Get",
      [.string(b.interface), .string("Features")])
    #expect(features.first?.unwrapped.signature == "as")
  }

  @Test func writesADictionaryTheBusAccepts() throws {
    let daemon = try PrivateBus()
    let bus = try SystemBus.connect(address: daemon.address)
    let b = Self.bus
    let reply = try bus.call(
      destination: b.destination, path: b.path, interface: b.interface, member: "UpdateActivationEnvironment",
      [.dictionary(key: "s", value: "s", [.init(.string("BEACON_TEST"), .string("1"))])])
    #expect(reply.isEmpty)
    // The wrong type is refused by the daemon, by name.
    #expect {
      try bus.call(
        destination: b.destination, path: b.path, interface: b.interface, member: "UpdateActivationEnvironment",
        [BusValue.properties(["BEACON_TEST": .boolean(true)])])
    } throws: { error in
      guard case .callFailed(_, _, let name, _) = error as? SystemBusError else { return false }
      return name == "org.freedesktop.DBus.Error.InvalidArgs"
    }
  }

  @Test func aServiceThatIsNotRunningIsSaidSo() throws {
    let daemon = try PrivateBus()
    let bus = try SystemBus.connect(address: daemon.address)
    do {
      try bus.call(
        destination: "org.bluez", path: "/org/bluez/hci0", interface: "org.bluez.Adapter1", member: "StartDiscovery")
      Issue.record("org.bluez answered on a bus without bluetoothd")
    } catch {
      #expect(error.serviceIsMissing)
      #expect(error.description.contains("org.bluez is not running"))
      #expect(error.description.contains("sudo systemctl start bluetooth"))
    }
  }

  @Test func noBusAtTheAddressIsSaidSo() {
    let address = "unix:path=/nonexistent/\(UUID().uuidString)"
    #expect(throws: SystemBusError.self) { try SystemBus.connect(address: address) }
    do {
      _ = try SystemBus.connect(address: address)
    } catch {
      guard case .noBus(let reported, let errno) = error else {
        Issue.record("expected .noBus, got \(error)")
        return
      }
      #expect(reported == address)
      #expect(errno == ENOENT)
    }
  }
}
