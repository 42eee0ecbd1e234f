import MRTNavigation

/// The station detection tables: the recorded beacon as a station, each receiver's recordings
/// replayed through the product's detector before calibration (offset 0) and after (its offset).
struct DetectionReport {
  var study: AccuracyStudy
  var catalog: StationCatalog
  /// Each receiver's RSSI offset (dB), as the offset table gives it for the product defaults.
  var offsets: [String: Int]

  /// The thresholds replayed: the product's, and the same rule moved up into this room's range.
  /// The room is 18 × 17 m and the receivers hear the beacon at −88 dBm or less on 3 % of the
  /// reports, so the product's thresholds cannot show where a station is found; −75 dBm is what
  /// the model (−59 dBm at 1 m, n 2.5) expects at 4.4 m, −82 dBm at 8.3 m, with the product's
  /// 7 dB gap and 3 reports. Chosen before replaying, not fitted.
  static let policies: [(name: String, policy: StationPresencePolicy)] = [
    ("product thresholds (−88 / −95 dBm)", StationPresencePolicy()),
    ("room thresholds (−75 / −82 dBm)", StationPresencePolicy(enterThreshold: -75, exitThreshold: -82)),
  ]

  /// One receiver's events on one part, before or after calibration.
  private struct ReceiverDetections {
    var receiver: Receiver
    var offset: Int
    var found: [Double]
    var left: [Double]
  }

  /// One part under one policy: each receiver before calibration and after.
  private struct Replay {
    var part: String
    var policy: String
    var before: [ReceiverDetections]
    var after: [ReceiverDetections]
  }

  func tables() -> [AccuracyTable] {
    let parts = [
      ("calibration", AccuracyStudy.calibrationTracks, study.calibration),
      ("measured", study.measured.map(\.track).uniqued, study.measured),
    ]
    var replays: [Replay] = []
    for (name, policy) in Self.policies {
      for (part, tracks, recordings) in parts {
        replays.append(
          Replay(
            part: "\(part) part (\(tracks.joined(separator: ", ")))", policy: name,
            before: detections(recordings, policy: policy, calibrated: false),
            after: detections(recordings, policy: policy, calibrated: true)))
      }
    }
    return replays.map(receiverTable) + [summaryTable(replays)]
  }

  private func detections(_ recordings: [ReceiverRecording], policy: StationPresencePolicy, calibrated: Bool)
    -> [ReceiverDetections]
  {
    let receivers = Array(Set(recordings.map(\.receiver))).sorted { ($0.kind, $0.alias) > ($1.kind, $1.alias) }
    return receivers.map { receiver in
      let offset = calibrated ? offsets[receiver.alias] ?? 0 : 0
      let events = recordings.filter { $0.receiver == receiver }.flatMap {
        $0.detections(catalog: catalog, offset: offset, policy: policy)
      }
      return ReceiverDetections(
        receiver: receiver, offset: offset, found: events.filter { $0.kind == .found }.map(\.trueDistance),
        left: events.filter { $0.kind == .left }.map(\.trueDistance))
    }
  }

  /// "median (min–max)" in metres, or `none`.
  private func distances(_ values: [Double], none: String) -> String {
    guard let middle = median(values), let low = values.min(), let high = values.max() else { return none }
    return "\(decimal(middle, 1)) (\(decimal(low, 1))–\(decimal(high, 1)))"
  }

  private func receiverTable(_ replay: Replay) -> AccuracyTable {
    let rows = zip(replay.before, replay.after).map { before, after in
      [before.receiver.alias, before.receiver.kind, String(after.offset)]
        + [before, after].flatMap { entry in
          [
            String(entry.found.count), distances(entry.found, none: "never found"), String(entry.left.count),
            distances(entry.left, none: "-"),
          ]
        }
    }
    return AccuracyTable(
      title: "Station detection, \(replay.policy), \(replay.part): true distance (m) at found and at left",
      header: [
        "receiver", "kind", "offset (dB)", "found before", "at (m) before", "left before", "at (m) before",
        "found after", "at (m) after", "left after", "at (m) after",
      ],
      rows: rows,
      note:
        "The recorded beacon as a station, each receiver's captures replayed through StationDetector (found: "
        + "smoothed RSSI at or above the enter threshold for 3 reports; left: below the exit threshold, or not "
        + "heard for 20 s), before calibration (offset 0) and after (the receiver's offset); at: median "
        + "(min–max) of the true distances of the reports that triggered them. A station still present when a "
        + "recording ends is not counted as left.")
  }

  private func summaryTable(_ replays: [Replay]) -> AccuracyTable {
    var rows: [[String]] = []
    for replay in replays {
      for (label, receivers) in [("before", replay.before), ("after", replay.after)] {
        let medians = receivers.compactMap { median($0.found) }
        var spread = "-"
        if let low = medians.min(), let high = medians.max() {
          spread = "\(decimal(high - low, 1)) (\(decimal(low, 1))–\(decimal(high, 1)))"
        }
        let ratio = medians.min().flatMap { low in medians.max().map { decimal($0 / low, 1) } } ?? "-"
        rows.append(
          [replay.policy, replay.part.split(separator: " ").first.map(String.init) ?? replay.part, label]
            + AccuracyStudy.kinds.map { kind in
              let ofKind = receivers.filter { $0.receiver.kind == kind }
              let found = ofKind.filter { !$0.found.isEmpty }.count
              return "\(found)/\(ofKind.count): \(distances(ofKind.flatMap(\.found), none: "-"))"
            } + [spread, ratio])
      }
    }
    return AccuracyTable(
      title: "Station detection: who found the station, at what true distance, and how far apart the receivers are",
      header: [
        "thresholds", "part", "calibration", "pi found at (m)", "dongle found at (m)",
        "receivers' median found at: range (m)", "max / min",
      ],
      rows: rows,
      note:
        "found at: receivers with at least one found / receivers of the kind, then the median (min–max) of "
        + "all their found events; range and max / min: of the receivers' own median found distances.")
  }
}
