import ArgumentParser
import StationCatalogs

/// How many phones a prediction runs, and its seed: `--trials`, `--seed` (`--phone` of
/// `beacon-ride` and `beacon-scan`, `beacon-broadcast --check-phone`).
struct PhoneTrialOptions: ParsableArguments {
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Run the capture (or the --check-phone beacon) past this many phones, each with its scan's phase drawn anew; "
        + "with --phone, print per station visit the share that noticed it, the latency's median and 95th percentile, "
        + "the dwell and a verdict (safe: 99 % or more, marginal: 50 % or more, misses); \(ValueRange.phoneTrials).",
      valueName: "n"),
    transform: ValueRange.phoneTrials.parseInteger)
  var trials: Int?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Where a prediction's random draws start (where each phone's windows fall), so a prediction repeats; "
        + "\(ValueRange.seed) (default: 1).",
      valueName: "n"),
    transform: ValueRange.seed.parseInteger)
  var seed: UInt64?

  init() {}

  /// The seed in force.
  var seedValue: UInt64 { seed ?? 1 }

  /// Refuses `--trials` and `--seed` without the option (`needed`) that runs phones.
  func refuse(without needed: String) throws {
    if trials != nil { throw ValidationError("--trials runs phones: give \(needed) too.") }
    if seed != nil { throw ValidationError("--seed sets a phone's random draws: give \(needed) too.") }
  }
}
