import Testing

@testable import PhoneModels

/// The named models against their sources' figures, typed here from the sources (AOSP
/// ScanManager.java per Android version, AltBeacon's BeaconManager.java and docs, Radius Networks'
/// iOS measurements), not from the code.
@Suite struct PhoneModelScheduleTests {
  /// name: window, interval, cycle, pause (ms), and how the app gets the reports.
  static let documented: [(String, Double, Double, Double?, Double, String)] = [
    ("android13-low-latency", 100, 100, nil, 0, "each"),
    ("android13-balanced", 183, 730, nil, 0, "each"),
    ("android13-low-power", 140, 1400, nil, 0, "each"),
    ("android13-screen-off", 512, 10240, nil, 0, "each"),
    ("android9-low-power", 512, 5120, nil, 0, "each"),
    ("android5-low-power", 500, 5000, nil, 0, "each"),
    // AltBeacon: LOW_LATENCY during every scan cycle; 1100 ms foreground cycles; in the background a
    // 10-s scan every 15 minutes (the job scheduler's floor).
    ("abl-foreground", 100, 100, 1100, 0, "end"),
    ("abl-background", 100, 100, 10_000, 890_000, "end"),
    ("abl-foreground-service", 100, 100, 1100, 0, "end"),
    ("ios-ranging", 100, 100, nil, 0, "ranging 1000"),
    ("ios-monitoring-locked", 1000, 11_000, nil, 0, "entry 1000 5...10 exit 30"),
  ]

  static func deliveryName(_ delivery: PhoneDelivery) -> String {
    switch delivery {
    case .eachReport: return "each"
    case .cycleEnd: return "end"
    case .ranging(let period): return "ranging \(Int(period))"
    case .regionEntry(let period, let span, let exit):
      return "entry \(Int(period)) \(Int(span.lowerBound))...\(Int(span.upperBound)) exit \(Int(exit))"
    }
  }

  @Test func everyNamedModelIsTheDocumentedSchedule() throws {
    #expect(PhoneModel.named.map(\.name) == Self.documented.map(\.0))
    for (name, window, interval, cycle, pause, delivery) in Self.documented {
      let model = try PhoneModel(parsing: name)
      #expect(model.schedule.windowMilliseconds == window, "\(name)")
      #expect(model.schedule.intervalMilliseconds == interval, "\(name)")
      #expect(model.schedule.cycleMilliseconds == cycle, "\(name)")
      #expect(model.schedule.pauseMilliseconds == pause, "\(name)")
      #expect(Self.deliveryName(model.schedule.delivery) == delivery, "\(name)")
    }
  }

  @Test func everyModelSaysWhatItRestsOn() throws {
    for model in PhoneModel.named {
      let sourced = ["AOSP ScanManager", "Android Beacon Library", "iOS"].contains { model.basis.contains($0) }
      #expect(sourced, "\(model.name): \(model.basis)")
      #expect(model.basis.contains("documented") || model.basis.contains("measured"), "\(model.name)")
    }
  }

  /// Android 13 downgrades a filtered scan to LOW_POWER after 30 minutes (regularScanTimeout).
  @Test func androidThirteensForegroundScansAreDowngradedAfterHalfAnHour() throws {
    for name in ["android13-low-latency", "android13-balanced"] {
      let downgrade = try #require(try PhoneModel(parsing: name).schedule.downgrade)
      #expect(downgrade.afterMilliseconds == 1_800_000)
      #expect(downgrade.windowMilliseconds == 140 && downgrade.intervalMilliseconds == 1400)
    }
  }

  @Test func customSchedulesAreRead() throws {
    let plain = try PhoneModel(parsing: "window=140,interval=1400").schedule
    #expect(plain == PhoneScanSchedule(windowMilliseconds: 140, intervalMilliseconds: 1400))
    let cycled = try PhoneModel(parsing: "window=100, interval=100, cycle=1100").schedule
    #expect(cycled.cycleMilliseconds == 1100 && cycled.delivery == .cycleEnd)
    let paused = try PhoneModel(parsing: "report=each,cycle=10000,pause=890000,interval=5120,window=512").schedule
    #expect(paused.pauseMilliseconds == 890_000 && paused.delivery == .eachReport && paused.windowMilliseconds == 512)
    let custom = try PhoneModel(parsing: "window=183,interval=730")
    #expect(custom.basis.contains("custom"))
  }

  @Test(arguments: [
    ("", PhoneModelError.unknownModel("")),
    ("iphone", .unknownModel("iphone")),
    ("window=100", .missingKey("interval")),
    ("interval=100", .missingKey("window")),
    ("window=100,interval=100,phase=3", .unknownKey("phase")),
    ("window=100,window=50,interval=100", .repeatedKey("window")),
    ("window=100,interval", .notKeyValue("interval")),
    ("window=200,interval=100", .windowLongerThanInterval(window: 200, interval: 100)),
    ("window=100,interval=100,report=end", .needsCycle("report=end")),
    ("window=100,interval=100,pause=5", .needsCycle("pause")),
    (
      "window=100,interval=100,cycle=1000,report=later",
      .badValue(key: "report", value: "later", expected: "end or each")
    ),
  ])
  func badSchedulesAreRefused(text: String, error: PhoneModelError) {
    #expect(throws: error) { try PhoneModel(parsing: text) }
  }

  @Test(arguments: ["nan", "inf", "-1", "0", "1e3", "3600001", "", "0x10", "+5", "1,5"])
  func badNumbersAreRefusedWithTheirRange(value: String) {
    do {
      _ = try PhoneModel(parsing: "window=\(value),interval=5000")
      Issue.record("window=\(value) was accepted")
    } catch {
      switch error {
      case .badValue(let key, _, let expected):
        #expect(key == "window")
        #expect(expected == "more than 0 to 3600000 milliseconds")
      case .notKeyValue:
        // "1,5" splits into window=1 and a part without "=".
        #expect(value == "1,5")
      default:
        Issue.record("window=\(value): \(error)")
      }
    }
  }

  @Test func anUnknownModelListsTheNamedOnes() {
    let message = PhoneModelError.unknownModel("pixel").description
    for model in PhoneModel.named { #expect(message.contains(model.name)) }
    #expect(message.contains("window=140,interval=1400"))
  }
}
