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

  @Test func aScaleBarOfARoundLengthAndNorthSaid() {
    let map = map()
    let svg = map.markup.rendered
    #expect(svg.contains(">↑ N (north up)</text>"))
    // The whole line, about 11 km tall in 592 px: a quarter of the width is about 4.5 km.
    #expect(svg.contains(#"<text class="scale" x="12" y="632" text-anchor="start">2 km</text>"#), "\(svg)")
  }

  @Test func crowdedPinsAreLabelledClearOfEachOtherOrListed() {
    let pins = (0..<60).map { index in
      NetworkMap.Pin(place: blokM, label: "found Blok M \(index)", kind: "found")
    }
    let map = map(track: shortRide, pins: pins)
    let layout = map.layout()
    let pinLabels = layout.texts.filter { $0.rendered.contains(#"class="pin-label"#) }
    #expect(pinLabels.count + layout.unlabelledPins.count == 60)
    #expect(!pinLabels.isEmpty && !layout.unlabelledPins.isEmpty)
  }

  @Test func anEmptyMapIsStillAPicture() {
    let svg = NetworkMap(lines: [], stations: []).markup.rendered
    #expect(svg.hasPrefix(#"<svg class="map""#))
  }

  /// A ride around Lebak Bulus only: a few hundred metres south and east of the station.
  var shortRide: [NetworkMap.Fix] {
    (0..<6).map { step in
      .init(
        place: Place(
          latitude: lebakBulus.latitude - 0.0005 * Double(step), longitude: lebakBulus.longitude + 0.0004 * Double(step)
        ),
        quality: "fix3d")
    }
  }

  func isInside(_ point: (x: Double, y: Double), _ map: NetworkMap) -> Bool {
    (0...Double(map.width)).contains(point.x) && (0...Double(map.height)).contains(point.y)
  }

  @Test func aRideIsFittedToItsTrackNotToTheNetwork() {
    let map = map(track: shortRide)
    for fix in shortRide {
      let point = map.project(fix.place!)
      #expect((map.margin...Double(map.width) - map.margin).contains(point.x), "\(point)")
      #expect((map.margin...Double(map.height) - map.margin).contains(point.y), "\(point)")
    }
    // Bundaran HI, 11 km north, is off the picture; the network's line runs out of the frame.
    #expect(!isInside(map.project(bundaranHI), map), "\(map.project(bundaranHI))")
    #expect(!isInside(map.project(blokM), map), "\(map.project(blokM))")
    // The whole network fits when there is no track.
    let network = self.map()
    #expect(isInside(network.project(bundaranHI), network))
  }

  @Test func aRideHasRoomAroundItsTrack() {
    let map = map(track: shortRide)
    let points = shortRide.map { map.project($0.place!) }
    let xs = points.map(\.x)
    let ys = points.map(\.y)
    // The track spans about 220 m by 280 m; the map at least a kilometre: the track is in the middle.
    #expect(xs.min()! > Double(map.width) / 4 && xs.max()! < Double(map.width) * 3 / 4, "\(xs)")
    #expect(ys.min()! > Double(map.height) / 4 && ys.max()! < Double(map.height) * 3 / 4, "\(ys)")
  }

  @Test func pinsAreFittedWithTheTrack() {
    let map = map(track: shortRide, pins: [.init(place: blokM, label: "found Blok M (gps)", kind: "found")])
    #expect(isInside(map.project(blokM), map))
    #expect(isInside(map.project(shortRide[0].place!), map))
    #expect(!isInside(map.project(bundaranHI), map))
  }

  @Test func aLostFixIsADashedLineBetweenTwoStretches() {
    let map = map(track: [
      .init(place: lebakBulus, quality: "fix3d"), .init(place: blokM, quality: "fix2d"),
      .init(place: nil, quality: "none"), .init(place: nil, quality: "none"),
      .init(place: bundaranHI, quality: "fix3d"), .init(place: bundaranHI, quality: "doubtful"),
    ])
    let svg = map.markup.rendered
    #expect(svg.ranges(of: #"<polyline class="lost""#).count == 1)
    // From the last place before the loss to the first after it.
    let from = map.project(blokM)
    let to = map.project(bundaranHI)
    let number = ChartScale.number
    #expect(
      svg.contains(
        #"<polyline class="lost" points="\#(number(from.x)),\#(number(from.y)) \#(number(to.x)),\#(number(to.y))">"#
      ))
  }

  @Test func noLostLineWithoutALossBetweenFixes() {
    let unbroken = map(track: shortRide).markup.rendered
    #expect(unbroken.ranges(of: #"<polyline class="lost""#).count == 0)
    #expect(unbroken.ranges(of: #"<polyline class="track""#).count == 1)
    // A loss before the first fix or after the last is not between two stretches.
    let lost = NetworkMap.Fix(place: nil, quality: "none")
    let atTheEnds = map(track: [lost] + shortRide + [lost]).markup.rendered
    #expect(atTheEnds.ranges(of: #"<polyline class="lost""#).count == 0)
    // Three stretches, one a single fix: two losses.
    let stretches = map(track: [shortRide[0], lost, shortRide[1], lost, shortRide[2], shortRide[3]]).markup.rendered
    #expect(stretches.ranges(of: #"<polyline class="lost""#).count == 2)
  }

  @Test func stationNamesAreWrittenAndEscaped() {
    let svg = NetworkMap(
      lines: [],
      stations: [
        .init(name: "Lebak Bulus", place: lebakBulus), .init(name: #"<b>"Blok M"</b> & 'Co'"#, place: blokM),
      ]
    ).markup.rendered
    #expect(svg.ranges(of: #"<text class="name""#).count == 2)
    #expect(svg.contains(">Lebak Bulus</text>"))
    #expect(svg.contains(">&lt;b&gt;&quot;Blok M&quot;&lt;/b&gt; &amp; &#39;Co&#39;</text>"))
    #expect(!svg.contains("<b>"))
  }
}
