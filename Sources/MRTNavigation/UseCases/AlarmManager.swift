/// Sounds an alarm the rider cannot miss. Implemented outside the domain.
public protocol AlarmManager: AnyObject {
  /// Starts the alarm for `reason`.
  func soundAlarm(reason: AlarmReason)
  /// Silences the alarm, if it is sounding.
  func silenceAlarm()
}
