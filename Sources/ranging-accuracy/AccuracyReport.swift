import Beacons
import MRTNavigation

/// The study's tables: the data, the choices on the calibration part, the results on the measured
/// part, and station detection before and after calibration.
struct AccuracyReport {
  var study: AccuracyStudy
  /// The recorded beacon as a station, for the detection tables.
  var catalog: StationCatalog

  func tables() -> [AccuracyTable] {
    let grid = study.grid()
    guard let best = grid.min(by: { $0.calibratedFactor < $1.calibratedFactor }) else { return [dataTable()] }
    let chosen = best.setup
    let rules = CalibrationRule.allCases.map { rule in
      (
        rule,
        medianErrorFactor(
          AccuracyStudy.ranged(study.calibration, chosen, offsets: rule.offsets(study.calibration, setup: chosen)))
      )
    }
    let rule = rules.min { ($0.1 ?? .infinity) < ($1.1 ?? .infinity) }?.0 ?? .smoothed
    let defaults = BeaconRanging.Configuration()
    let outcomes = [
      study.outcome(
        name: "chosen: \(chosen.smoothingLabel), n \(decimal(chosen.exponent, 1))", setup: chosen, rule: rule),
      study.outcome(
        name: "product defaults: 10 s, trim 0.2, n 2.5",
        setup: RangingSetup(
          window: defaults.smoothingWindow, trimmedFraction: defaults.trimmedFraction,
          exponent: defaults.pathLossExponent), rule: rule),
      study.outcome(
        name: "baseline: 10-s moving median, n 2",
        setup: RangingSetup(window: .seconds(10), trimmedFraction: RangingSetup.median, exponent: 2), rule: .smoothed),
    ]
    return [
      dataTable(), smoothingTable(grid), exponentTable(grid, chosen: chosen), ruleTable(rules, chosen: chosen),
      offsetTable(outcomes), resultTable(outcomes), confusionTable(outcomes[0]),
    ] + DetectionReport(study: study, catalog: catalog, offsets: outcomes[1].offsets).tables()
  }

  private func measurable(_ recording: ReceiverRecording) -> Int { recording.reports.filter(isMeasurable).count }

  private func dataTable() -> AccuracyTable {
    let tracks = Array(Set((study.calibration + study.measured).map(\.track))).sorted()
    let rows = tracks.map { track in
      let recordings = (study.calibration + study.measured).filter { $0.track == track }
      let part = AccuracyStudy.calibrationTracks.contains(track) ? "calibration" : "measured"
      return [track, part]
        + AccuracyStudy.kinds.map { kind in
          String(recordings.filter { $0.receiver.kind == kind }.map(measurable).reduce(0, +))
        } + [String(recordings.map(measurable).reduce(0, +))]
    }
    return AccuracyTable(
      title: "Reports per track (measurable: an RSSI below 0 dBm, a true distance of 1 cm or more)",
      header: ["track", "part", "pi", "dongle", "all"], rows: rows)
  }

  private func smoothingTable(_ grid: [AccuracyStudy.GridPoint]) -> AccuracyTable {
    let rows = AccuracyStudy.windows.map { window in
      ["\(decimal(window, 0)) s"]
        + AccuracyStudy.trims.map { trim in
          let cell = grid.filter {
            $0.setup.window == .seconds(window) && $0.setup.trimmedFraction == trim
          }.min { $0.calibratedFactor < $1.calibratedFactor }
          return cell.map { "\(decimal($0.calibratedFactor, 3)) (n \(decimal($0.setup.exponent, 1)))" } ?? "-"
        }
    }
    return AccuracyTable(
      title: "Calibration part: median error factor after calibration, each smoothing at its best n",
      header: ["window"] + AccuracyStudy.trims.map { $0 >= RangingSetup.median ? "median" : "trim \(decimal($0, 1))" },
      rows: rows,
      note: "Each receiver calibrated on the calibration part (median of model − smoothed RSSI), n from 1.2 to 3.0.")
  }

  private func exponentTable(_ grid: [AccuracyStudy.GridPoint], chosen: RangingSetup) -> AccuracyTable {
    let rows = grid.filter { $0.setup.window == chosen.window && $0.setup.trimmedFraction == chosen.trimmedFraction }
      .map { point in
        [decimal(point.setup.exponent, 1), decimal(point.calibratedFactor, 3)]
          + [point.setup.exponent == chosen.exponent ? "chosen" : ""]
      }
    return AccuracyTable(
      title: "Calibration part: median error factor after calibration by exponent n (\(chosen.smoothingLabel))",
      header: ["n", "factor", ""], rows: rows)
  }

  private func ruleTable(_ rules: [(CalibrationRule, Double?)], chosen: RangingSetup) -> AccuracyTable {
    AccuracyTable(
      title: "Calibration part: the calibration rule (\(chosen.smoothingLabel), n \(decimal(chosen.exponent, 1)))",
      header: ["rule", "factor"], rows: rules.map { [$0.0.label, decimal($0.1 ?? .nan, 3)] })
  }

  private func offsetTable(_ outcomes: [AccuracyStudy.Outcome]) -> AccuracyTable {
    let receivers = Array(Set(study.calibration.map(\.receiver))).sorted { ($0.kind, $0.alias) > ($1.kind, $1.alias) }
    return AccuracyTable(
      title: "RSSI offset per receiver (dB, from the calibration part)",
      header: ["receiver", "kind"] + outcomes.map(\.name),
      rows: receivers.map { receiver in
        [receiver.alias, receiver.kind] + outcomes.map { $0.offsets[receiver.alias].map { String($0) } ?? "-" }
      })
  }

  private func resultTable(_ outcomes: [AccuracyStudy.Outcome]) -> AccuracyTable {
    var rows: [[String]] = []
    for outcome in outcomes {
      for (label, reports, spread) in [
        ("before (offset 0)", outcome.before, outcome.spreadBefore),
        ("after (\(outcome.rule == .smoothed ? "smoothed" : "raw") rule)", outcome.after, outcome.spreadAfter),
      ] {
        let factors = AccuracyStudy.kinds.map { kind in reports.filter { $0.kind == kind } } + [reports]
        rows.append(
          [outcome.name, label, decimal(spread ?? .nan, 1)]
            + factors.map { decimal(medianErrorFactor($0) ?? .nan, 2) }
            + factors.map { part in
              spread.flatMap { intervalCoverage(part, exponent: outcome.setup.exponent, spread: $0) }
                .map { "\(decimal($0 * 100, 0)) %" } ?? "-"
            })
      }
    }
    return AccuracyTable(
      title:
        "Measured part (\(study.measured.map(\.track).uniqued.joined(separator: ", "))): median error factor and interval coverage",
      header: [
        "configuration", "calibration", "s (dB)", "factor pi", "factor dongle", "factor all", "within ±s pi",
        "within ±s dongle", "within ±s all",
      ],
      rows: rows,
      note:
        "s: 68 % of the calibration part's |smoothed RSSI + offset − model(true distance)|; within ±s: the share of true "
        + "distances between the distances at smoothed RSSI + s and − s.")
  }

  private func confusionTable(_ outcome: AccuracyStudy.Outcome) -> AccuracyTable {
    let configuration = outcome.setup.configuration
    var rows: [[String]] = []
    for (label, reports) in [("before", outcome.before), ("after", outcome.after)] {
      let confusion = ProximityConfusion(reports, configuration: configuration)
      for truth in ProximityConfusion.classes {
        rows.append(
          [label, truth.rawValue]
            + ProximityConfusion.classes.map { String(confusion.count(true: truth, estimated: $0)) })
      }
      rows.append([label, "agreement", decimal((confusion.agreement ?? .nan) * 100, 0) + " %", "", ""])
    }
    return AccuracyTable(
      title: "Measured part: proximity, true class (rows) against estimated (\(outcome.name))",
      header: ["calibration", "true"] + ProximityConfusion.classes.map { "estimated \($0.rawValue)" }, rows: rows,
      note: "Classes: immediate under 0.5 m, near under 3 m, far beyond.")
  }
}

extension Array where Element: Hashable {
  /// The elements in order, each once.
  var uniqued: [Element] {
    var seen: Set<Element> = []
    return filter { seen.insert($0).inserted }
  }
}
