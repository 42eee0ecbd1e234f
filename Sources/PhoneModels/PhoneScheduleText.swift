/// A custom `--phone` schedule's text, `window=MS,interval=MS[,cycle=MS,pause=MS,report=end|each]`,
/// read into a ``PhoneScanSchedule``. `report` defaults to `end` with a cycle and `each` without.
enum PhoneScheduleText {
  /// The longest window, interval, cycle or pause: an hour.
  static let longestMilliseconds = 3_600_000.0

  static func parse(_ text: String) throws(PhoneModelError) -> PhoneScanSchedule {
    var values: [String: String] = [:]
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard pair.count == 2 else { throw .notKeyValue(String(part)) }
      let key = pair[0].trimmingSpaces
      guard ["window", "interval", "cycle", "pause", "report"].contains(key) else { throw .unknownKey(key) }
      guard values[key] == nil else { throw .repeatedKey(key) }
      values[key] = pair[1].trimmingSpaces
    }
    guard let windowText = values["window"] else { throw .missingKey("window") }
    guard let intervalText = values["interval"] else { throw .missingKey("interval") }
    let window = try milliseconds("window", windowText, allowsZero: false)
    let interval = try milliseconds("interval", intervalText, allowsZero: false)
    guard window <= interval else { throw .windowLongerThanInterval(window: window, interval: interval) }
    let cycle = try values["cycle"].map { text throws(PhoneModelError) in
      try milliseconds("cycle", text, allowsZero: false)
    }
    let pause = try values["pause"].map { text throws(PhoneModelError) in
      try milliseconds("pause", text, allowsZero: true)
    }
    if pause != nil, cycle == nil { throw .needsCycle("pause") }
    let delivery: PhoneDelivery
    switch values["report"] {
    case nil: delivery = cycle == nil ? .eachReport : .cycleEnd
    case "each": delivery = .eachReport
    case "end":
      guard cycle != nil else { throw .needsCycle("report=end") }
      delivery = .cycleEnd
    case let other?: throw .badValue(key: "report", value: other, expected: "end or each")
    }
    return PhoneScanSchedule(
      windowMilliseconds: window, intervalMilliseconds: interval, cycleMilliseconds: cycle,
      pauseMilliseconds: pause ?? 0, delivery: delivery)
  }

  private static func milliseconds(_ key: String, _ text: String, allowsZero: Bool) throws(PhoneModelError) -> Double {
    let range = "\(allowsZero ? "0" : "more than 0") to \(Int(longestMilliseconds)) milliseconds"
    guard let value = Double(text), value.isFinite, allowsZero ? value >= 0 : value > 0, value <= longestMilliseconds,
      text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") })
    else { throw .badValue(key: key, value: text, expected: range) }
    return value
  }
}

extension Substring {
  fileprivate var trimmingSpaces: String {
    String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
  }
}
