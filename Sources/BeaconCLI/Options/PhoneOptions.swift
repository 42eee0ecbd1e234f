import ArgumentParser
import PhoneModels
import StationCatalogs

/// A phone's eye on a capture (`beacon-ride`, `beacon-scan --notify`): `--phone`, beside
/// ``PhoneTrialOptions`` (`--trials`, `--seed`, which `beacon-broadcast --check-phone` shares). What
/// they print is a prediction from the model, never a phone's own log.
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

  init() {}

  /// Refuses `--trials` or `--seed` (`trialOptions`) without `--phone`, and a phone without a capture.
  func check(replay: String?, trialOptions: PhoneTrialOptions, program: String) throws {
    if phone == nil {
      try trialOptions.refuse(without: "--phone MODEL")
      return
    }
    guard replay != nil else {
      throw ValidationError(
        "--phone predicts from a recording: give --replay FILE (a capture made by \(program) --record, btmon or Wireshark)."
      )
    }
  }
}
