import Testing

@testable import RideReports

/// Names and identities from the air or a user's catalog must not open a tag or an attribute.
@Suite struct MarkupTests {
  @Test func textIsEscaped() {
    let page = Markup.node("p", [], [.text(#"<script>alert("x")</script> & 'quotes'"#)]).rendered
    #expect(page == #"<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;</p>"#)
    #expect(!page.contains("<script"))
  }

  @Test func attributeValuesCannotCloseTheirQuotes() {
    let page = Markup.node("text", [.init("data-name", #"" onload="alert(1)" x='"#)], []).rendered
    #expect(page == #"<text data-name="&quot; onload=&quot;alert(1)&quot; x=&#39;"></text>"#)
  }

  @Test func elementAndAttributeNamesMustBePlain() {
    let page = Markup.node("svg onload=alert(1)", [.init("x\"y", "1")], [.text("a")]).rendered
    #expect(page == #"<x-invalid x-invalid="1">a</x-invalid>"#)
  }

  @Test func controlCharactersBecomeReplacementCharacters() {
    #expect(Markup.text("a\u{0}b\u{1B}c\td\n").rendered == "a\u{FFFD}b\u{FFFD}c\td\n")
  }

  @Test func nestingVoidElementsAndEmptyPieces() {
    let page = Markup.node(
      "div", [.init("class", "ride")],
      [
        .node("meta", [.init("charset", "utf-8")], [.text("ignored")]), .empty,
        .node("span", [], [.text("Dukuh Atas")]),
      ]
    ).rendered
    #expect(page == #"<div class="ride"><meta charset="utf-8"><span>Dukuh Atas</span></div>"#)
  }

  @Test func nonASCIITextStaysAsIs() {
    #expect(Markup.text("Lebak Bulus → Soekarno–Hatta").rendered == "Lebak Bulus → Soekarno–Hatta")
  }
}

/// Thinning a series per pixel column keeps what the chart shows.
@Suite struct ColumnDecimationTests {
  @Test func eachColumnKeepsItsFirstLowestHighestAndLast() {
    let decimation = ColumnDecimation(start: 0, end: 10, columns: 2)
    let points: [(time: Double, value: Double)] = [
      (0, -80), (1, -90), (2, -70), (3, -85), (4, -75),  // column 0: first, lowest, highest, last
      (5, -60), (6, -60),  // column 1: first and last
    ]
    let kept = decimation.thin(points)
    #expect(kept.map(\.time) == [0, 1, 2, 4, 5, 6])
  }

  @Test func aMillionPointsBecomeAtMostFourAColumn() {
    let decimation = ColumnDecimation(start: 0, end: 7_200, columns: 900)
    // A jagged series, the same every run: -40 to -100 dBm in a scrambled order.
    let points = (0..<1_000_000).map { index in
      (time: Double(index) * 0.0072, value: -40 - Double((index * 7_919) % 61))
    }
    let kept = decimation.thin(points)
    #expect(kept.count <= 4 * 900)
    // Every column's extremes survive.
    func extremes(_ series: [(time: Double, value: Double)]) -> [ClosedRange<Double>?] {
      var ranges = [ClosedRange<Double>?](repeating: nil, count: 900)
      for point in series {
        let column = decimation.column(of: point.time)
        ranges[column] =
          ranges[column].map { min($0.lowerBound, point.value)...max($0.upperBound, point.value) }
          ?? point.value...point.value
      }
      return ranges
    }
    #expect(extremes(kept) == extremes(points))
    #expect(zip(kept, kept.dropFirst()).allSatisfy { $0.time < $1.time })
  }

  @Test func timesOutsideTheChartGoToItsEdges() {
    let decimation = ColumnDecimation(start: 10, end: 20, columns: 5)
    #expect(decimation.column(of: 0) == 0)
    #expect(decimation.column(of: 99) == 4)
    #expect(ColumnDecimation(start: 5, end: 5, columns: 3).column(of: 5) == 0)
  }
}
