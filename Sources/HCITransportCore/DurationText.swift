extension Duration {
  /// The duration as people say it in messages: `2 s`, `1.5 s`, `200 ms`.
  public var spokenDescription: String {
    let (seconds, attoseconds) = components
    let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
    if milliseconds < 1000 { return "\(milliseconds) ms" }
    if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
    let tenths = (milliseconds + 50) / 100
    return "\(tenths / 10).\(tenths % 10) s"
  }
}
