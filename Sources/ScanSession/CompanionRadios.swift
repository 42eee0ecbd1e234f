import BeaconScanning
import Beacons
import ProgramOutput

#if canImport(Glibc)
  import Glibc
#endif

/// The radios of `beacon-scan -i hci0 -i hci1 …` after the first, worked in turns beside it
/// (``ScanRun/run(_:output:alongside:)``): each with its own finder and scanner, its sightings
/// tagged with its name (``RadioTagger``) and handed to the run's output.
///
/// Losing one keeps the others: a radio that fails is said and left out, or, with `--reconnect`,
/// opened again every ``ScanRun/reconnectInterval`` until it answers; one whose capture ends is
/// done. The first radio's own loss is the run's (``ScanRun``): without `--reconnect`, these go
/// on alone.
package final class CompanionRadios: RunCompanion {
  /// One radio and where it stands.
  private final class Radio {
    let run: ScanRun
    let finder: HCIBeaconFinder
    var state: State = .scanning
    /// Held here: a finder holds its delegate weakly.
    var tagger: RadioTagger?

    enum State {
      case scanning
      /// Gone; tried again at this time (`--reconnect`).
      case gone(since: ContinuousClock.Instant, retryAt: ContinuousClock.Instant)
      /// Its capture ended, or it failed without `--reconnect`.
      case done
    }

    init(run: ScanRun, finder: HCIBeaconFinder) {
      self.run = run
      self.finder = finder
    }
  }

  private let radios: [Radio]
  private let reconnect: Bool
  private let program: String
  private let clock = ContinuousClock()
  /// How long each radio reads before the next one's turn.
  static let slice = Duration.milliseconds(20)

  /// The radios `runs` open (their finders made, not started).
  package init(_ radios: [(run: ScanRun, finder: HCIBeaconFinder)], reconnect: Bool, program: String) {
    self.radios = radios.map { Radio(run: $0.run, finder: $0.finder) }
    self.reconnect = reconnect
    self.program = program
  }

  package var name: String { radios.map(\.run.sourceName).joined(separator: ", ") }

  package var statistics: ScanStatistics? {
    var sum = ScanStatistics()
    for radio in radios { sum.add(radio.finder.scanner.statistics) }
    return sum
  }

  /// The finders, for what applies to every radio (a new scan timing).
  package var finders: [HCIBeaconFinder] { radios.map(\.finder) }

  /// Starts each radio, its sightings tagged for `delegate`; one that does not start is said
  /// and left out (or tried again, with `--reconnect`).
  package func start(delegate: any BeaconFinderDelegate) {
    for radio in radios {
      let tagger = RadioTagger(controller: radio.run.sourceName, delegate: delegate)
      radio.tagger = tagger
      radio.finder.delegate = tagger
      switch radio.finder.start() {
      case .started, .alreadyStarted:
        radio.state = .scanning
      case .notAuthorized, .bluetoothUnavailable, .failed:
        let why = radio.finder.failure.map { "\($0)" } ?? "it could not be started"
        lose(radio, saying: why)
      }
    }
  }

  package func work(until deadline: ContinuousClock.Instant?, shouldStop: () -> Bool) {
    repeat {
      var reading = false
      var waiting = false
      for radio in radios {
        if shouldStop() { return }
        switch radio.state {
        case .scanning:
          reading = true
          let slice = clock.now.advanced(by: Self.slice)
          read(radio, until: deadline.map { min($0, slice) } ?? slice, shouldStop: shouldStop)
        case .gone(let since, let retryAt):
          waiting = true
          if clock.now >= retryAt { retry(radio, goneSince: since) }
        case .done:
          break
        }
      }
      if !reading {
        guard waiting else { return }
        usleep(20_000)
      }
    } while deadline.map { clock.now < $0 } ?? true
  }

  /// Stops every radio still open.
  package func stop() {
    for radio in radios { radio.finder.stop() }
  }

  private func read(_ radio: Radio, until deadline: ContinuousClock.Instant, shouldStop: () -> Bool) {
    switch radio.finder.run(until: deadline, shouldStop: shouldStop) {
    case .endOfStream:
      // A capture's end: its warnings and counts, as a replay of it alone would say them.
      let warnings = radio.finder.connection?.endWarnings ?? []
      radio.finder.stop()
      radio.state = .done
      radio.run.reportReplayEnd(
        path: radio.run.sourceName, warnings: warnings, statistics: radio.finder.scanner.statistics)
    case .failed(let failure):
      radio.finder.stop()
      lose(radio, saying: "\(failure)")
    case .stopped, .deadline, .deaf, .heardAgain:
      break
    }
  }

  private func lose(_ radio: Radio, saying why: String) {
    if reconnect {
      radio.state = .gone(since: clock.now, retryAt: clock.now.advanced(by: ScanRun.reconnectInterval))
      StandardError.writeLine(
        "\(program): \(radio.run.sourceName): \(why); the other radios go on, and it is tried again every "
          + "\(ScanRun.reconnectInterval.spokenDescription)", priority: .warning)
    } else {
      radio.state = .done
      StandardError.writeLine(
        "\(program): \(radio.run.sourceName): \(why); the other radios go on without it", priority: .warning)
    }
  }

  private func retry(_ radio: Radio, goneSince since: ContinuousClock.Instant) {
    switch radio.finder.start() {
    case .started, .alreadyStarted:
      radio.state = .scanning
      StandardError.writeLine(
        "\(program): \(radio.run.sourceName): back after \((clock.now - since).spokenDescription); scanning again",
        priority: .notice)
    case .notAuthorized, .bluetoothUnavailable, .failed:
      radio.state = .gone(since: since, retryAt: clock.now.advanced(by: ScanRun.reconnectInterval))
    }
  }
}
