import Beacons
import LineFormats
import LinuxNotifications
import MRTNavigation

/// `--expect`'s alarm: each time an expected station's beacon is judged silent, weak or
/// suspicious (a change from ok, from nothing yet, or from another problem), a desktop
/// notification and the alarm; nothing when it recovers.
struct HealthAlerts {
  let alerts: Alerts

  func tell(_ change: BeaconHealthChange, station: Station) {
    guard change.health != .ok else { return }
    alerts.raise(
      title: "\(station.displayName) beacon: \(change.health.name)",
      body: HealthEventFormatter.detail(change.health, at: change.time, smoothed: nil))
  }
}
