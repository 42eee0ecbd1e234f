import Testing

@testable import RideReports

/// Numbers, clocks and axes the charts share.
@Suite struct ChartScaleTests {
  @Test func numbersAreShort() {
    #expect(ChartScale.number(12) == "12")
    #expect(ChartScale.number(12.345) == "12.3")
    #expect(ChartScale.number(-88) == "-88")
    #expect(ChartScale.number(.nan) == "0" && ChartScale.number(.infinity) == "0")
  }

  @Test func clocks() {
    #expect(ChartScale.clock(0) == "0:00")
    #expect(ChartScale.clock(125) == "2:05")
    #expect(ChartScale.clock(3725) == "1:02:05")
    #expect(ChartScale.clock(-5) == "0:00" && ChartScale.clock(.nan) == "0:00")
  }

  @Test func ticksAreRoundTimesWhateverTheStart() {
    #expect(ChartScale.timeTicks(from: 0, to: 100) == [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100])
    #expect(ChartScale.timeTicks(from: 125, to: 245) == [135, 150, 165, 180, 195, 210, 225, 240])
    #expect(ChartScale.timeTicks(from: 5, to: 5).isEmpty)
    #expect(ChartScale.timeTicks(from: 0, to: .infinity).isEmpty)
  }

  @Test func tensAroundTheData() {
    #expect(ChartScale.tens(around: -61, -50) == (-70, -40))
    #expect(ChartScale.tens(around: -95, -88) == (-100, -80))
    #expect(ChartScale.tens(around: .nan, -50) == (-100, -40))
  }
}
