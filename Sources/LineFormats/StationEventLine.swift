import BluetoothTypes
import MRTNavigation
import Positioning

/// What a station event is: the kinds of the lines of `beacon-scan --notify` and `beacon-ride`,
/// and of the events `--report`'s page lists.
package enum StationEventKind: String, Sendable {
  case found, arrived, left, suspect, transfer, approaching, wrongDirection, train
}

/// A station event as ``StationEventFormatter`` formats it: the line, and what it says, so that
/// the presenter writing the line can record the same event (`--report` lists exactly the events
/// printed).
package struct StationEventLine: Sendable {
  package let kind: StationEventKind
  package let station: Station
  /// The source that found it; `nil` for `beacon-scan --notify`'s events and a journey's announcements.
  package let source: StationSource?
  package let time: Timestamp
  /// The event's words for people, when it has some.
  package let detail: String?
  /// Where it happened, when known: a GPS event's position.
  package let place: GeoCoordinate?
  /// The line, text or one JSON object, without a newline.
  package let line: String
}
