import BeaconTestSupport
import BluetoothTypes
import Testing

@testable import BeaconScanning
@testable import BeaconStatistics

/// A fixed sequence of distinct 48-bit addresses: `index` times an odd multiplier modulo 2⁴⁸ is a
/// bijection, so the first `n` are `n` distinct addresses, spread over the whole address space.
private func syntheticAddress(_ index: Int) -> BluetoothAddress {
  BluetoothAddress(rawValue: UInt64(index) &* 0x9E37_79B9_7F4B)
}

@Suite struct DistinctAddressCounterTests {
  @Test func exactUpToTheCapacityWithRepeatsCountedOnce() {
    var counter = DistinctAddressCounter()
    #expect(counter.count == 0)
    #expect(counter.isExact)
    for round in 0..<3 {
      for index in 0..<DistinctAddressCounter.exactCapacity {
        counter.insert(syntheticAddress(index))
        if round == 0, index == 9 { #expect(counter.count == 10) }
      }
    }
    #expect(counter.count == 1024)
    #expect(counter.isExact)
    #expect(counter.heldAddressCount == 1024)
  }

  /// The list grows to 1,024 addresses in at most 8 KiB (Array's own doubling would reach 16 KiB
  /// at the 1,024th), the sketch takes the same 8 KiB.
  @Test func storageNeverExceeds8KiB() {
    var counter = DistinctAddressCounter()
    var largest = 0
    for index in 0..<3000 {
      counter.insert(syntheticAddress(index))
      largest = max(largest, counter.storageByteCount)
    }
    #expect(largest <= 8192 + 16, "a malloc size class may add a place")
    #expect(largest >= 8192)
  }

  @Test func oneAddressBeyondTheCapacityBecomesAnEstimate() {
    var counter = DistinctAddressCounter()
    for index in 0...DistinctAddressCounter.exactCapacity { counter.insert(syntheticAddress(index)) }
    #expect(!counter.isExact)
    #expect(counter.heldAddressCount == 0, "the held addresses are released")
    #expect(counter.storageByteCount == HyperLogLog.registerCount)
    // 1,025 distinct addresses were certainly seen; the estimate never says fewer and, at
    // 3 standard errors (3.4 %), not more than 1,060.
    #expect(counter.count >= 1025)
    #expect(counter.count <= 1060)
  }

  /// 100,000 and 1,000,000 distinct addresses, each inserted twice (the repeats must not count),
  /// estimated within 3 relative standard errors (3 × 1.15 % ≈ 3.4 %); storage stays the sketch's
  /// 8,192 bytes from the first estimate to the last.
  @Test(arguments: [100_000, 1_000_000])
  func estimatesManyAddressesWithinThreeStandardErrors(distinct: Int) {
    var counter = DistinctAddressCounter()
    var storageWhenEstimateBegan: Int?
    for index in 0..<distinct {
      counter.insert(syntheticAddress(index))
      counter.insert(syntheticAddress(index))
      if storageWhenEstimateBegan == nil, !counter.isExact { storageWhenEstimateBegan = counter.storageByteCount }
    }
    #expect(!counter.isExact)
    #expect(storageWhenEstimateBegan == 8192)
    #expect(counter.storageByteCount == 8192)
    #expect(counter.heldAddressCount == 0)
    let tolerance = 3 * HyperLogLog.relativeStandardError
    let error = Double(counter.count - distinct) / Double(distinct)
    #expect(abs(error) <= tolerance, "estimate \(counter.count) for \(distinct): error \(error)")
  }
}

@Suite struct HyperLogLogTests {
  @Test func emptyEstimatesZero() {
    #expect(HyperLogLog().estimate == 0)
  }

  /// Built in the values' own storage (exactly 1,024 of them) or in new storage (any other count),
  /// a sketch holds the same registers as one the values were inserted into one by one.
  @Test(arguments: [HyperLogLog.wordCount, 1000, 0])
  func sketchOfAListEqualsOneFilledValueByValue(count: Int) {
    var random = SplitMix64(seed: 11)
    let values = (0..<count).map { _ in random.next() }
    var filled = HyperLogLog()
    for value in values { filled.insert(value) }
    let built = HyperLogLog(values.map { $0 })
    #expect(built == filled)
    #expect(built.storageByteCount == 8192)
    #expect(built.estimate == filled.estimate)
  }

  @Test func repeatsDoNotChangeTheEstimate() {
    var sketch = HyperLogLog()
    for value: UInt64 in 1...500 { sketch.insert(value) }
    let once = sketch
    for value: UInt64 in 1...500 { sketch.insert(value) }
    #expect(sketch == once)
    #expect(sketch.estimate == once.estimate)
  }

  /// 1.04 / √8192: the figure the summary's documentation quotes as 1.15 %.
  @Test func relativeStandardErrorIsThatOf8192Registers() {
    #expect(HyperLogLog.registerCount == 8192)
    #expect(abs(HyperLogLog.relativeStandardError - 0.011490485194) < 1e-11)
  }

  /// Across the whole range, including where the classic estimator switches from linear counting
  /// (2.5 × 8,192 ≈ 20,480) and shows a bias hump: 40 independent seeded runs per size, their
  /// root-mean-square relative error at most 1.5 times the 1.15 % standard error, and no run beyond
  /// 4 standard errors.
  @Test(arguments: [1_000, 5_000, 10_000, 20_000, 25_000, 50_000])
  func errorMatchesTheStandardErrorAcrossTheRange(distinct: Int) {
    var squares = 0.0
    var worst = 0.0
    let runs = 40
    for seed in 0..<runs {
      var random = SplitMix64(seed: UInt64(seed) &* 1_000_003)
      var sketch = HyperLogLog()
      // Random 48-bit values; a repeat among them (probability ≈ n² / 2⁴⁹) would make the true
      // count smaller, but for these sizes that is below 10⁻⁵.
      for _ in 0..<distinct { sketch.insert(random.next() & 0xFFFF_FFFF_FFFF) }
      let error = Double(sketch.estimate - distinct) / Double(distinct)
      squares += error * error
      worst = max(worst, abs(error))
    }
    let rootMeanSquare = (squares / Double(runs)).squareRoot()
    #expect(rootMeanSquare <= 1.5 * HyperLogLog.relativeStandardError, "rms \(rootMeanSquare)")
    #expect(worst <= 4 * HyperLogLog.relativeStandardError, "worst \(worst)")
  }

  @Test func mixIsTheSplitMix64Finalizer() {
    // SplitMix64(seed: 0).next() is the finalizer of 0x9E3779B97F4A7C15: 0xE220A8397B1DCDAF
    // (the published first output of splitmix64 seeded with 0).
    #expect(BitMixer.mix(0x9E37_79B9_7F4A_7C15) == 0xE220_A839_7B1D_CDAF)
  }
}
