import LinuxNotifications
import ProgramOutput

/// A notification channel that failed to deliver, told on standard error in one line
/// (`beacon-ride: warning: alarm sound failed: aplay exited with status 1: …; run it by hand to see
/// why`): the printed event line is there either way, but a rider who hears nothing must be able
/// to find out why. A channel this machine does not have is skipped without a word, as documented.
struct ChannelFailureWarning {
  /// The program named at the start of the line.
  let program: String

  func tell(_ channel: NotificationChannel, failed error: ChannelDeliveryError) {
    StandardError.writeLine("\(program): warning: \(channel.rawValue) failed: \(error)")
  }
}
