import Beacons
import BluetoothTypes
import LineFormats
import Testing

/// `--once` in a flood: what it remembers is bounded, stations are never forgotten, and an
/// identity heard all along is not forgotten either.
@Suite struct RecentIdentitiesTests {
  static func stranger(_ number: Int) -> BeaconIdentity {
    .iBeacon(uuid: UUID128(high: 0xF100D, low: UInt64(number)), major: 1, minor: 1)
  }

  static let station = BeaconIdentity.iBeacon(uuid: UUID128(high: 1, low: 1), major: 1, minor: 3)

  @Test func eachIdentityIsNewOnceWhileItIsRemembered() {
    var recent = RecentIdentities(capacity: 8)
    do {
      let isNew = recent.insert(Self.stranger(1), isStation: false)
      #expect(isNew)
    }
    do {
      let isNew = recent.insert(Self.stranger(1), isStation: false)
      #expect(!isNew)
    }
    do {
      let isNew = recent.insert(Self.station, isStation: true)
      #expect(isNew)
    }
    do {
      let isNew = recent.insert(Self.station, isStation: true)
      #expect(!isNew)
    }
    #expect(recent.forgotten == 0)
  }

  @Test func aFloodIsForgottenButStationsAndBeaconsHeardAllAlongAreNot() {
    var recent = RecentIdentities(capacity: 8)
    do {
      let isNew = recent.insert(Self.station, isStation: true)
      #expect(isNew)
    }
    do {
      let isNew = recent.insert(Self.stranger(0), isStation: false)
      #expect(isNew)
    }
    var newCount = 0
    for number in 1...1_000 {
      let isNew = recent.insert(Self.stranger(number), isStation: false)
      if isNew { newCount += 1 }
      // The beacon heard all along, and the station.
      do {
        let isNew = recent.insert(Self.stranger(0), isStation: false)
        #expect(!isNew, "heard every time, never forgotten")
      }
      do {
        let isNew = recent.insert(Self.station, isStation: true)
        #expect(!isNew)
      }
    }
    #expect(newCount == 1_000)
    #expect(recent.forgotten >= 1_000 - 8 && recent.forgotten <= 1_000)
    // One of the first flood identities, long forgotten, is new again.
    do {
      let isNew = recent.insert(Self.stranger(1), isStation: false)
      #expect(isNew)
    }
  }
}
