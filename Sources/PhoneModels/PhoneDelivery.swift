/// How what the radio received reaches the app: at once, at the end of the library's scan cycle,
/// as the OS's once-a-second ranging, or through a region entry followed by a few seconds of
/// ranging (iOS while locked).
public enum PhoneDelivery: Hashable, Sendable {
  /// Each advert as it is received (Android's scan callback, `CALLBACK_TYPE_ALL_MATCHES`).
  case eachReport
  /// What a scan cycle received, handed over at the cycle's end, each report timed then (the
  /// Android Beacon Library's ranging callback, which carries every beacon of the cycle with its
  /// packet count and RSSIs).
  case cycleEnd
  /// Once a period, for each beacon received in it, one report with the mean RSSI (iOS's
  /// Core Location ranging, about once a second).
  case ranging(periodMilliseconds: Double)
  /// A region entry when a look of the radio's windows receives a beacon whose region the phone is
  /// outside; then ranging (once a period) for a span drawn from `rangingSeconds`; the region is
  /// left after `exitSeconds` without any report of it (iOS region monitoring while locked).
  case regionEntry(periodMilliseconds: Double, rangingSeconds: ClosedRange<Double>, exitSeconds: Double)
}
