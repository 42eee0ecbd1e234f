import ProgramOutput

/// A notification and the alarm, as the station commands raise them: the desktop notification
/// and, when `sounding`, the terminal bell and the chime, each where this machine has it.
/// Channels that are not available are skipped; a channel that fails is said on standard error
/// each time it fails, and the printed event line is always there.
package struct Alerts {
  package let channels: NotificationChannels
  /// Whether the alarm sounds (the bell and the chime) or only notifications are shown.
  package let sounding: Bool
  /// The program named at the start of a warning.
  let program: String

  /// The alerts of `program` (which names it in its warnings) over `channels`.
  package init(program: String, channels: NotificationChannels = NotificationChannels(), sounding: Bool = true) {
    self.program = program
    self.channels = channels
    self.sounding = sounding
  }

  /// Whether one of the channels works here now (a desktop session, a terminal on standard
  /// error, a sound player): then the alerts are an output of their own, which a closed
  /// standard output does not end (``ProgramOutput/StandardOutput/runHasOtherOutputs``).
  package var reachTheUser: Bool {
    if case .available = channels.desktop.availability { return true }
    guard sounding else { return false }
    if case .available = channels.bell.availability { return true }
    if case .available = channels.alarm.availability { return true }
    return false
  }

  /// Sounds the alarm (when `sounding`), then shows `title` and `body`.
  ///
  /// The alarm first: each helper program is waited for in turn (within its own bound), and the
  /// sound the rider hears must not wait behind a desktop that is slow to show the notification.
  package func raise(title: String, body: String) {
    if sounding { soundAlarm() }
    notify(title: title, body: body)
  }

  /// Shows `title` and `body`, without the alarm.
  package func notify(title: String, body: String) {
    guard case .available = channels.desktop.availability else { return }
    do {
      try channels.desktop.notify(title: title, body: body)
    } catch {
      warn(.desktop, failed: error)
    }
  }

  /// The terminal bell and the chime; a short alarm that ends by itself.
  private func soundAlarm() {
    if case .available = channels.bell.availability {
      do {
        try channels.bell.ring()
      } catch {
        warn(.bell, failed: error)
      }
    }
    if case .available = channels.alarm.availability {
      do {
        try channels.alarm.play()
      } catch {
        warn(.alarm, failed: error)
      }
    }
  }

  private func warn(_ channel: NotificationChannel, failed error: ChannelDeliveryError) {
    StandardError.writeLine("\(program): warning: \(channel.rawValue) failed: \(error)")
  }
}
