/// Numbers as the toolkit writes them for people: in help texts, messages, lines and reports.
/// Whatever the value, never a trap: one that is not finite, or too large for its form, is
/// written as Swift writes a `Double`.
public enum NumberText {
  /// One decimal, rounded half away from zero: `-71.5`, `0.3`, `12.0` (an RSSI, a rate, an age).
  public static func oneDecimal(_ value: Double) -> String {
    guard let tenths = Int64(exactly: (value * 10).rounded()), tenths.magnitude < 1_000_000_000_000_000 else {
      return String(value)
    }
    let sign = tenths < 0 ? "-" : ""
    return "\(sign)\(tenths.magnitude / 10).\(tenths.magnitude % 10)"
  }

  /// Whole numbers without a fraction, others as they are: `100`, `-86`, `0.625`.
  public static func plain(_ value: Double) -> String {
    if let whole = Int64(exactly: value), whole.magnitude < 1_000_000_000_000_000 { return String(whole) }
    return String(value)
  }

  /// The value rounded to two decimals, for JSON: enough for dBm and metres, and short.
  public static func hundredths(_ value: Double) -> Double { (value * 100).rounded() / 100 }
}
