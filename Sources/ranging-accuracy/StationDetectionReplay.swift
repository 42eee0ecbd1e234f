import Beacons
import BluetoothTypes
import MRTNavigation

/// A `found` or `left` of the product's ``StationDetector`` on a replayed recording, with the true
/// distance of the report that triggered it.
struct DetectionEvent {
  enum Kind: String {
    case found
    case left
  }

  var kind: Kind
  var time: Timestamp
  /// The truth file's distance (m) of the report at ``time``: the one whose smoothed RSSI crossed
  /// the threshold, or for a beacon lost, the last one heard.
  var trueDistance: Double
}

/// The recordings' beacon as the one station of a catalog, so that the replay runs the detector
/// `beacon-ride` and `beacon-scan --notify` run.
enum RecordedStation {
  /// A catalog of one station whose beacon is the first beacon the recordings heard (the
  /// converter's iBeacon).
  static func catalog(_ recordings: [ReceiverRecording]) throws(AccuracyInputError) -> StationCatalog {
    guard let identity = recordings.lazy.flatMap(\.reports).first?.sighting.frame.identity else {
      throw AccuracyInputError(description: "the captures hold no beacon report; convert again")
    }
    let station = Station(name: "Recorded", displayName: "Recorded beacon", lineOrder: 1, beacon: identity)
    do {
      return try StationCatalog(stations: [station])
    } catch {
      throw AccuracyInputError(description: "the recorded beacon cannot form a station catalog: \(error)")
    }
  }
}

extension ReceiverRecording {
  /// Replays every report through a fresh ``StationDetector`` for `catalog` and `policy` with the
  /// product's ranging defaults and `offset` as ``BeaconRanging/Configuration/rssiOffset`` (what
  /// `beacon-ride --rssi-offset` gives it) and `window` as its smoothing window, and pairs each
  /// `found` and `left` with the true distance at its time. A station still present when the
  /// recording ends is not counted as left: the recording stopped, not the radio.
  func detections(
    catalog: StationCatalog, offset: Int, policy: StationPresencePolicy = StationPresencePolicy(),
    window: Duration = BeaconRanging.Configuration().smoothingWindow
  ) -> [DetectionEvent] {
    var configuration = BeaconRanging.Configuration(smoothingWindow: window)
    configuration.rssiOffset = Double(offset)
    var detector = StationDetector(catalog: catalog, policy: policy, rangingConfiguration: configuration)
    var detections: [DetectionEvent] = []
    for report in reports {
      for event in detector.ingest(report.sighting) {
        let detection: (DetectionEvent.Kind, Timestamp)
        switch event {
        case .found(_, _, let time): detection = (.found, time)
        case .left(_, let time): detection = (.left, time)
        case .suspect: continue
        }
        // A threshold crossed by this report is at its time; a beacon lost was last heard earlier.
        let distance =
          detection.1 == report.sighting.time ? report.trueDistance : trueDistance(nearest: detection.1)
        detections.append(DetectionEvent(kind: detection.0, time: detection.1, trueDistance: distance))
      }
    }
    return detections
  }

  /// The true distance of the last report at or before `time` (a beacon lost: its last report),
  /// or of the first when none is.
  private func trueDistance(nearest time: Timestamp) -> Double {
    var low = 0
    var high = reports.count
    while low < high {
      let middle = (low + high) / 2
      if reports[middle].sighting.time <= time { low = middle + 1 } else { high = middle }
    }
    let index = max(low - 1, 0)
    return index < reports.count ? reports[index].trueDistance : .nan
  }
}
