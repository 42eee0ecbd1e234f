import BeaconTestSupport
import BluetoothTypes
import Foundation
import GPSDClient
import Positioning
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What a real gpsd never sends but a socket can carry (noise, a line cut short, a receiver
/// unplugged, silence): a scripted peer on a loopback port plays gpsd's own lines (recorded from
/// gpsd 3.22) with those faults between them. The finder measures silence on a ``ManualClock``,
/// so three seconds of it pass when the test says, not on the wall.
@Suite struct GPSDFaultTests {
  /// Accepts one connection on a free loopback port and writes `script` to it, each step after
  /// its pause, a step with `afterRelease` only once ``release()`` was called; then closes.
  final class ScriptedGPSD: @unchecked Sendable {
    let port: UInt16
    private let listener: Int32
    private let thread: Thread
    private let released = DispatchSemaphore(value: 0)

    init(script: [(pause: Double, afterRelease: Bool, text: String)]) throws {
      let (listener, port) = try LoopbackPort.bind()
      self.listener = listener
      self.port = port
      guard listen(listener, 1) == 0 else {
        close(listener)
        throw POSIXError(.EADDRINUSE)
      }
      let released = released
      thread = Thread {
        let client = accept(listener, nil, nil)
        guard client >= 0 else { return }
        // The client's ?WATCH, read as gpsd would.
        var request = [UInt8](repeating: 0, count: 256)
        _ = recv(client, &request, request.count, 0)
        for step in script {
          Thread.sleep(forTimeInterval: step.pause)
          if step.afterRelease { released.wait() }
          let bytes = Array(step.text.utf8)
          _ = bytes.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }
        close(client)
      }
      thread.start()
    }

    /// Lets the step held for it go.
    func release() { released.signal() }

    deinit { close(listener) }
  }

  final class Collector: LocationFinderDelegate {
    var fixes: [LocationFix] = []
    var conditions: [LocationSourceCondition] = []
    func locationFinder(_ finder: any LocationFinder, didReceive fix: LocationFix) { fixes.append(fix) }
    func locationFinder(_ finder: any LocationFinder, didChange condition: LocationSourceCondition) {
      conditions.append(condition)
    }
  }

  static let version = #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"# + "\n"
  static let devices =
    #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/pts/1","activated":"2026-11-25T17:46:14.153Z","native":0,"bps":4800,"parity":"N","stopbits":1,"cycle":1.00}]}"#
    + "\n"
  static func fix(_ second: Int) -> String {
    #"{"class":"TPV","device":"/dev/pts/1","mode":3,"time":"2026-11-25T08:00:\#(10 + second).000Z","ept":0.005,"lat":-6.289275000,"lon":106.774935000,"alt":38.0000,"track":0.0000,"speed":0.000,"eph":17.100}"#
      + "\n"
  }

  @Test func noiseCutLinesUnpluggingAndSilenceAreEachToldOnceAndSurvived() throws {
    let gpsd = try ScriptedGPSD(script: [
      (0, false, Self.version + Self.devices + Self.fix(0) + Self.fix(1)),
      (0.1, false, "\u{0}\u{13}garbage\u{FF} line\n"),
      (
        0.1, false,
        #"{"class":"TPV","device":"/dev/pts/1","mode":3,"time":"2026-11-25T08:00:12.000Z","lat":-6.28"# + "\n"
      ),
      (0.1, false, "more noise\n" + Self.fix(3)),
      (0.1, false, #"{"class":"DEVICE","path":"/dev/pts/1","activated":0}"# + "\n"),
      (0.1, false, Self.devices + Self.fix(4)),
      // Silence: no TPV for three seconds of the finder's clock, the connection still open; then
      // a last fix, and close.
      (0, true, Self.fix(5)),
    ])
    let clock = ManualClock()
    let finder = GPSDLocationFinder(endpoint: GPSDEndpoint(host: "127.0.0.1", port: gpsd.port), clock: clock)
    let collector = Collector()
    finder.delegate = collector
    var problems: [GPSDProblem] = []
    finder.onProblem = { problems.append($0) }
    #expect(finder.start() == .started)
    // Once the fourth fix is in, three seconds of silence pass; once the finder has called them
    // stale, the peer sends the last fix and closes. Until the finder has said so, however slow
    // this build runs.
    var silencePassed = false
    var released = false
    _ = finder.run(until: ContinuousClock().now.advanced(by: .seconds(60))) {
      if collector.fixes.count == 4, !silencePassed {
        clock.advance(by: .seconds(3))
        silencePassed = true
      }
      if case .stale = collector.conditions.last, !released {
        gpsd.release()
        released = true
      }
      return collector.conditions.last == .sourceUnreachable
    }
    finder.stop()

    #expect(collector.fixes.count == 5)
    #expect(finder.counts.unreadableLines == 3)
    // Told once each, in the order they happened.
    let kinds = problems.map { problem -> String in
      switch problem {
      case .unreadableLine: return "unreadable"
      case .noReceiver(let path): return "no receiver \(path ?? "")"
      case .stale: return "stale"
      case .connectionClosed: return "closed"
      default: return "\(problem)"
      }
    }
    // Three unreadable lines, told once; the three seconds of silence, once: the finder's clock
    // moves only when the test moves it, so a slow build sees no other.
    #expect(kinds == ["unreadable", "no receiver /dev/pts/1", "stale", "closed"])
    #expect(finder.counts.staleEpisodes == 1)
    let silence = LocationSourceCondition.stale(since: Timestamp(microsecondsSinceUnixEpoch: 1_795_593_614_000_000))
    #expect(Array(collector.conditions.prefix(3)) == [.reporting, .noReceiver, .reporting])
    #expect(collector.conditions.contains(silence))
    #expect(collector.conditions.last == .sourceUnreachable)
  }
}
