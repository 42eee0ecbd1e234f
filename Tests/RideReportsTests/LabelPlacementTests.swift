import Testing

@testable import RideReports

/// Labels placed clear of each other and inside their chart.
@Suite struct LabelPlacementTests {
  typealias Box = LabelPlacement.Box

  @Test func theFirstFreeCandidateIsTaken() {
    var placement = LabelPlacement(bounds: Box(x: 0, y: 0, width: 100, height: 50))
    #expect(placement.place([Box(x: 10, y: 10, width: 30, height: 10)]) == 0)
    // Over the first, then outside the chart, then clear: the third.
    let candidates = [
      Box(x: 20, y: 15, width: 30, height: 10), Box(x: 90, y: 10, width: 30, height: 10),
      Box(x: 10, y: 30, width: 30, height: 10),
    ]
    #expect(placement.place(candidates) == 2)
    #expect(placement.place([Box(x: 15, y: 12, width: 5, height: 5)]) == nil)
    // Touching edges is no overlap.
    #expect(placement.place([Box(x: 40, y: 10, width: 10, height: 10)]) == 0)
  }

  @Test func aReservedBoxIsAvoidedWhereverItIs() {
    var placement = LabelPlacement(bounds: Box(x: 0, y: 0, width: 1000, height: 1000))
    placement.reserve(Box(x: -500, y: 400, width: 2000, height: 20))
    #expect(!placement.isFree(Box(x: 700, y: 405, width: 10, height: 10)))
    #expect(placement.isFree(Box(x: 700, y: 425, width: 10, height: 10)))
  }

  @Test func thousandsOfLabelsNeverOverlap() {
    var placement = LabelPlacement(bounds: Box(x: 0, y: 0, width: 960, height: 400))
    var placed: [Box] = []
    for index in 0..<5000 {
      let x = Double(index * 37 % 900)
      let y = Double(index * 53 % 380)
      let candidates = [0.0, 12, -12].map { Box(x: x, y: y + $0, width: 40, height: 11) }
      if let chosen = placement.place(candidates) { placed.append(candidates[chosen]) }
    }
    #expect(placed.count > 100)
    for (index, box) in placed.enumerated() {
      #expect(box.isInside(placement.bounds))
      for other in placed[(index + 1)...] where box.overlaps(other) {
        Issue.record("\(box) overlaps \(other)")
      }
    }
  }

  @Test func textBoxesFollowTheirAnchor() {
    let start = Box.text("Blok M", fontSize: 10, x: 100, baseline: 50, anchor: .start, padding: 0)
    let end = Box.text("Blok M", fontSize: 10, x: 100, baseline: 50, anchor: .end, padding: 0)
    let middle = Box.text("Blok M", fontSize: 10, x: 100, baseline: 50, anchor: .middle, padding: 0)
    #expect(start.x == 100 && end.maxX == 100)
    #expect(abs((middle.x + middle.maxX) / 2 - 100) < 1e-9)
    #expect(start.y < 50 - 9 && start.maxY > 50 + 2, "from the ascent to the descent")
  }

  @Test func widthsAreDejaVuSansAndShorteningFits() {
    // DejaVu Sans: "Blok M" is 33.36 px at 10 px (B 6.86, l 2.78, o 6.12, k 5.79, space 3.18, M 8.63,
    // Chromium's measureText); the estimate rounds each glyph up, by less than 0.01 em.
    let blokM = TextMetrics.width(of: "Blok M", fontSize: 10)
    #expect(blokM >= 33.36 && blokM < 33.36 + 6 * 0.1, "\(blokM)")
    #expect(TextMetrics.width(of: "東京", fontSize: 10) == 20)
    let long = String(repeating: "Bundaran HI ", count: 20)
    let short = TextMetrics.shortened(long, toFit: 100, fontSize: 10)
    #expect(short.hasSuffix("…") && TextMetrics.width(of: short, fontSize: 10) <= 100)
    #expect(TextMetrics.shortened("Istora", toFit: 100, fontSize: 10) == "Istora")
  }
}
