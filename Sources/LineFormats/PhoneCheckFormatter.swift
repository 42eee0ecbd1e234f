import BluetoothTypes
import PhoneModels
import ProgramOutput

/// The lines of `beacon-broadcast --check-phone MODEL`: how many phones notice the beacon at its
/// interval within the dwell, and the longest interval at which 99 % still do. JSON: one object
/// with `phone`, `predicted` (always true), `interval` (ms), `dwell` (s), `trials`, `seed`,
/// `noticedShare`, `latencyMedian`, `latencyP95` (s; `null` when none noticed), `verdict`,
/// `longestIntervalFor99` (ms: the longest interval tried at which it and every shorter one reach
/// 99 %; `null` when even 20 ms falls short), `firstIntervalBelow99` (the next tried, `null` when
/// every one reaches it) and `basis`. Text: the same, for people.
package struct PhoneCheckFormatter: Sendable {
  package var format: OutputFormat
  package var model: PhoneModel
  package var trials: Int
  package var seed: UInt64
  package var dwellSeconds: Double

  /// How many phones a check runs without `--trials`.
  package static let defaultTrials = 1000
  /// The longest `--dwell` a check takes, in seconds: ten minutes, a long wait on a platform.
  package static let longestDwellSeconds = 600.0

  package init(format: OutputFormat, model: PhoneModel, trials: Int, seed: UInt64, dwellSeconds: Double) {
    self.format = format
    self.model = model
    self.trials = trials
    self.seed = seed
    self.dwellSeconds = dwellSeconds
  }

  package func lines(intervalMilliseconds interval: Double, notice: PhoneNotice, search: PhoneCheck.IntervalSearch)
    -> [String]
  {
    let share = (notice.noticedShare * 10_000).rounded() / 10_000
    switch format {
    case .json:
      var object = JSONLine()
      object.add("phone", model.name)
      object.add("predicted", true)
      object.add("interval", interval)
      object.add("dwell", dwellSeconds)
      object.add("trials", trials)
      object.add("seed", seed)
      object.add("noticedShare", share)
      object.add("latencyMedian", notice.latencyMedian.map(NumberText.hundredths))
      object.add("latencyP95", notice.latencyP95.map(NumberText.hundredths))
      object.add("verdict", notice.verdict.rawValue)
      object.add("longestIntervalFor99", search.longest?.milliseconds)
      object.add("firstIntervalBelow99", search.firstShort?.milliseconds)
      object.add("basis", model.basis)
      return [object.line]
    case .text:
      func seconds(_ value: Double?) -> String { value.map { "\(NumberText.oneDecimal($0)) s" } ?? "—" }
      let tried = PhoneCheck.candidateIntervals
      var lines = [
        "Predicted, not observed: \(trials) phone(s) scanning as \(TerminalText.escaped(model.name)) (seed \(seed)), "
          + "each in range of the beacon for \(NumberText.plain(dwellSeconds)) s.",
        "At \(NumberText.plain(interval)) ms: \(NumberText.oneDecimal(notice.noticedShare * 100)) % notice it "
          + "(latency median \(seconds(notice.latencyMedian)), 95th percentile \(seconds(notice.latencyP95))): "
          + "\(notice.verdict.rawValue).",
      ]
      let short = search.firstShort.map { first in
        " At \(NumberText.plain(first.milliseconds)) ms, \(NumberText.oneDecimal(first.notice.noticedShare * 100)) %."
      }
      if let longest = search.longest {
        lines.append(
          "99 % notice it at every interval tried up to \(NumberText.plain(longest.milliseconds)) ms "
            + "(of \(tried.map { NumberText.plain($0) }.joined(separator: ", ")) ms)." + (short ?? ""))
      } else {
        lines.append(
          "No interval reaches 99 %: even at \(NumberText.plain(tried.first ?? 20)) ms too few of these phones "
            + "notice the beacon while it is in range; only a longer dwell, or a phone that scans more, would."
            + (short ?? ""))
      }
      lines.append("The model: \(TerminalText.escaped(model.basis)).")
      return lines
    }
  }
}
