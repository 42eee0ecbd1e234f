import BeaconTestSupport
import Beacons
import Foundation
import HCICaptures
import HCICodec
import LinuxHCITransports
import Testing

/// Our executables against Google's Bumble controllers (tools/emulator.py) over H4 on loopback
/// TCP: the live paths, end to end, without a radio.
@Suite(
  .serialized,
  .enabled(
    if: Emulator.available,
    "tools/.venv with Bumble not found (tools/test creates it): emulated-controller tests skipped"))
struct EmulatorIntegrationTests {
  static let cipeteRaya = "0201061AFF4C000215F63B21BA26354BE4B6FFE2EAB8B541C300010003C5"

  enum Mode: String, CaseIterable { case legacy, extended }

  /// Runs one of our executables to the end, bounded.
  func run(_ name: String, _ arguments: [String]) throws -> ProcessResult {
    try Executable.run(name, arguments)
  }

  /// The kinds of advertising report events in a recording: 0x02 legacy, 0x0D extended.
  static func reportSubevents(in path: String) throws -> Set<UInt8> {
    let source = try CaptureReplayConnection(path: path)
    var subevents: Set<UInt8> = []
    while let timed = try source.nextPacket() {
      let bytes = Array(timed.packet.bytes)
      if timed.packet.type == .event, bytes.count > 2, bytes[0] == 0x3E { subevents.insert(bytes[2]) }
    }
    return subevents
  }

  @Test(arguments: Mode.allCases)
  func broadcasterOnOneControllerIsFoundByScannerOnAnother(mode: Mode) throws {
    let emulator = try Emulator(extra: mode == .legacy ? ["--legacy-reports"] : [])
    defer { emulator.stop() }
    let (a, b) = (emulator.controllers[0], emulator.controllers[1])
    let broadcaster = try background(
      "beacon-broadcast", ["-i", b.device, "--station", "CipeteRaya", "--command-set", mode.rawValue])
    #expect(broadcaster.waitForStderr("HCI 5.0", seconds: 10))
    let recording = FileManager.default.temporaryDirectory.appendingPathComponent("scan-\(UUID().uuidString).btsnoop")
    defer { try? FileManager.default.removeItem(at: recording) }
    let scan = try run(
      "beacon-scan",
      [
        "-i", a.device, "--duration", "2", "--format", "json", "--station", "CipeteRaya", "--command-set",
        mode.rawValue, "--record", recording.path,
      ])
    #expect(scan.status == 0, "\(scan.stderr)")
    let found = jsonLines(scan.stdout)
    #expect(!found.isEmpty, "no CipeteRaya report: \(scan.stderr)")
    #expect(found.allSatisfy { $0["address"] as? String == b.address && $0["station"] as? String == "CipeteRaya" })
    #expect(scan.stderr.contains("scanning (passive, \(mode.rawValue) commands"))
    let subevents = try Self.reportSubevents(in: recording.path)
    #expect(subevents == [mode == .legacy ? 0x02 : 0x0D])

    // Ctrl-C: the broadcaster disables advertising and exits 0.
    broadcaster.signal(SIGINT)
    #expect(broadcaster.wait(seconds: 5) == 0)
    #expect(broadcaster.stdout.contains("Advertising on:    \(b.device), \(mode.rawValue) advertising commands"))
    #expect(broadcaster.stderr.contains("advertising stopped"))
    // And the controller is quiet afterwards: a new scan hears nothing from B.
    let after = try run("beacon-scan", ["-i", a.device, "--duration", "1", "--format", "json"])
    #expect(after.status == 0)
    #expect(jsonLines(after.stdout).filter { $0["address"] as? String == b.address }.isEmpty)
  }

  /// H4 over a serial line: Bumble's controller on a pseudo-terminal, our scanner on `serial:`.
  @Test func scannerOnASerialLineFindsTheBroadcasterOnTCP() throws {
    let pty = "/tmp/beacon-lab/test-\(UUID().uuidString.prefix(8))"
    let emulator = try Emulator(controllers: 1, extra: ["--controller", "pty:\(pty)"])
    defer { emulator.stop() }
    let serial = try #require(emulator.controllers.first { $0.path != nil })
    let tcp = try #require(emulator.controllers.first { $0.port != nil })
    let broadcaster = try background("beacon-broadcast", ["-i", tcp.device, "--station", "Senayan", "--duration", "6"])
    #expect(broadcaster.waitForStderr("HCI 5.0", seconds: 10))
    let scan = try run("beacon-scan", ["-i", serial.device, "--duration", "2", "--format", "json", "--once"])
    #expect(scan.status == 0, "\(scan.stderr)")
    #expect(jsonLines(scan.stdout).compactMap { $0["station"] as? String } == ["Senayan"], "\(scan.stderr)")
    #expect(scan.stderr.contains("beacon-scan: serial:\(pty): scanning ("))
  }

  @Test func bumbleDeviceAdvertisingAnIBeaconIsFound() throws {
    let emulator = try Emulator(
      controllers: 1, extra: ["--advertise-ibeacon", "F63B21BA-2635-4BE4-B6FF-E2EAB8B541C3:1:13:-60"])
    defer { emulator.stop() }
    let scan = try run(
      "beacon-scan", ["-i", emulator.controllers[0].device, "--duration", "2", "--format", "json", "--once"])
    #expect(scan.status == 0, "\(scan.stderr)")
    let found = jsonLines(scan.stdout)
    #expect(found.count == 1)
    #expect(found.first?["station"] as? String == "BundaranHI")
    #expect(found.first?["txPower"] as? Int == -60)
  }

  /// Ranging and calibration live, on an emulated controller's reports: `--calibrate 1` prints
  /// the offset that puts the beacon at 1 m (its measured power −60 dBm less the median RSSI the
  /// same controller reports), and `--ranging` with that offset ranges it at 1 m.
  @Test func aLiveReceiverIsCalibratedAndRangesWithItsOffset() throws {
    let emulator = try Emulator(
      controllers: 1, extra: ["--advertise-ibeacon", "F63B21BA-2635-4BE4-B6FF-E2EAB8B541C3:1:13:-60"])
    defer { emulator.stop() }
    let device = emulator.controllers[0].device
    let heard = try run("beacon-scan", ["-i", device, "--duration", "2", "--format", "json"])
    let rssis = jsonLines(heard.stdout).compactMap { $0["rssi"] as? Int }.sorted()
    let median = try #require(rssis.isEmpty ? nil : Double(rssis[(rssis.count - 1) / 2] + rssis[rssis.count / 2]) / 2)
    let calibration = try run("beacon-scan", ["-i", device, "--duration", "2", "--calibrate", "1", "--format", "json"])
    #expect(calibration.status == 0, "\(calibration.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(calibration.stdout.utf8)) as? [String: Any], "\(calibration.stdout)")
    let offset = try #require(object["rssiOffset"] as? Double, "\(object)")
    // The emulator reports one RSSI throughout, so both runs' medians are the same.
    #expect(abs(offset - (-60 - median)) < 0.01, "\(object); RSSIs heard: \(rssis)")
    let ranged = try run(
      "beacon-scan",
      ["-i", device, "--duration", "2", "--ranging", "--rssi-offset", String(offset), "--format", "json"])
    #expect(ranged.status == 0, "\(ranged.stderr)")
    let distances = jsonLines(ranged.stdout).compactMap { $0["distance"] as? Double }
    #expect(!distances.isEmpty && distances.allSatisfy { abs($0 - 1) < 0.01 }, "\(ranged.stdout)")
  }

  @Test func bumbleScannerHearsOurBroadcaster() throws {
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("scan-log-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: log) }
    let emulator = try Emulator(controllers: 1, extra: ["--scan-log", log.path])
    defer { emulator.stop() }
    let device = emulator.controllers[0]
    let broadcast = try run(
      "beacon-broadcast", ["-i", device.device, "--station", "CipeteRaya", "--duration", "1.5"])
    #expect(broadcast.status == 0, "\(broadcast.stderr)")
    let heard = jsonLines((try? String(contentsOf: log, encoding: .utf8)) ?? "")
    let ours = heard.filter { ($0["address"] as? String)?.uppercased() == device.address }
    #expect(!ours.isEmpty, "Bumble's scanner heard: \(heard.prefix(3))")
    #expect(ours.contains { ($0["data"] as? String)?.uppercased().hasPrefix(Self.cipeteRaya) == true })
  }

  @Test func routeAdvertisesTheStationsInLineOrder() throws {
    let emulator = try Emulator()
    defer { emulator.stop() }
    let (a, b) = (emulator.controllers[0], emulator.controllers[1])
    let scanner = try background("beacon-scan", ["-i", a.device, "--duration", "8", "--format", "json", "--once"])
    #expect(scanner.waitForStderr("scanning (", seconds: 10))
    let ride = try run(
      "beacon-broadcast", ["-i", b.device, "--route", "CipeteRaya:BlokA", "--dwell", "1", "--format", "json"])
    #expect(ride.status == 0, "\(ride.stderr)")
    #expect(jsonLines(ride.stdout).compactMap { $0["station"] as? String } == ["CipeteRaya", "HajiNawi", "BlokA"])
    scanner.signal(SIGINT)
    #expect(scanner.wait(seconds: 5) == 0)
    let seen = jsonLines(scanner.stdout).compactMap { $0["station"] as? String }
    #expect(seen == ["CipeteRaya", "HajiNawi", "BlokA"], "\(scanner.stderr)")
  }

  /// Three controllers on one emulated radio: the station beacon, the trains (one the other
  /// way first, then the rider's), and the rider, who is told of their train once they are at
  /// the station and it has come in.
  @Test func aTrainBroadcasterAndAStationBroadcasterGiveTheRiderTheTrainEvent() throws {
    let emulator = try Emulator(controllers: 3)
    defer { emulator.stop() }
    let (rider, station, train) = (emulator.controllers[0], emulator.controllers[1], emulator.controllers[2])
    let platform = try background("beacon-broadcast", ["-i", station.device, "--station", "LebakBulus"])
    defer { platform.stop() }
    #expect(platform.waitForStderr("HCI 5.0", seconds: 10))
    let ride = try background(
      "beacon-ride",
      ["-i", rider.device, "--from", "LebakBulus", "--to", "Fatmawati", "--duration", "40", "--format", "json"])
    defer { ride.stop() }
    #expect(ride.waitForStderr("waiting for the train", seconds: 15), "\(ride.stderr)")
    // First a train the other way, standing as long: not the rider's.
    let otherWay = try run(
      "beacon-broadcast", ["-i", train.device, "--train", "NorthSouth:LebakBulus", "--train-set", "4", "--dwell", "12"])
    #expect(otherWay.status == 0, "\(otherWay.stderr)")
    let coming = try run(
      "beacon-broadcast",
      [
        "-i", train.device, "--train", "NorthSouth:BundaranHI", "--train-set", "9", "--arrive-after", "2", "--dwell",
        "12",
      ])
    #expect(coming.status == 0, "\(coming.stderr)")
    ride.signal(SIGINT)
    _ = ride.wait(seconds: 5)
    let events = jsonLines(ride.stdout)
    #expect(events.first?["event"] as? String == "found" && events.first?["station"] as? String == "LebakBulus")
    let trains = events.filter { $0["event"] as? String == "train" }
    #expect(trains.count == 1, "\(ride.stdout)\n\(ride.stderr)")
    #expect(trains.first?["towards"] as? String == "Bundaran HI")
    #expect(trains.first?["trainSet"] as? Int == 9)
  }

  @Test func ctrlCLeavesTheScannerControllerNotScanning() throws {
    let emulator = try Emulator(controllers: 1)
    defer { emulator.stop() }
    let recording = FileManager.default.temporaryDirectory.appendingPathComponent("ctrlc-\(UUID().uuidString).btsnoop")
    defer { try? FileManager.default.removeItem(at: recording) }
    let scanner = try background("beacon-scan", ["-i", emulator.controllers[0].device, "--record", recording.path])
    #expect(scanner.waitForStderr("scanning (", seconds: 10))
    scanner.signal(SIGINT)
    #expect(scanner.wait(seconds: 5) == 0)
    // The last command recorded disables scanning, and the controller completed it.
    let source = try CaptureReplayConnection(path: recording.path)
    var packets: [HCIPacket] = []
    while let timed = try source.nextPacket() { packets.append(timed.packet) }
    let lastCommand = try #require(packets.last { $0.type == .command })
    #expect(Array(lastCommand.bytes) == [0x42, 0x20, 0x06, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00])
    let lastEvent = try #require(packets.last)
    #expect(Array(lastEvent.bytes.prefix(7)) == [0x0E, 0x04, 0x01, 0x42, 0x20, 0x00])
  }

  /// `--summary` live: the summary is printed when Ctrl-C ends the scan.
  @Test func liveSummaryIsPrintedAtCtrlC() throws {
    let air = try CipeteRayaOnTheAir()
    defer { air.stop() }
    let a = air.scanner
    let scanner = try background("beacon-scan", ["-i", a.device, "--summary", "--format", "json"])
    #expect(scanner.waitForStderr("scanning (", seconds: 10))
    usleep(1_500_000)  // a few advertising events; the count is not asserted
    scanner.signal(SIGINT)
    #expect(scanner.wait(seconds: 5) == 0, "\(scanner.stderr)")
    let document = try #require(jsonLines(scanner.stdout).first, "no summary: \(scanner.stderr)")
    let beacons = try #require(document["beacons"] as? [[String: Any]])
    let cipete = try #require(beacons.first { $0["station"] as? String == "CipeteRaya" })
    #expect((cipete["reports"] as? Int ?? 0) > 0)
    #expect(cipete["addresses"] as? Int == 1)
    #expect((document["advertisingReports"] as? Int ?? 0) >= (cipete["reports"] as? Int ?? 0))
  }

  /// How a live run with `--report` ends: Ctrl-C, or SIGKILL (no handler runs) after the page
  /// was rewritten while it ran (`--report-every 1`).
  enum LiveReportEnding: String, CaseIterable { case ctrlC, killAfterARewrite }

  /// A live run's `--report` page: written when it is stopped, with what it heard; or, killed
  /// without an end, whole as last rewritten.
  @Test(arguments: LiveReportEnding.allCases) func aLiveReportKeepsWhatWasHeard(ending: LiveReportEnding) throws {
    let air = try CipeteRayaOnTheAir()
    defer { air.stop() }
    let a = air.scanner
    let page = FileManager.default.temporaryDirectory.appendingPathComponent("live-\(UUID().uuidString).html")
    defer { try? FileManager.default.removeItem(at: page) }
    let every = ending == .killAfterARewrite ? ["--report-every", "1"] : []
    let scanner = try background(
      "beacon-scan", ["-i", a.device, "--notify", "--format", "json", "--report", page.path] + every)
    #expect(scanner.waitForStderr("scanning (", seconds: 10))
    // The emulated link delivers every advert, at full strength: Cipete Raya is found.
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline, !scanner.stdout.contains(#""event":"found""#) { usleep(100_000) }
    switch ending {
    case .ctrlC:
      scanner.signal(SIGINT)
      #expect(scanner.wait(seconds: 5) == 0, "\(scanner.stderr)")
      #expect(scanner.stderr.contains("wrote the report to \(page.path)"))
    case .killAfterARewrite:
      // A rewrite after the found event: one second on, the page has it.
      usleep(2_500_000)
      #expect(scanner.isRunning && FileManager.default.fileExists(atPath: page.path), "the page came while it ran")
      scanner.signal(SIGKILL)
      _ = scanner.wait(seconds: 5)
    }
    let html = try String(contentsOf: page, encoding: .utf8)
    #expect(html.hasPrefix("<!DOCTYPE html>") && html.hasSuffix("</html>\n"), "a whole page")
    #expect(html.contains("<figcaption>Cipete Raya (CipeteRaya): "))
    #expect(html.contains(#"<g class="mark found">"#))
    #expect(html.contains("<dt>source</dt><dd>\(a.device)</dd>"))
  }

  /// `timeout(1)` and shells signal the process and then its group: one request, twice.
  @Test func aStopSignalDeliveredTwiceAtOnceStillStopsCleanly() throws {
    let emulator = try Emulator(
      controllers: 1, extra: ["--advertise-ibeacon", "F63B21BA-2635-4BE4-B6FF-E2EAB8B541C3:1:7"])
    defer { emulator.stop() }
    let scanner = try background("beacon-scan", ["-i", emulator.controllers[0].device, "--once"])
    #expect(scanner.waitForStderr("scanning (", seconds: 10))
    Thread.sleep(forTimeInterval: 0.5)
    scanner.signal(SIGINT)
    scanner.signal(SIGINT)
    #expect(scanner.wait(seconds: 5) == 0)
    #expect(scanner.stdout.contains("ASEAN"), "output flushed before exit: \(scanner.stdout)")
  }

  @Test func controllerThatGoesAwayIsAClearErrorAndNothingRecordedIsLost() throws {
    let emulator = try Emulator(
      controllers: 1, extra: ["--advertise-ibeacon", "F63B21BA-2635-4BE4-B6FF-E2EAB8B541C3:1:5"])
    let recording = FileManager.default.temporaryDirectory.appendingPathComponent("gone-\(UUID().uuidString).btsnoop")
    defer { try? FileManager.default.removeItem(at: recording) }
    let scanner = try background(
      "beacon-scan", ["-i", emulator.controllers[0].device, "--format", "json", "--record", recording.path])
    #expect(scanner.waitForStderr("scanning (", seconds: 10))
    Thread.sleep(forTimeInterval: 1)
    emulator.kill()
    let status = scanner.wait(seconds: 5)
    #expect(status == 69)
    #expect(scanner.stderr.contains("went away"), "\(scanner.stderr)")
    // Every sighting printed is in the recording, which replays to the same reports.
    let printed = jsonLines(scanner.stdout).count
    #expect(printed > 0)
    let replay = try run("beacon-scan", ["--replay", recording.path, "--format", "json"])
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(jsonLines(replay.stdout).count == printed)
  }

  @Test func silentControllerIsAClearErrorWithinTheTimeout() throws {
    let listener = try SilentListener()
    defer { listener.close() }
    let scan = try run("beacon-scan", ["-i", "tcp:127.0.0.1:\(listener.port)"])
    #expect(scan.status == 69)
    #expect(scan.stderr.contains("did not answer Reset (0x0C03) within 2 s"), "\(scan.stderr)")
    // The wait is timed at the controller's end, from the Reset's arrival to the host's close:
    // the time the host took to start (long under a sanitizer on a busy machine) is not in it.
    let connection = try #require(listener.waitForClose(seconds: 10))
    #expect(listener.seen.count == 1)
    #expect(connection.received == [0x01, 0x03, 0x0C, 0x00], "one H4 Reset, nothing after it")
    let reset = try #require(connection.firstBytes)
    let closed = try #require(connection.closed)
    let waited = reset.duration(to: closed)
    // The host starts its clock as it sends, a moment before the bytes reach this end.
    #expect(waited >= .milliseconds(1900) && waited < .seconds(4), "waited \(waited)")
  }
}

/// Two emulated controllers, Cipete Raya's station beacon advertising from the second: the
/// first is for the scanner.
struct CipeteRayaOnTheAir {
  let emulator: Emulator
  let broadcaster: ChildProcess

  init() throws {
    emulator = try Emulator()
    broadcaster = try background("beacon-broadcast", ["-i", emulator.controllers[1].device, "--station", "CipeteRaya"])
    #expect(broadcaster.waitForStderr("HCI 5.0", seconds: 10))
  }

  /// The controller to scan with.
  var scanner: Emulator.Controller { emulator.controllers[0] }

  func stop() {
    broadcaster.stop()
    emulator.stop()
  }
}
