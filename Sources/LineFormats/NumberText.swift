/// Numbers as the text lines and the run's report show them.
package enum NumberText {
  /// One decimal, rounded half away from zero: `-71.5`, `0.3`, `12.0` (an RSSI, a rate, an age).
  package static func oneDecimal(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    let sign = tenths < 0 ? "-" : ""
    return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
  }
}
