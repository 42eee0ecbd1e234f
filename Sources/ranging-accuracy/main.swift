// ranging-accuracy: how far the product's ranging (BeaconRanging) is from the truth on real radio,
// the philotuxo recordings converted by tools/rssi-captures.py. Usage:
//   swift run -c release ranging-accuracy CAPTURES_DIR [--markdown]
// or tools/ranging-accuracy, which converts first. The RangingAccuracy article explains the method.
import ArgumentParser
import Beacons
import Foundation
import ProgramOutput

/// The command line: `ranging-accuracy CAPTURES_DIR [--markdown] [--pair TRACK/RECEIVER [--detect] ...]`.
struct RangingAccuracyCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "ranging-accuracy",
    abstract: "How far BeaconRanging's distances are from the truth on real radio recordings.",
    discussion: """
      CAPTURES_DIR is what tools/rssi-captures.py wrote: receivers.csv and, per track, each \
      receiver's capture (RECEIVER.btsnoop) with its truth file (RECEIVER.truth.csv). Every \
      capture is decoded by the scanner and replayed through BeaconRanging; the state after each \
      report is paired with that report's true distance. Reports with no RSSI, an RSSI of 0 dBm \
      or more, or a true distance under 1 cm are left out.

      The receivers are calibrated on the tracks straight_01 and straight_02 and measured on the \
      others. On the calibration part it chooses the smoothing (window 2, 5, 10, 20 s; trimmed \
      0, 0.1, 0.2, 0.3 or a median) and the path-loss exponent (1.2 to 3.0) with the lowest \
      median error factor after calibration, and the calibration rule; on the measured part it \
      reports, per receiver kind, the median error factor (median of max(estimate/truth, \
      truth/estimate)) before calibration and after, the share of true distances inside the \
      interval the spread s (68 % of the calibration part's residuals, dB) gives, and the \
      proximity classes. Beside it: the product's defaults and a baseline (a 10-s moving median, \
      n = 2, with its own calibration).

      --pair ranges one receiver on one track with the configuration given by --window, --trim, \
      --exponent and --offset, and prints its report count and median error factor, for checking \
      against a computation of your own (--window 0: each report alone).

      Station detection: the recorded beacon is taken as a station and each receiver's captures \
      are replayed through the product's StationDetector (the detector of beacon-ride and \
      beacon-scan --notify), with its default thresholds (-88/-95 dBm) and with the same rule \
      moved into the room's range (-75/-82 dBm), with offset 0 and with the receiver's offset \
      from the calibration part; for each found and left it reports the true distance of the \
      report that triggered it, per receiver, on the calibration part and on the measured part. \
      --pair with --detect prints one receiver's events on one track instead (default \
      thresholds): "found|left TIME_µs DISTANCE_m" a line.

      In one command from the repository: tools/ranging-accuracy [--markdown] converts the \
      recordings into .build/rssi-captures when needed and runs this; the RangingAccuracy \
      article explains the method and the results.

      Exit status: 0 done; 1 the captures cannot be read (run tools/rssi-captures.py first); \
      64 bad command line.
      """)

  @Argument(help: ArgumentHelp("What tools/rssi-captures.py wrote.", valueName: "captures-dir"))
  var capturesDirectory: String

  @Flag(help: "Print the tables as Markdown, for the article.")
  var markdown = false

  @Option(
    help: ArgumentHelp(
      "Range only this receiver on this track, e.g. straight_01/sensor10.", valueName: "track/receiver"))
  var pair: String?

  @Option(help: "With --pair: the smoothing window in seconds (0: each report alone).")
  var window: Double = 10

  @Option(help: "With --pair: the fraction trimmed at each end (0 to 0.49; 0.49 is a median).")
  var trim: Double = 0.2

  @Option(help: "With --pair: the path-loss exponent n.")
  var exponent: Double = 2.5

  @Option(
    parsing: .unconditional, help: "With --pair: the RSSI offset in whole dB added to each report (may be negative).")
  var offset: Int = 0

  @Flag(
    help: ArgumentHelp(
      "With --pair: replay through the station detector instead and print each found and left "
        + "(time in µs, true distance in m), with --window and --offset."))
  var detect = false

  func validate() throws {
    guard window >= 0, window <= 3600 else { throw ValidationError("--window must be 0 to 3600 seconds") }
    guard trim >= 0, trim <= 0.49 else { throw ValidationError("--trim must be 0 to 0.49") }
    guard exponent >= 0.5, exponent <= 10 else { throw ValidationError("--exponent must be 0.5 to 10") }
    guard (-60...60).contains(offset) else { throw ValidationError("--offset must be -60 to 60 dB") }
    if let pair, pair.split(separator: "/").count != 2 {
      throw ValidationError("--pair takes TRACK/RECEIVER, e.g. straight_01/sensor10")
    }
    if detect, pair == nil { throw ValidationError("--detect goes with --pair TRACK/RECEIVER") }
  }

  func run() throws {
    do throws(AccuracyInputError) {
      let receivers = try ReceiverRecording.receivers(in: capturesDirectory)
      if let pair {
        try runPair(pair, receivers: receivers)
        return
      }
      let recordings = try loadAll(receivers)
      let tables = try AccuracyReport(study: AccuracyStudy(recordings), catalog: RecordedStation.catalog(recordings))
        .tables()
      print(tables.map { $0.text(markdown: markdown) }.joined(separator: "\n"), terminator: "")
    } catch {
      FileHandle.standardError.write(Data("ranging-accuracy: \(TerminalText.escaped(error.description))\n".utf8))
      throw ExitCode(1)
    }
  }

  private func runPair(_ pair: String, receivers: [Receiver]) throws(AccuracyInputError) {
    let parts = pair.split(separator: "/").map(String.init)
    guard parts.count == 2, let receiver = receivers.first(where: { $0.alias == parts[1] }) else {
      throw AccuracyInputError(description: "--pair \(pair): no such receiver in receivers.csv")
    }
    let recording = try ReceiverRecording.load(directory: capturesDirectory, track: parts[0], receiver: receiver)
    if detect {
      let catalog = try RecordedStation.catalog([recording])
      for event in recording.detections(catalog: catalog, offset: offset, window: .seconds(window)) {
        print("\(event.kind.rawValue) \(event.time.microsecondsSinceUnixEpoch) \(decimal(event.trueDistance, 6))")
      }
      return
    }
    let setup = RangingSetup(window: .seconds(window), trimmedFraction: trim, exponent: exponent)
    let ranged = recording.ranged(setup, offset: offset)
    print("reports \(ranged.count)")
    print("median error factor \(decimal(medianErrorFactor(ranged) ?? .nan, 6))")
  }

  /// Every track folder's recording of every receiver, tracks in name order.
  private func loadAll(_ receivers: [Receiver]) throws(AccuracyInputError) -> [ReceiverRecording] {
    let entries: [String]
    do {
      entries = try FileManager.default.contentsOfDirectory(atPath: capturesDirectory)
    } catch {
      throw AccuracyInputError(
        description: "\(capturesDirectory): cannot be listed; run tools/rssi-captures.py DIR first")
    }
    var recordings: [ReceiverRecording] = []
    for track in entries.sorted() {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: "\(capturesDirectory)/\(track)", isDirectory: &isDirectory),
        isDirectory.boolValue
      else { continue }
      for receiver in receivers {
        recordings.append(try ReceiverRecording.load(directory: capturesDirectory, track: track, receiver: receiver))
      }
    }
    return recordings
  }
}

RangingAccuracyCommand.main()
