import LineFormats
import Testing

/// The station column of the text lines and tables: as wide as the longest name it shows
/// (in terminal columns, once escaped), within its bounds.
@Suite struct StationNameColumnTests {
  @Test func aStationColumnFitsTheLongestNameWithinItsBounds() {
    let names = ["Lebak Bulus", "Bendungan Hilir (BendunganHilir)", "Bandara\u{1B}[2J"]
    #expect(StationNameColumn(fitting: names, minimum: 30, maximum: 48).width == 32)
    #expect(StationNameColumn(fitting: ["Blok M"], minimum: 16, maximum: 32).width == 16)
    let capped = StationNameColumn(fitting: [String(repeating: "x", count: 80)], minimum: 16, maximum: 32)
    #expect(capped.width == 32)
    #expect(capped.paddedCell("Blok M") == "Blok M" + String(repeating: " ", count: 26))
    #expect(capped.cell(String(repeating: "x", count: 80)) == String(repeating: "x", count: 31) + "…")
  }
}
