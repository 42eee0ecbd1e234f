import ArgumentParser
import PhoneModels
import StationCatalogs

/// A phone's eye on a capture (`beacon-ride`, `beacon-scan --notify`): `--phone`, `--trials`,
/// `--seed`. What they print is a prediction from the model, never a phone's own log.
struct PhoneOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Predict what a phone scanning as MODEL would have noticed in the --replay capture: its scan windows, "
        + "its library's cycle, then the station detection; the events are marked predicted. MODEL: "
        + PhoneModel.named.map(\.name).joined(separator: ", ")
        + "; or a schedule window=MS,interval=MS[,cycle=MS,pause=MS,report=end|each]. "
        + "See the PhoneEye article for what each model rests on.",
      valueName: "model"),
    transform: PhoneOptions.model(parsing:))
  var phone: PhoneModel?

  /// `--phone`'s value: a named model or a schedule; the error says which are there.
  @Sendable static func model(parsing text: String) throws -> PhoneModel {
    do throws(PhoneModelError) {
      return try PhoneModel(parsing: text)
    } catch {
      throw ValidationError(error.description)
    }
  }

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "With --phone: run the capture past this many phones, each with its scan's phase drawn anew, "
        + "and print per station visit the share that noticed it, the latency's median and 95th percentile, "
        + "the dwell and a verdict (safe: 99 % or more, marginal: 50 % or more, misses); \(ValueRange.phoneTrials).",
      valueName: "n"),
    transform: ValueRange.phoneTrials.parseInteger)
  var trials: Int?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "With --phone: where the random draws start (the scan's phase), so a prediction repeats; "
        + "\(ValueRange.seed) (default: 1).",
      valueName: "n"),
    transform: ValueRange.seed.parseInteger)
  var seed: UInt64?

  init() {}

  /// The seed in force.
  var seedValue: UInt64 { seed ?? 1 }

  /// Refuses `--trials` or `--seed` without `--phone`, and a phone without a capture.
  func check(replay: String?, program: String) throws {
    if phone == nil {
      if trials != nil { throw ValidationError("--trials runs a capture past a phone: give --phone MODEL too.") }
      if seed != nil { throw ValidationError("--seed sets a phone's random draws: give --phone MODEL too.") }
      return
    }
    guard replay != nil else {
      throw ValidationError(
        "--phone predicts from a recording: give --replay FILE (a capture made by \(program) --record, btmon or Wireshark)."
      )
    }
  }
}
