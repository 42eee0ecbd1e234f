import BeaconTestSupport
import Beacons
import BluetoothTypes
import Glibc
import HCICaptures
import HCIController
import HCITestSupport
import HCITransportCore
import LinuxHCITransports
import MRTNavigation
import Testing

@testable import BeaconScanning

/// Keeps what a finder tells its delegate.
private final class Collector: BeaconFinderDelegate {
  var sightings: [BeaconSighting] = []
  var times: [Timestamp] = []
  var stopAfter: Int?

  func beaconFinder(_ finder: any BeaconFinder, didSee sighting: BeaconSighting) {
    sightings.append(sighting)
    if let stopAfter, sightings.count >= stopAfter { finder.stop() }
  }

  func beaconFinder(_ finder: any BeaconFinder, didReach time: Timestamp) { times.append(time) }
}

/// A controller that went away, as a test's connection says it.
private struct Gone: TransportFailure {
  var description: String { "the controller went away" }
}

@Suite struct HCIBeaconFinderTests {
  private static let packets = [
    Packets.timed(Packets.legacy([Packets.report(Packets.station(minor: 1))]), at: 10, record: 1),
    Packets.timed([0x01, 0x0C, 0x00], type: .command, direction: .hostToController, at: 20, record: 2),
    Packets.timed(Packets.extended(Packets.station(minor: 2)), at: 30, record: 3),
  ]

  @Test func aSourceThatAnswersNoCommandsIsReadToItsEndWithoutASession() {
    let connection = InMemoryConnection(incoming: Self.packets)
    let finder = HCIBeaconFinder(openConnection: { connection })
    let collector = Collector()
    finder.delegate = collector
    #expect(finder.start() == .started)
    #expect(finder.session == nil)
    guard case .endOfStream = finder.run() else {
      Issue.record("the run did not end with the source")
      return
    }
    #expect(collector.sightings.map(\.frame.identity.minor) == [1, 2])
    #expect(collector.sightings.map(\.time.microsecondsSinceUnixEpoch) == [10, 30])
    #expect(collector.times.map(\.microsecondsSinceUnixEpoch) == [10, 20, 30])
    #expect(finder.scanner.statistics.packets == 3)
    #expect(connection.sent.isEmpty)
    #expect(finder.stop() == .stopped)
    #expect(connection.isClosed)
    #expect(finder.stop() == .notRunning)
  }

  /// A capture is what was recorded: its silences are no deaf controller's, however short the
  /// watch (zero would call a controller deaf at the first look after its first report).
  @Test func aCaptureIsNeverDeaf() {
    let finder = HCIBeaconFinder(openConnection: { InMemoryConnection(incoming: Self.packets) })
    finder.deafAfter = .zero
    #expect(finder.start() == .started)
    guard case .endOfStream = finder.run() else {
      Issue.record("the run did not end with the source")
      return
    }
    #expect(finder.scanner.statistics.advertisingReports == 2)
    #expect(finder.scanner.statistics.deafScanRecoveries.isEmpty)
    finder.stop()
  }

  /// Stage 3 of a deaf controller's recovery: the finder closes its connection, the caller's
  /// cycle runs (the CLI's powers a kernel device down and up), and the finder opens the source
  /// again; the stage is counted.
  @Test func aPowerCycleClosesRunsTheCycleAndOpensAgain() throws {
    var opened: [InMemoryConnection] = []
    let finder = HCIBeaconFinder(openConnection: {
      opened.append(InMemoryConnection(incoming: Self.packets))
      return opened[opened.count - 1]
    })
    #expect(finder.start() == .started)
    var cycledWhileClosed: Bool?
    try finder.powerCycle { cycledWhileClosed = opened.first?.isClosed }
    #expect(cycledWhileClosed == true)
    #expect(opened.count == 2)
    #expect(finder.connection === opened.last)
    #expect(finder.scanner.statistics.deafScanRecoveries.powerCycles == 1)
    finder.stop()
  }

  /// A cycle refused (no CAP_NET_ADMIN) is thrown with its own error, typed; the finder stays
  /// stopped, so that the caller's next stage (an exit) starts from a closed source.
  @Test func aPowerCycleRefusedIsThrownAndTheFinderStaysStopped() {
    let connection = InMemoryConnection(incoming: Self.packets)
    let finder = HCIBeaconFinder(openConnection: { connection })
    #expect(finder.start() == .started)
    #expect(throws: HCIFailure.self) {
      try finder.powerCycle { () throws(HCIConnectionError) in throw .notAuthorized(Gone()) }
    }
    guard case .connection(.notAuthorized(let failure)) = finder.failure else {
      Issue.record("expected the cycle's error, got \(String(describing: finder.failure))")
      return
    }
    #expect(failure is Gone)
    #expect(finder.connection == nil)
    #expect(connection.isClosed)
    #expect(finder.scanner.statistics.deafScanRecoveries.powerCycles == 1)
  }

  @Test func aFailureAfterSightingsEndsTheRunWithTheConnectionsError() {
    let connection = InMemoryConnection(
      incoming: Array(Self.packets.prefix(1)), ending: .closed(Gone()))
    let finder = HCIBeaconFinder(openConnection: { connection })
    let collector = Collector()
    finder.delegate = collector
    #expect(finder.start() == .started)
    guard case .failed(.connection(.closed(let failure))) = finder.run() else {
      Issue.record("the run did not fail with the connection")
      return
    }
    #expect(failure is Gone)
    #expect(collector.sightings.count == 1)
    #expect(finder.failure?.kind == .unavailable)
  }

  /// A controller whose link closes while the session starts (unplugged at that moment): the
  /// session's error keeps the connection's, so the adapter counts as gone, not as refusing.
  @Test func aLinkThatClosesWhileTheSessionStartsIsAnAdapterGone() {
    let connection = InMemoryConnection(incoming: [], answersCommands: true, ending: .closed(Gone()))
    let finder = HCIBeaconFinder(openConnection: { connection })
    #expect(finder.start() == .bluetoothUnavailable)
    guard case .controller(.connectionLost(_, .closed(let failure))) = finder.failure else {
      Issue.record("expected the session to lose the link, got \(String(describing: finder.failure))")
      return
    }
    #expect(failure is Gone)
    #expect(connection.sent.count == 1, "the session's first command was sent")
    #expect(connection.isClosed)
  }

  @Test func aDelegateThatStopsTheFinderEndsTheRun() {
    let connection = InMemoryConnection(incoming: Self.packets)
    let finder = HCIBeaconFinder(openConnection: { connection })
    let collector = Collector()
    collector.stopAfter = 1
    finder.delegate = collector
    #expect(finder.start() == .started)
    guard case .stopped = finder.run() else {
      Issue.record("the run went on after a stop")
      return
    }
    #expect(collector.sightings.count == 1)
    #expect(connection.receivedCount == 1)
  }

  /// A capture is read in batches, and a delegate that stops the finder at a sighting in the
  /// middle of one still hears of nothing after it.
  @Test func aDelegateThatStopsTheFinderInTheMiddleOfACapturesBatchHearsNoMore() throws {
    let path = TestPaths.fixture("raw-hci-1001.btsnoop")
    let all = Collector()
    let whole = HCIBeaconFinder(openConnection: { () throws(HCIConnectionError) in
      try TransportSpec.replay(path: path).open()
    })
    whole.delegate = all
    #expect(whole.start() == .started)
    _ = whole.run()
    #expect(all.sightings.count >= 3, "the fixture has sightings after the first")
    let finder = HCIBeaconFinder(openConnection: { () throws(HCIConnectionError) in
      try TransportSpec.replay(path: path).open()
    })
    let collector = Collector()
    collector.stopAfter = 2
    finder.delegate = collector
    #expect(finder.start() == .started)
    guard case .stopped = finder.run() else {
      Issue.record("the run went on after a stop")
      return
    }
    #expect(collector.sightings == Array(all.sightings.prefix(2)))
    #expect(collector.times.last == collector.sightings.last?.time)
  }

  /// `beacon-scan -i hci0` without CAP_NET_RAW: the kernel refuses the socket with EPERM, and
  /// the use case over the finder is told NOT_AUTHORIZED, with the socket layer's advice kept.
  @Test(arguments: [EPERM, EACCES])
  func noPermissionForTheKernelSocketIsNotAuthorizedAllTheWayToTheUseCase(errno: Int32) throws {
    let system = ScriptedSystemCalls(.init(devices: [.scripted(0)]))
    system.fail("open", with: errno)
    let finder = HCIBeaconFinder(openConnection: { () throws(HCIConnectionError) in
      try KernelHCIConnection.open(device: HCIDeviceIndex(rawValue: 0), exclusive: false, system: system)
    })
    let useCase = NotifyWhenNearMRTStationWithBluetooth(
      finder: finder, detection: RideDetection(catalog: TestCatalogs.jakartaRail))
    #expect(useCase.start() == .notAuthorized)
    #expect(!useCase.isRunning)
    #expect(finder.failure?.kind == .notAuthorized)
    guard case .connection(.notAuthorized(let failure)) = finder.failure,
      case .permissionDenied(.open, let reported, let executable) = failure as? HCISocketError
    else {
      Issue.record("expected the socket's permission error, got \(String(describing: finder.failure))")
      return
    }
    #expect(reported.rawValue == errno)
    #expect(executable == "/opt/beacon/bin/beacon-scan")
    #expect(failure.description.contains("sudo setcap cap_net_raw,cap_net_admin+eip /opt/beacon/bin/beacon-scan"))
  }

  /// What Linux does without CAP_NET_RAW (the kernel lab's no-capabilities case): the raw socket
  /// opens and binds, and the first command written is refused with EPERM. The session's error
  /// keeps the connection's, so the use case is told NOT_AUTHORIZED all the same.
  @Test func aCommandRefusedWithEPERMIsNotAuthorizedToo() throws {
    let system = ScriptedSystemCalls(.init(devices: [.scripted(0)]))
    system.fail("write", with: EPERM)
    let finder = HCIBeaconFinder(openConnection: { () throws(HCIConnectionError) in
      try KernelHCIConnection.open(device: HCIDeviceIndex(rawValue: 0), exclusive: false, system: system)
    })
    let useCase = NotifyWhenNearMRTStationAndSpecificMRTStationOnce(
      finder: finder, locationFinder: nil, detection: RideDetection(catalog: TestCatalogs.jakartaRail))
    #expect(useCase.start(arrivalNamed: "Senayan") == .notAuthorized)
    guard case .controller(.connectionFailed(_, .notAuthorized(let failure))) = finder.failure else {
      Issue.record("expected the session's permission error, got \(String(describing: finder.failure))")
      return
    }
    #expect(failure.description.contains("could not send an HCI packet (EPERM)"))
    // Both sockets are closed again: the one that read the device's information, and the session's.
    #expect(system.closed == [ScriptedSystemCalls.descriptor, ScriptedSystemCalls.descriptor])
  }

  @Test(
    arguments: [
      (EAFNOSUPPORT, "open", [0]), (ENODEV, "bind", [0]), (ERFKILL, "bind", [0]),
    ] as [(Int32, String, [UInt16])])
  func noAdapterIsBluetoothUnavailable(errno: Int32, call: String, devices: [UInt16]) {
    let system = ScriptedSystemCalls(.init(devices: devices.map { .scripted($0) }))
    system.fail(call, with: errno, errno)  // one for each start below
    let finder = HCIBeaconFinder(openConnection: { () throws(HCIConnectionError) in
      try KernelHCIConnection.open(device: HCIDeviceIndex(rawValue: 0), exclusive: false, system: system)
    })
    #expect(finder.start() == .bluetoothUnavailable)
    #expect(
      NotifyWhenNearMRTStationWithBluetooth(finder: finder, detection: RideDetection(catalog: TestCatalogs.jakartaRail))
        .start() == .bluetoothUnavailable)
  }

  @Test func aDamagedCaptureIsAFailureThatKeepsTheCapturesError() {
    let finder = HCIBeaconFinder(openConnection: { () throws(HCIConnectionError) in
      try TransportSpec.replay(path: "/nonexistent/ride.btsnoop").open()
    })
    #expect(finder.start() == .failed)
    guard case .connection(.failed(let failure)) = finder.failure else {
      Issue.record("expected a failed connection")
      return
    }
    #expect((failure as? CaptureFileError)?.reason == .fileNotFound)
  }
}
