import BeaconDomain
import HCICodec
import Testing

@Suite struct LegacyBeaconAdvertisingTests {
  @Test func commandSequenceDisablesConfiguresAndEnables() throws {
    let frame = BeaconFrame.iBeacon(IBeacon(uuid: JakartaMRT.projectUUID, major: 1, minor: 12, measuredPower: -59))
    let advertising = LegacyBeaconAdvertising(frame: frame, interval: try AdvertisingInterval(milliseconds: 152.5))
    let packets = try advertising.commands().map { Hex.encode($0.encodedPacket()) }
    #expect(
      packets == [
        "0A200100",
        // 152.5 ms = 244 (0x00F4) units; ADV_NONCONN_IND (3); public own address; channel map 0x07.
        "06200FF400F4000300000000000000000700",
        // 31 bytes of data: 30 significant, one zero of padding.
        "0820201E0201061AFF4C000215F63B21BA26354BE4B6FFE2EAB8B541C30001000CC500",
        "0A200101",
      ])
  }

  @Test func eddystoneFrameFitsTheLegacyPayload() throws {
    let namespace = try #require(EddystoneNamespace("EDD1EBEAC04E5DEFA017"))
    let frame = BeaconFrame.eddystoneUID(EddystoneUID(txPowerAt0m: -18, namespace: namespace, instance: 1))
    let commands = try LegacyBeaconAdvertising(frame: frame).commands()
    let data = try #require(commands[2] as? LESetAdvertisingData)
    #expect(data.advertisingData.bytes.count == 31)
  }
}
