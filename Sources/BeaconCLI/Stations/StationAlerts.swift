import LinuxNotifications
import MRTNavigation

/// The domain's ``NotificationManager`` on Linux: a desktop notification when a desktop session
/// has `notify-send`, and the terminal bell. Channels that are not available are skipped; the
/// printed event line is always there.
final class DesktopNotificationManager: NotificationManager {
  let channels: NotificationChannels

  init(channels: NotificationChannels) { self.channels = channels }

  func notify(title: String, body: String) {
    if case .available = channels.desktop.availability { try? channels.desktop.notify(title: title, body: body) }
  }
}

/// The domain's ``AlarmManager`` on Linux: the terminal bell and a chime played with `paplay` or
/// `aplay`, each when available. A short alarm: it ends by itself, so silencing does nothing.
final class ChimeAlarmManager: AlarmManager {
  let channels: NotificationChannels

  init(channels: NotificationChannels) { self.channels = channels }

  func soundAlarm(reason: AlarmReason) {
    if case .available = channels.bell.availability { try? channels.bell.ring() }
    if case .available = channels.alarm.availability { try? channels.alarm.play() }
  }

  func silenceAlarm() {}
}

/// A notification and the alarm, as the station commands raise them: the desktop notification
/// and, when `sounding`, the terminal bell and the chime, each where this machine has it.
struct Alerts {
  let notifications: (any NotificationManager)?
  let alarm: (any AlarmManager)?
  let channels: NotificationChannels
  let sounding: Bool

  init(channels: NotificationChannels = NotificationChannels(), sounding: Bool = true) {
    notifications = DesktopNotificationManager(channels: channels)
    alarm = sounding ? ChimeAlarmManager(channels: channels) : nil
    self.channels = channels
    self.sounding = sounding
  }

  /// Whether one of the channels works here now (a desktop session, a terminal on standard
  /// error, a sound player): then the alerts are an output of their own, which a closed
  /// standard output does not end (``StandardOutput/runHasOtherOutputs``).
  var reachTheUser: Bool {
    if case .available = channels.desktop.availability { return true }
    guard sounding else { return false }
    if case .available = channels.bell.availability { return true }
    if case .available = channels.alarm.availability { return true }
    return false
  }

  /// Shows `title` and `body` and sounds the alarm for `reason`.
  func raise(title: String, body: String, reason: AlarmReason) {
    notifications?.notify(title: title, body: body)
    alarm?.soundAlarm(reason: reason)
  }

  /// Shows `title` and `body`, without the alarm.
  func notify(title: String, body: String) {
    notifications?.notify(title: title, body: body)
  }
}
