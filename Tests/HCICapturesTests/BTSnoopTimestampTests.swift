import BluetoothTypes
import HCICaptures
import HCICodec
import Testing

@Suite("BTSnoopTimestamp")
struct BTSnoopTimestampTests {
  /// The first record of felixwatts_batteread/capture.btsnoop (a btmon capture) stores
  /// 0x00E2F9AB5E5B3C33; Wireshark shows that frame at 1719603154.369587 (2024-06-28T19:32:34Z).
  @Test func convertsARealCaptureTimestamp() {
    let timestamp = BTSnoopTimestamp(rawValue: 0x00E2_F9AB_5E5B_3C33)
    #expect(timestamp.captureTime == Timestamp(microsecondsSinceUnixEpoch: 1_719_603_154_369_587))
    #expect(timestamp.captureTime.iso8601 == "2024-06-28T19:32:34.369Z")
    #expect(BTSnoopTimestamp(timestamp.captureTime) == timestamp)
  }

  @Test func unixEpochIsTheOffset() {
    #expect(BTSnoopTimestamp(Timestamp(microsecondsSinceUnixEpoch: 0)).rawValue == 0x00DC_DDB3_0F2F_8000)
    // 719 540 days: not the proleptic Gregorian 719 528, but what every btsnoop tool uses.
    #expect(BTSnoopTimestamp.unixEpochOffset == 719_540 * 86_400 * 1_000_000)
  }

  @Test func extremeRawValuesDoNotTrap() {
    let time = BTSnoopTimestamp(rawValue: .min).captureTime
    #expect(BTSnoopTimestamp(time).rawValue == .min)
  }
}
