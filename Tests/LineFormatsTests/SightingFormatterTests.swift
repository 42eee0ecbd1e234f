import BeaconTestSupport
import Beacons
import BluetoothTypes
import LineFormats
import MRTNavigation
import ProgramOutput
import Testing

@Suite struct SightingFormatterTests {
  static let time = Timestamp(microsecondsSinceUnixEpoch: 1_795_000_000_123_456)

  static func sighting(_ frame: BeaconFrame, rssi: Int8? = -71, type: LEAddressType = .random) -> BeaconSighting {
    BeaconSighting(
      time: time, address: BluetoothAddress(rawValue: 0xC1_2A_3B_4C_5D_6E), addressType: type, rssi: rssi,
      frame: frame)
  }

  @Test func iBeaconStationAsJSON() {
    let frame = BeaconFrame.iBeacon(
      IBeacon(uuid: RailBeaconUUIDs.station, major: 1, minor: 3, measuredPower: -59))
    let line = SightingFormatter(format: .json).line(for: Self.sighting(frame))
    #expect(
      line
        == #"{"time":"2026-11-18T11:06:40.123Z","address":"C1:2A:3B:4C:5D:6E","addressType":"random","rssi":-71,"kind":"ibeacon","uuid":"F63B21BA-2635-4BE4-B6FF-E2EAB8B541C3","major":1,"minor":3,"txPower":-59,"station":"CipeteRaya"}"#
    )
  }

  @Test func missingRSSIAndUnknownBeaconAreNull() {
    let frame = BeaconFrame.iBeacon(
      IBeacon(uuid: UUID128(high: 1, low: 2), major: 7, minor: 8, measuredPower: -65))
    let line = SightingFormatter(format: .json).line(for: Self.sighting(frame, rssi: nil, type: .publicIdentity))
    #expect(line.contains(#""addressType":"public","rssi":null"#))
    #expect(line.contains(#""uuid":"00000000-0000-0001-0000-000000000002""#))
    #expect(line.hasSuffix(#""station":null}"#))
  }

  @Test func eddystoneCarriesNamespaceInstanceAndPowerAt1m() throws {
    let namespace = try #require(EddystoneNamespace("EDD1EBEAC04E5DEFA017"))
    let frame = BeaconFrame.eddystoneUID(
      EddystoneUID(txPowerAt0m: -18, namespace: namespace, instance: 0x0BDB_87C1_B000))
    let line = SightingFormatter(format: .json).line(for: Self.sighting(frame))
    #expect(line.contains(#""kind":"eddystone-uid","uuid":null,"major":null,"minor":null,"txPower":-59"#))
    #expect(line.contains(#""namespace":"EDD1EBEAC04E5DEFA017","instance":"0BDB87C1B000","txPowerAt0m":-18"#))
  }

  @Test func textRowIsAlignedWithHeader() throws {
    let formatter = SightingFormatter(format: .text)
    let frame = BeaconFrame.iBeacon(IBeacon(uuid: RailBeaconUUIDs.station, major: 1, minor: 13))
    let header = try #require(formatter.header)
    let row = formatter.line(for: Self.sighting(frame))
    #expect(row.hasSuffix("Bundaran HI"))
    // The station column starts at the same place in header and row.
    let headerStation = try #require(header.range(of: "STATION"))
    let rowStation = try #require(row.range(of: "Bundaran HI"))
    #expect(
      header.distance(from: header.startIndex, to: headerStation.lowerBound)
        == row.distance(from: row.startIndex, to: rowStation.lowerBound))
  }

  @Test func jsonStringsAreEscaped() {
    var object = JSONLine()
    object.add("name", "a\"b\\c\nd\u{01}é")
    #expect(object.line == #"{"name":"a\"b\\c\nd\u0001é"}"#)
  }
}

extension SightingFormatter {
  /// The line for a sighting, with its station named by the built-in catalog, as `beacon-scan` does.
  fileprivate func line(for sighting: BeaconSighting) -> String {
    line(for: sighting, station: TestCatalogs.northSouthLine.station(for: sighting.frame.identity))
  }
}
