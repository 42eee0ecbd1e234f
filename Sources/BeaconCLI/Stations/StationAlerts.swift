import LinuxNotifications
import MRTNavigation

/// A desktop notification on Linux: when a desktop session
/// has `notify-send`, and the terminal bell. Channels that are not available are skipped; one that
/// fails is told on standard error; the printed event line is always there.
final class DesktopNotificationManager {
  let channels: NotificationChannels
  let warning: ChannelFailureWarning

  init(channels: NotificationChannels, program: String) {
    self.channels = channels
    self.warning = ChannelFailureWarning(program: program)
  }

  func notify(title: String, body: String) {
    guard case .available = channels.desktop.availability else { return }
    do {
      try channels.desktop.notify(title: title, body: body)
    } catch {
      warning.tell(.desktop, failed: error)
    }
  }
}

/// The alarm on Linux (``MRTNavigation/RideEffect/alarm(_:)``): the terminal bell and a chime played with `paplay` or
/// `aplay`, each when available; one that fails is told on standard error. A short alarm: it ends
/// by itself, so silencing does nothing.
final class ChimeAlarmManager {
  let channels: NotificationChannels
  let warning: ChannelFailureWarning

  init(channels: NotificationChannels, program: String) {
    self.channels = channels
    self.warning = ChannelFailureWarning(program: program)
  }

  func soundAlarm(reason: AlarmReason) {
    if case .available = channels.bell.availability {
      do {
        try channels.bell.ring()
      } catch {
        warning.tell(.bell, failed: error)
      }
    }
    if case .available = channels.alarm.availability {
      do {
        try channels.alarm.play()
      } catch {
        warning.tell(.alarm, failed: error)
      }
    }
  }
}

/// A notification and the alarm, as the station commands raise them: the desktop notification
/// and, when `sounding`, the terminal bell and the chime, each where this machine has it.
struct Alerts {
  let notifications: DesktopNotificationManager?
  let alarm: ChimeAlarmManager?
  let channels: NotificationChannels
  let sounding: Bool

  /// The alerts of `program` (which names it in its warnings) over `channels`.
  init(program: String, channels: NotificationChannels = NotificationChannels(), sounding: Bool = true) {
    notifications = DesktopNotificationManager(channels: channels, program: program)
    alarm = sounding ? ChimeAlarmManager(channels: channels, program: program) : nil
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

  /// Sounds the alarm for `reason`, then shows `title` and `body`.
  ///
  /// The alarm first: each helper program is waited for in turn (within its own bound), and the
  /// sound the rider hears must not wait behind a desktop that is slow to show the notification.
  func raise(title: String, body: String, reason: AlarmReason) {
    alarm?.soundAlarm(reason: reason)
    notifications?.notify(title: title, body: body)
  }

  /// Shows `title` and `body`, without the alarm.
  func notify(title: String, body: String) {
    notifications?.notify(title: title, body: body)
  }
}
