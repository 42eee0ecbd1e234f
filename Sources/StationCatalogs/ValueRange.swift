import BluetoothTypes

/// The documented range of a number a user gives: an option's value on the command line or a
/// key's in a policy or catalog file. Every duration, interval, threshold and count is checked
/// against its range where it is parsed (an option's `transform`, a file's decoder), so that
/// `nan`, `inf`, `1e300` or a negative count never reach the run; the help texts and the
/// messages print the same range.
package struct ValueRange: Sendable, CustomStringConvertible {
  package var lowest: Double
  /// Whether `lowest` itself is allowed; `false`: only numbers above it.
  package var includesLowest = true
  package var highest: Double
  /// What the number counts, as the help texts say it ("seconds", "dBm"); may be empty.
  package var unit: String
  /// Only whole numbers (counts, identifiers).
  package var wholeNumbers = false

  /// Whether `value` is finite, in the range and, for a range of whole numbers, whole.
  package func contains(_ value: Double) -> Bool {
    guard value.isFinite, includesLowest ? value >= lowest : value > lowest, value <= highest else { return false }
    return !wholeNumbers || value == value.rounded()
  }

  /// "from −127 to 20 dBm", "more than 0 and at most 3600 seconds", "a whole number from 1 to 100".
  package var description: String {
    let unit = unit.isEmpty ? "" : " \(unit)"
    let kind = wholeNumbers ? "a whole number " : ""
    return includesLowest
      ? "\(kind)from \(Self.format(lowest)) to \(Self.format(highest))\(unit)"
      : "\(kind)more than \(Self.format(lowest)) and at most \(Self.format(highest))\(unit)"
  }

  /// `text` as a number in the range: an option's `transform`, whose error ArgumentParser prints
  /// after the option's name (exit 64).
  @Sendable package func parse(_ text: String) throws(ValueOutOfRange) -> Double {
    guard let value = Double(text), contains(value) else { throw ValueOutOfRange(range: self) }
    return value
  }

  /// `text` as a whole number in the range, of the option's integer type.
  package func parseInteger<Integer: FixedWidthInteger>(_ text: String) throws(ValueOutOfRange) -> Integer {
    guard let integer = Integer(exactly: try parse(text)) else { throw ValueOutOfRange(range: self) }
    return integer
  }

  /// A file's `value` for `key`, checked; the file's decoder names the file in its error (exit 65).
  package func check(_ value: Double, key: String) throws(KeyOutOfRange) -> Double {
    guard contains(value) else { throw KeyOutOfRange(key: key, value: value, range: self) }
    return value
  }

  /// A file's whole `value` for `key`, checked, as `Integer`.
  package func checkInteger<Integer: FixedWidthInteger>(_ value: Double, key: String) throws(KeyOutOfRange) -> Integer {
    guard let integer = Integer(exactly: try check(value, key: key)) else {
      throw KeyOutOfRange(key: key, value: value, range: self)
    }
    return integer
  }

  /// `value` as the help texts write it: whole numbers without a fraction.
  package static func format(_ value: Double) -> String { NumberText.plain(value) }
}

/// The ranges of the numbers the commands take, each documented once here (the help texts and
/// the DocC articles quote them).
extension ValueRange {
  /// How long a run or a step of one lasts (`--duration`, `--dwell`): up to a year.
  package static let runSeconds = ValueRange(lowest: 0, includesLowest: false, highest: 31_536_000, unit: "seconds")
  /// A wait that may be none (`--arrive-after`): up to a year.
  package static let delaySeconds = ValueRange(lowest: 0, highest: 31_536_000, unit: "seconds")
  /// `--trials`: how many phones a prediction runs.
  package static let phoneTrials = ValueRange(lowest: 1, highest: 100_000, unit: "", wholeNumbers: true)
  /// `--seed`: where a prediction's random draws start.
  package static let seed = ValueRange(lowest: 0, highest: 4_294_967_295, unit: "", wholeNumbers: true)
  /// `--gtfs-rt-max-age`: up to a day.
  package static let realtimeAgeSeconds = ValueRange(
    lowest: 1, highest: 86_400, unit: "seconds", wholeNumbers: true)
  /// How long a beacon may go unheard before it counts as gone (`--lost-after`, `lostAfterSeconds`).
  package static let lostAfterSeconds = ValueRange(lowest: 0, includesLowest: false, highest: 3600, unit: "seconds")
  /// How long a heard controller may be silent while scanning before it counts as deaf
  /// (`--deaf-after`); 0: never.
  package static let deafAfterSeconds = ValueRange(lowest: 0, highest: 3600, unit: "seconds")
  /// How often a live run rewrites its page (`--report-every`); 0: only at the end.
  package static let reportEverySeconds = ValueRange(lowest: 0, highest: 86_400, unit: "seconds")
  /// A station's RSSI threshold (`--enter-rssi`, `--exit-rssi`, `enterRSSI`, `exitRSSI`): what
  /// a controller can report (−127 dBm) to a transmitter touching the antenna.
  package static let rssi = ValueRange(lowest: -127, highest: 20, unit: "dBm")
  /// The dB added to a receiver's RSSIs (`--rssi-offset`): receivers differ by about 10 dB at the
  /// same distance; 60 dB either way is far beyond any receiver and still keeps a sum finite.
  package static let rssiOffset = ValueRange(lowest: -60, highest: 60, unit: "dB")
  /// The log-distance model's exponent (`--path-loss-exponent`): 2 in free space, 1.1–2.5 on real
  /// receivers (a corridor or car guides the signal below 2), up to 4–6 through walls and bodies;
  /// below 1 a signal would grow stronger than free space allows over distance.
  package static let pathLossExponent = ValueRange(lowest: 1, highest: 6, unit: "")
  /// How far calibration beacons stand from the receiver (`--calibrate`): within a room to a platform.
  package static let calibrationMetres = ValueRange(lowest: 0.1, highest: 100, unit: "m")
  /// Reports in a row (`--enter-reports`, `enterReports`).
  package static let reportCount = ValueRange(lowest: 1, highest: 100, unit: "", wholeNumbers: true)
  /// Stops a station found may lie ahead of the last one (`maximumPlausibleSkip`).
  package static let plausibleSkip = ValueRange(lowest: 0, highest: 100, unit: "stops", wholeNumbers: true)
  /// The shortest time a train takes per stop (`minimumSecondsPerStop`).
  package static let secondsPerStop = ValueRange(lowest: 0, highest: 3600, unit: "seconds")
  /// A scan's interval and window (`--scan-interval`, `--scan-window`): the spec's range for legacy
  /// scanning (0x0004 to 0x4000 units of 0.625 ms), which the extended commands' includes.
  package static let scanMilliseconds = ValueRange(lowest: 2.5, highest: 10_240, unit: "ms")
  /// The share of each scan interval spent listening (`--duty`).
  package static let dutyPercent = ValueRange(lowest: 1, highest: 100, unit: "%")
  /// Legacy advertising's interval (`beacon-broadcast --interval`).
  package static let advertisingMilliseconds = ValueRange(lowest: 20, highest: 10_240, unit: "ms")
  /// An iBeacon's measured power (`--measured-power`): a signed byte.
  package static let measuredPower = ValueRange(lowest: -128, highest: 127, unit: "dBm", wholeNumbers: true)
  /// A 16-bit identifier: an iBeacon's major or minor, a train set, a line's code.
  package static let identifier16 = ValueRange(lowest: 0, highest: 65_535, unit: "", wholeNumbers: true)
  /// When an expected beacon counts as silent (`--silent-after`).
  package static let silentAfterSeconds = ValueRange(lowest: 1, highest: 86_400, unit: "seconds")
  /// How far below its baseline an expected beacon counts as weak (`--weak-drop`).
  package static let weakDrop = ValueRange(lowest: 1, highest: 60, unit: "dB")
  /// The least time between two MQTT states of one beacon (`--mqtt-interval`).
  package static let mqttIntervalSeconds = ValueRange(lowest: 0.1, highest: 3600, unit: "seconds")
  /// How far a beacon's smoothed RSSI moves before its MQTT state is worth a message
  /// (`--mqtt-deadband`).
  package static let mqttDeadbandDecibels = ValueRange(lowest: 0, highest: 40, unit: "dB")
  /// The longest silence about a beacon still heard (`--mqtt-heartbeat`).
  package static let mqttHeartbeatSeconds = ValueRange(lowest: 1, highest: 86_400, unit: "seconds")
  /// How often a node publishes its telemetry (`--mqtt-telemetry`).
  package static let mqttTelemetrySeconds = ValueRange(lowest: 5, highest: 86_400, unit: "seconds")
  /// A walk between two stations of a catalog (`walkingMinutes`).
  package static let walkingMinutes = ValueRange(lowest: 0, highest: 1440, unit: "minutes")
  /// WGS 84 decimal degrees (`latitude`, `longitude`).
  package static let latitude = ValueRange(lowest: -90, highest: 90, unit: "degrees")
  package static let longitude = ValueRange(lowest: -180, highest: 180, unit: "degrees")
}

/// A number on the command line outside its documented range, or no number at all.
package struct ValueOutOfRange: Error, CustomStringConvertible {
  package var range: ValueRange
  package var description: String { "must be \(range)" }
}

/// A file's number outside its key's documented range.
package struct KeyOutOfRange: Error, CustomStringConvertible {
  package var key: String
  package var value: Double
  package var range: ValueRange
  package var description: String { "\"\(key)\" must be \(range) (not \(ValueRange.format(value)))" }
}

extension Duration {
  /// `seconds`, to the millisecond, without trapping: the one conversion of a number of seconds
  /// a user gave (checked by its ``ValueRange`` first) to a `Duration`. Out of `Int64`'s reach it
  /// saturates; NaN is zero.
  package static func milliseconds(ofSeconds seconds: Double) -> Duration {
    if let milliseconds = Int64(exactly: (seconds * 1000).rounded()) { return .milliseconds(milliseconds) }
    if seconds.isNaN { return .zero }
    return .milliseconds(seconds > 0 ? Int64.max : Int64.min)
  }
}
