import BluetoothTypes

/// Why a `--phone` value names no model: each says what to give instead.
public enum PhoneModelError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Neither a named model nor a `key=value` schedule.
  case unknownModel(String)
  /// A key the schedule does not have.
  case unknownKey(String)
  /// A key given twice.
  case repeatedKey(String)
  /// A part without `=`.
  case notKeyValue(String)
  /// A value that is not a number in its range (or, for `report`, not `end` or `each`).
  case badValue(key: String, value: String, expected: String)
  /// `window` or `interval` missing.
  case missingKey(String)
  /// A window longer than its interval.
  case windowLongerThanInterval(window: Double, interval: Double)
  /// `report=end` (the default with a cycle) needs a cycle to end; `pause` needs a cycle too.
  case needsCycle(String)

  public var description: String {
    let example = "e.g. window=140,interval=1400 or window=100,interval=100,cycle=1100,report=end"
    switch self {
    case .unknownModel(let name):
      return "no phone model \"\(name)\": give one of \(PhoneModel.named.map(\.name).joined(separator: ", ")), "
        + "or a schedule, \(example)"
    case .unknownKey(let key):
      return "a phone schedule has no \"\(key)\": its keys are window, interval, cycle, pause and report (\(example))"
    case .repeatedKey(let key): return "\"\(key)\" is given twice in the phone schedule: give it once"
    case .notKeyValue(let part): return "\"\(part)\" is not key=value in the phone schedule (\(example))"
    case .badValue(let key, let value, let expected):
      return "\(key)=\(value) in the phone schedule: \(key) must be \(expected)"
    case .missingKey(let key): return "the phone schedule needs \(key)=MS (\(example))"
    case .windowLongerThanInterval(let window, let interval):
      return
        "the phone schedule's window (\(NumberText.plain(window)) ms) is longer than its interval (\(NumberText.plain(interval)) ms): "
        + "a window is at most its interval (equal: listening all the time)"
    case .needsCycle(let key):
      return "\(key) in the phone schedule needs cycle=MS, the library's scan cycle (e.g. cycle=1100)"
    }
  }
}
