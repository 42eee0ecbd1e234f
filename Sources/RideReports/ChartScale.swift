/// What the charts share: how numbers and times are written, and where an axis puts its ticks.
enum ChartScale {
  /// A coordinate with one decimal, without a trailing `.0`.
  static func number(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    guard rounded.isFinite, abs(rounded) < 1e15 else { return "0" }
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }

  /// Seconds as `m:ss`, or `h:mm:ss` from an hour on.
  static func clock(_ seconds: Double) -> String {
    let whole = seconds.isFinite ? Int(min(max(0, seconds), 1e12).rounded()) : 0
    let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
    func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
  }

  /// Round times (seconds) between `start` and `end`, at most `most`, each a whole number of
  /// steps from 0: axes of different spans then tick at the same clock times.
  static func timeTicks(from start: Double, to end: Double, most: Int = 10) -> [Double] {
    let span = end - start
    guard span > 0, span.isFinite, most > 0 else { return [] }
    let steps: [Double] = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14_400, 43_200, 86_400]
    let step = steps.first { span / $0 <= Double(most) } ?? (span / Double(most)).rounded(.up)
    let first = (start / step).rounded(.up) * step
    return stride(from: first, through: end, by: step).map { $0 }
  }

  /// `lowest` and `highest` widened to whole tens with at least `margin` to spare, spanning at
  /// least `minimumSpan`: an RSSI axis fitted to its data, gridlines every 10 dB.
  static func tens(around lowest: Double, _ highest: Double, margin: Double = 2, minimumSpan: Double = 20)
    -> (lowest: Double, highest: Double)
  {
    guard lowest.isFinite, highest.isFinite, lowest <= highest else { return (-100, -40) }
    var bottom = ((lowest - margin) / 10).rounded(.down) * 10
    var top = ((highest + margin) / 10).rounded(.up) * 10
    while top - bottom < minimumSpan {
      top += 10
      if top - bottom < minimumSpan { bottom -= 10 }
    }
    return (bottom, top)
  }
}
