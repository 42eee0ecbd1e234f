extension PhoneModel {
  /// The named models, each with what it rests on. The DocC article "The phone's eye" gives their
  /// sources in full.
  public static let named: [PhoneModel] = android + beaconLibrary + iOS

  private static let scanManager = "AOSP ScanManager.java (packages/modules/Bluetooth)"

  /// Android 13's downgrade of a filtered scan to LOW_POWER after 30 minutes (10 on Android 14).
  private static let lowPowerAfterHalfAnHour = PhoneScanSchedule.Downgrade(
    afterMilliseconds: 30 * 60_000, windowMilliseconds: 140, intervalMilliseconds: 1400)

  private static let android: [PhoneModel] = [
    PhoneModel(
      name: "android13-low-latency",
      schedule: PhoneScanSchedule(
        windowMilliseconds: 100, intervalMilliseconds: 100, downgrade: lowPowerAfterHalfAnHour),
      basis: "\(scanManager), Android 13, SCAN_MODE_LOW_LATENCY: a 100-ms window every 100 ms, each advert to "
        + "the app, downgraded to LOW_POWER after 30 minutes (documented, in the source); an app in the "
        + "foreground or with a foreground service, scanning with a filter"),
    PhoneModel(
      name: "android13-balanced",
      schedule: PhoneScanSchedule(
        windowMilliseconds: 183, intervalMilliseconds: 730, downgrade: lowPowerAfterHalfAnHour),
      basis: "\(scanManager), Android 13, SCAN_MODE_BALANCED: 183 ms every 730 ms, downgraded to LOW_POWER "
        + "after 30 minutes (documented, in the source); an app in the foreground, scanning with a filter"),
    PhoneModel(
      name: "android13-low-power",
      schedule: PhoneScanSchedule(windowMilliseconds: 140, intervalMilliseconds: 1400),
      basis: "\(scanManager), Android 13 and later, SCAN_MODE_LOW_POWER: 140 ms every 1,400 ms "
        + "(documented, in the source); what an app in the background is forced to with the screen on"),
    PhoneModel(
      name: "android13-screen-off",
      schedule: PhoneScanSchedule(windowMilliseconds: 512, intervalMilliseconds: 10240),
      basis: "\(scanManager), Android 13 and later, SCAN_MODE_SCREEN_OFF: 512 ms every 10,240 ms, what "
        + "an app in the background gets with the screen off (documented, in the source); a filtered scan, "
        + "since an unfiltered one is suspended while the screen is off"),
    PhoneModel(
      name: "android9-low-power",
      schedule: PhoneScanSchedule(windowMilliseconds: 512, intervalMilliseconds: 5120),
      basis: "\(scanManager), Android 9 to 12L, SCAN_MODE_LOW_POWER: 512 ms every 5,120 ms "
        + "(documented, in the source)"),
    PhoneModel(
      name: "android5-low-power",
      schedule: PhoneScanSchedule(windowMilliseconds: 500, intervalMilliseconds: 5000),
      basis: "\(scanManager), Android 5.0 to 8.1, SCAN_MODE_LOW_POWER: 500 ms every 5,000 ms "
        + "(documented, in the source)"),
  ]

  private static let beaconLibrary: [PhoneModel] = [
    PhoneModel(
      name: "abl-foreground",
      schedule: PhoneScanSchedule(
        windowMilliseconds: 100, intervalMilliseconds: 100, cycleMilliseconds: 1100, delivery: .cycleEnd),
      basis: "Android Beacon Library (AltBeacon) BeaconManager.java: foreground scan cycles of 1,100 ms "
        + "without a pause, the cycle's beacons handed over at its end (documented, in the source), over "
        + "SCAN_MODE_LOW_LATENCY on Android 13 and later (100 ms every 100 ms)"),
    PhoneModel(
      name: "abl-background",
      schedule: PhoneScanSchedule(
        windowMilliseconds: 100, intervalMilliseconds: 100, cycleMilliseconds: 10_000, pauseMilliseconds: 890_000,
        delivery: .cycleEnd),
      basis: "Android Beacon Library (AltBeacon): in the background on Android 8 and later a scan job of "
        + "10 s (the background scan period) every 15 minutes at best (Android's job scheduler), the "
        + "cycle's beacons handed over at its end (documented, in the source and the library's docs); the "
        + "library scans at SCAN_MODE_LOW_LATENCY during a cycle (100 ms every 100 ms on Android 13 and later). "
        + "The library's wake-up scan between cycles (first beacon in about 5 s) is left out"),
    PhoneModel(
      name: "abl-foreground-service",
      schedule: PhoneScanSchedule(
        windowMilliseconds: 100, intervalMilliseconds: 100, cycleMilliseconds: 1100, delivery: .cycleEnd),
      basis: "Android Beacon Library (AltBeacon) with a foreground service, as its docs advise: scan cycles "
        + "of 1,100 ms without a pause in the background too, the cycle's beacons handed over at its end "
        + "(documented; the library's detection-time table gives about 1 s), at SCAN_MODE_LOW_LATENCY, which "
        + "an app with a foreground service keeps on Android 13 and later (100 ms every 100 ms)"),
  ]

  private static let iOS: [PhoneModel] = [
    PhoneModel(
      name: "ios-ranging",
      schedule: PhoneScanSchedule(
        windowMilliseconds: 100, intervalMilliseconds: 100, delivery: .ranging(periodMilliseconds: 1000)),
      basis: "iOS Core Location beacon ranging in the foreground: one report a second for each beacon, with "
        + "the mean RSSI of the second (Apple documents the mean; the once a second is Radius Networks' measured "
        + "figure); the scan itself is not published, and is taken as listening all the time"),
    PhoneModel(
      name: "ios-monitoring-locked",
      schedule: PhoneScanSchedule(
        windowMilliseconds: 1000, intervalMilliseconds: 11_000,
        delivery: .regionEntry(periodMilliseconds: 1000, rangingSeconds: 5...10, exitSeconds: 30)),
      basis: "iOS region monitoring with the phone locked: an entry 1 to 12 s after the beacon is in range "
        + "(measured by Radius Networks on iOS 8; 2 to 15 s on iOS 10.3.1), taken as a 1-s look every 11 s, "
        + "the entry at the look's end; then background ranging, about 10 s by Radius Networks' account, drawn "
        + "from 5 to 10 s; the region left after 30 s without the beacon (measured 20 to 42 s); one of the "
        + "about 30 regions iOS watches closely (measured)"),
  ]
}
