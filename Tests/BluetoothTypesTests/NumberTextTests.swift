import BluetoothTypes
import Testing

/// ``NumberText``: numbers for people, and no trap whatever the value.
@Suite struct NumberTextTests {
  @Test(arguments: [
    (-71.45, "-71.5"), (0.25, "0.3"), (12, "12.0"), (-0.04, "0.0"), (99.95, "100.0"),
  ])
  func oneDecimalRoundsHalfAwayFromZero(value: Double, text: String) {
    #expect(NumberText.oneDecimal(value) == text)
  }

  @Test(arguments: [(100, "100"), (-86, "-86"), (0.625, "0.625"), (1e20, "1e+20")] as [(Double, String)])
  func plainWritesWholeNumbersWithoutAFraction(value: Double, text: String) {
    #expect(NumberText.plain(value) == text)
  }

  /// Not finite, or too large for a whole number or tenths: written as a `Double` is.
  @Test(arguments: [Double.nan, .infinity, -.infinity, -9.223372036854775808e18, 1e300])
  func anyValueIsWrittenWithoutATrap(value: Double) {
    #expect(NumberText.oneDecimal(value) == String(value))
    #expect(NumberText.plain(value) == String(value))
  }
}
