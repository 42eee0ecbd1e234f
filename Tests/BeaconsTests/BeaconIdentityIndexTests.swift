import BeaconTestSupport
import BluetoothTypes
import Testing

@testable import Beacons

/// The index against a `Dictionary` doing the same inserts, lookups and removals: in a table
/// small enough that probe runs collide, wrap around its end and are shifted back on removal.
struct BeaconIdentityIndexTests {
  private static func identity(_ number: UInt64) -> BeaconIdentity {
    .iBeacon(uuid: UUID128(high: number, low: ~number), major: UInt16(truncatingIfNeeded: number), minor: 7)
  }

  @Test(arguments: [false, true])
  func agreesWithADictionaryThroughInsertsAndRemovals(sharedFingerprints: Bool) {
    var random = SplitMix64(seed: sharedFingerprints ? 2 : 1)
    var index = BeaconIdentityIndex(capacity: 4)
    // The caller's storage: identities at positions, positions never reused here.
    var storage: [BeaconIdentity] = []
    var model: [BeaconIdentity: Int] = [:]
    // With shared fingerprints, 64 identities have only 4 fingerprints between them: the
    // caller's `isMatch` must tell them apart.
    func fingerprint(_ identity: BeaconIdentity) -> UInt64 {
      sharedFingerprints ? identity.fingerprint % 4 : identity.fingerprint
    }
    func find(_ identity: BeaconIdentity) -> Int? {
      index.position(forFingerprint: fingerprint(identity)) { storage[$0] == identity }
    }
    for _ in 0..<20_000 {
      let identity = Self.identity(random.next() % 64)
      if random.next() % 2 == 0 {
        guard find(identity) == nil else { continue }
        #expect(model[identity] == nil)
        index.insert(storage.count, fingerprint: fingerprint(identity))
        model[identity] = storage.count
        storage.append(identity)
      } else {
        let position = find(identity)
        #expect(position == model[identity])
        if let position {
          let removed = index.remove(position, fingerprint: fingerprint(identity))
          let removedAgain = index.remove(position, fingerprint: fingerprint(identity))
          #expect(removed && !removedAgain)
          model[identity] = nil
        }
      }
      #expect(index.count == model.count)
    }
    for number in 0..<64 {
      let identity = Self.identity(UInt64(number))
      #expect(find(identity) == model[identity])
    }
  }

  @Test func fingerprintsAreTheSameOnEveryRunAndTellKindsApart() {
    let uuid = UUID128(high: 0xF63B_21BA_2635_4BE4, low: 0xB6FF_E2EA_B8B5_41C3)
    // The splitmix64 finalizer applied as documented, worked out apart (Python, 64-bit
    // arithmetic): the fingerprint keys sketches and is stable across runs, unlike hashValue.
    #expect(BeaconIdentity.iBeacon(uuid: uuid, major: 1, minor: 12).fingerprint == 0x89C5_3C25_8228_4FCB)
    #expect(
      BeaconIdentity.iBeacon(uuid: uuid, major: 1, minor: 12).fingerprint
        != BeaconIdentity.altBeacon(id1: uuid, id2: 1, id3: 12).fingerprint)
  }
}
