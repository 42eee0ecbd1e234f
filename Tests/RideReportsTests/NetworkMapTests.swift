import Testing

@testable import RideReports

/// The map: lines, stations, the track with its gaps, pins; all inside the picture.
@Suite struct NetworkMapTests {
  typealias Place = NetworkMap.Place
  // Lebak Bulus, Blok M and Bundaran HI (the North–South line's ends and middle).
  let lebakBulus = Place(latitude: -6.289275, longitude: 106.774935)
  let blokM = Place(latitude: -6.244423, longitude: 106.798123)
  let bundaranHI = Place(latitude: -6.191850, longitude: 106.823011)

  func map(track: [NetworkMap.Fix] = [], pins: [NetworkMap.Pin] = []) -> NetworkMap {
    NetworkMap(
      lines: [.init(name: "MRT North–South line", places: [lebakBulus, blokM, bundaranHI])],
      stations: [
        .init(name: "Lebak Bulus", place: lebakBulus), .init(name: "Blok M", place: blokM),
        .init(name: "Bundaran HI", place: bundaranHI, isApproximate: true),
      ], track: track, pins: pins)
  }

  @Test func everythingFitsAndNorthIsUp() {
    let map = map()
    for place in [lebakBulus, blokM, bundaranHI] {
      let point = map.project(place)
      #expect((24...936).contains(point.x) && (24...616).contains(point.y), "\(point)")
    }
    #expect(map.project(bundaranHI).y < map.project(lebakBulus).y, "Bundaran HI is north of Lebak Bulus")
    #expect(map.project(bundaranHI).x > map.project(lebakBulus).x, "and east of it")
    // The line runs about 10.8 km north and 5.3 km east: the picture keeps that shape.
    let dx = map.project(bundaranHI).x - map.project(lebakBulus).x
    let dy = map.project(lebakBulus).y - map.project(bundaranHI).y
    #expect(abs(dx / dy - 5_331.0 / 10_824.0) < 0.02, "\(dx / dy)")
  }

  @Test func linesStationsTrackAndPins() {
    let svg = map(
      track: [
        .init(place: lebakBulus, quality: "fix3d"), .init(place: blokM, quality: "fix2d"),
        .init(place: nil, quality: "none"), .init(place: nil, quality: "none"),
        .init(place: bundaranHI, quality: "fix3d"), .init(place: bundaranHI, quality: "fix3d"),
      ],
      pins: [.init(place: blokM, label: #"found Blok M <b>"gps"</b>"#, kind: "found")]
    ).markup.rendered
    #expect(svg.ranges(of: #"<polyline class="line""#).count == 1)
    #expect(svg.ranges(of: #"<circle class="station"#).count == 3)
    #expect(svg.ranges(of: #"class="station approximate""#).count == 1)
    // Two stretches with a fix, split where it was lost.
    #expect(svg.ranges(of: #"<polyline class="track""#).count == 2)
    #expect(svg.ranges(of: #"<circle class="fix fix3d""#).count == 3)
    #expect(svg.ranges(of: #"<g class="pin found">"#).count == 1)
    #expect(!svg.contains("<b>") && svg.contains("&lt;b&gt;&quot;gps&quot;&lt;/b&gt;"))
  }

  @Test func anEmptyMapIsStillAPicture() {
    let svg = NetworkMap(lines: [], stations: []).markup.rendered
    #expect(svg.hasPrefix(#"<svg class="map""#))
  }
}
