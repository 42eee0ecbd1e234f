import BeaconTestSupport
import Positioning
import Testing

@testable import Beacons
@testable import MRTNavigation

@Suite struct StationCatalogTests {
  let catalog = TestCatalogs.northSouthLine

  @Test func thirteenStationsInLineOrder() {
    #expect(
      catalog.names == [
        "LebakBulus", "Fatmawati", "CipeteRaya", "HajiNawi", "BlokA", "BlokM", "ASEAN", "Senayan", "Istora",
        "BendunganHilir", "Setiabudi", "DukuhAtas", "BundaranHI",
      ])
    #expect(catalog.stations.map(\.lineOrder) == Array(1...13))
    #expect(catalog.stations.first?.displayName == "Lebak Bulus")
    #expect(catalog.stations.last?.displayName == "Bundaran HI")
  }

  @Test func everyStationBroadcastsProjectUUIDLineMajorAndOrderMinor() {
    for station in catalog.stations {
      #expect(
        station.beacon
          == .iBeacon(
            uuid: RailBeaconUUIDs.station, major: 1, minor: UInt16(station.lineOrder)))
    }
    #expect(RailBeaconUUIDs.station.description == "F63B21BA-2635-4BE4-B6FF-E2EAB8B541C3")
  }

  /// The documented scheme, over the whole built-in network: a station's beacon is the project
  /// UUID, major its home line's code (the first line, by code, that stops there), minor its
  /// position along that line.
  @Test func theBuiltInNetworkFollowsItsBeaconScheme() throws {
    let network = TestCatalogs.jakartaRail
    #expect(network.lines.map(\.name) == ["NorthSouth", "Cikarang", "Airport", "LRTCibubur", "LRTBekasi"])
    #expect(network.lines.map(\.code) == [1, 2, 3, 4, 5])
    #expect(network.lines.map { $0.stationNames.count } == [13, 21, 6, 12, 14])
    #expect(network.stations.count == 55)
    #expect(network.interchanges.count == 6)
    #expect(network.trainBeacons == TrainBeaconScheme(uuid: RailBeaconUUIDs.train))
    for station in network.stations {
      let home = try #require(network.lines.first { $0.stationNames.contains(station.name) }, "\(station.name)")
      let position = try #require(home.stationNames.firstIndex(of: station.name)) + 1
      let major = try #require(home.code)
      #expect(
        station.beacon == .iBeacon(uuid: RailBeaconUUIDs.station, major: major, minor: UInt16(position)),
        "\(station.name)")
      #expect(station.lineOrder == position, "\(station.name)")
    }
  }

  @Test func coordinatesAreInJakarta() throws {
    for station in catalog.stations {
      let coordinate = try #require(station.coordinate)
      #expect(coordinate.latitude > -6.35 && coordinate.latitude < -6.15)
      #expect(coordinate.longitude > 106.75 && coordinate.longitude < 106.85)
    }
  }

  /// The spacing between neighbouring platforms, against the distances along the line that
  /// PT MRT Jakarta publishes (Haji Nawi–Blok A about 1.2 km, Blok M–ASEAN the shortest at
  /// about 0.6 km, Lebak Bulus–Fatmawati the longest at about 2 km): a coordinate typed into the
  /// wrong station, or latitude and longitude swapped, breaks these.
  @Test func platformSpacingMatchesTheLine() throws {
    let coordinates = try catalog.stations.map { try #require($0.coordinate) }
    let spacing = zip(coordinates, coordinates.dropFirst()).map { $0.distance(to: $1) }
    #expect(spacing.allSatisfy { (600...2_000).contains($0) }, "\(spacing)")
    let hajiNawiToBlokA = spacing[3]
    #expect(abs(hajiNawiToBlokA - 1_215) < 10)
    #expect(spacing.firstIndex(of: try #require(spacing.min())) == 5)  // Blok M–ASEAN
    #expect(spacing.firstIndex(of: try #require(spacing.max())) == 0)  // Lebak Bulus–Fatmawati
  }

  @Test func elevatedFromLebakBulusToASEANUndergroundFromSenayan() {
    #expect(catalog.stations.prefix(7).allSatisfy { $0.level == .elevated })
    #expect(catalog.stations.dropFirst(7).allSatisfy { $0.level == .underground })
  }

  @Test(arguments: [
    ("LebakBulus", "LebakBulus"), ("lebak bulus", "LebakBulus"), ("LEBAK-BULUS", "LebakBulus"),
    ("dukuh_atas", "DukuhAtas"), ("Dukuh Atas", "DukuhAtas"), ("bundaran hi", "BundaranHI"), ("Blok M", "BlokM"),
    ("bloka", "BlokA"), ("asean", "ASEAN"), ("Sisingamangaraja", "ASEAN"), ("Benhil", "BendunganHilir"),
    ("Bendungan Hilir", "BendunganHilir"), ("  Cipete  Raya ", "CipeteRaya"), ("haji.nawi", "HajiNawi"),
  ])
  func lookupByNameIgnoresCaseAndSpaces(_ typed: String, _ expected: String) {
    #expect(catalog.station(named: typed)?.name == expected)
  }

  @Test(arguments: [
    ("DukuhAtasBNI", "DukuhAtas"), ("LebakBulusGrab", "LebakBulus"), ("FatmawatiIndomaret", "Fatmawati"),
    ("Blok M BCA", "BlokM"), ("SenayanMastercard", "Senayan"), ("istora mandiri", "Istora"),
    ("SetiabudiAstra", "Setiabudi"), ("BundaranHIBankDKI", "BundaranHI"),
  ])
  func sponsoredNamesAndAliases(_ typed: String, _ expected: String) {
    #expect(catalog.station(named: typed)?.name == expected)
  }

  /// Names with marks, as a feed of another city writes them, typed without (or decomposed).
  @Test(arguments: [
    ("Sao Paulo", "São Paulo"), ("sao-paulo", "São Paulo"), ("Sa\u{0303}o Paulo", "São Paulo"),
    ("lodz fabryczna", "Łódź Fabryczna"), ("ha noi", "Hà Nội"), ("Ha\u{0300} No\u{0323}\u{0302}i", "Hà Nội"),
    ("koln hbf", "Köln Hbf"), ("shin-nagata", "Shin-Nagata"),
    // Marks of other scripts stay: voiced ガ (decomposed, カ + U+3099) is not カ.
    ("\u{30AB}\u{3099}", "ガ"), ("\u{30AB}", "カ"),
  ])
  func lookupIgnoresTheMarksOnLatinLetters(_ typed: String, _ expected: String) throws {
    let names = ["São Paulo", "Łódź Fabryczna", "Hà Nội", "Köln Hbf", "Shin-Nagata", "ガ", "カ"]
    let catalog = try StationCatalog(
      stations: names.enumerated().map { Self.station($0.element, minor: UInt16($0.offset + 1)) })
    #expect(catalog.station(named: typed)?.name == expected)
    #expect(catalog.suggestions(for: "Sao Paolo").first == "São Paulo")
  }

  @Test func unknownNames() {
    #expect(catalog.station(named: "Monas") == nil)
    #expect(catalog.station(named: "") == nil)
    #expect(catalog.station(named: "Dukuh") == nil)
  }

  @Test func lookupByBeaconIdentity() {
    let dukuhAtas = catalog.station(for: .iBeacon(uuid: RailBeaconUUIDs.station, major: 1, minor: 12))
    #expect(dukuhAtas?.name == "DukuhAtas")
    #expect(dukuhAtas?.sponsoredName == "Dukuh Atas BNI")
    #expect(catalog.station(for: .iBeacon(uuid: RailBeaconUUIDs.station, major: 1, minor: 14)) == nil)
    #expect(catalog.station(for: .iBeacon(uuid: RailBeaconUUIDs.station, major: 2, minor: 12)) == nil)
    // Same numbers, other kind: not a station.
    #expect(catalog.station(for: .altBeacon(id1: RailBeaconUUIDs.station, id2: 1, id3: 12)) == nil)
  }

  static func station(_ name: String, minor: UInt16, aliases: [String] = [], sponsored: String? = nil) -> Station {
    Station(
      name: name, displayName: name, sponsoredName: sponsored, aliases: aliases, lineOrder: Int(minor),
      beacon: .iBeacon(uuid: RailBeaconUUIDs.station, major: 9, minor: minor))
  }

  @Test func rejectsDuplicateBeacons() {
    #expect(
      throws: StationCatalog.Problem.duplicateBeacon(
        .iBeacon(uuid: RailBeaconUUIDs.station, major: 9, minor: 1), first: "A", second: "B")
    ) {
      try StationCatalog(stations: [Self.station("A", minor: 1), Self.station("B", minor: 1)])
    }
  }

  @Test func rejectsDuplicateNamesAcrossStations() {
    #expect(throws: StationCatalog.Problem.duplicateName("blok a")) {
      try StationCatalog(stations: [Self.station("BlokA", minor: 1), Self.station("X", minor: 2, aliases: ["blok a"])])
    }
    #expect(throws: StationCatalog.Problem.duplicateName("A Sponsor")) {
      try StationCatalog(stations: [
        Self.station("A", minor: 1, sponsored: "A Sponsor"), Self.station("B", minor: 2, aliases: ["A Sponsor"]),
      ])
    }
  }

  @Test func aStationMayRepeatItsOwnNames() throws {
    let catalog = try StationCatalog(stations: [Self.station("ASEAN", minor: 1, aliases: ["asean", "A S E A N"])])
    #expect(catalog.station(named: "a-s-e-a-n")?.name == "ASEAN")
  }

  @Test func rejectsEmpty() {
    #expect(throws: StationCatalog.Problem.empty) {
      try StationCatalog(stations: [])
    }
  }
}

/// A catalog's lines and walking links must name its stations; each problem names the entry.
@Suite struct StationNetworkValidationTests {
  let stations = ["A", "B", "C"].enumerated().map { index, name in
    StationCatalogTests.station(name, minor: UInt16(index + 1))
  }

  @Test func stationsAloneMakeOneLine() throws {
    let catalog = try StationCatalog(stations: stations)
    #expect(catalog.lines.count == 1)
    #expect(catalog.lines.first?.stationNames == ["A", "B", "C"])
    let line = try #require(catalog.lines.first)
    #expect(catalog.headsign(of: line, .towardsLast) == "C")
    #expect(catalog.headsign(of: line, .towardsFirst) == "A")
  }

  /// A line may name its stations as lookups accept them; the catalog keeps their key names, so
  /// what follows a journey along the line finds each station on it.
  @Test func linesKeepTheStationsKeyNames() throws {
    let catalog = try StationCatalog(
      stations: stations, lines: [TransitLine(name: "L", displayName: "L", stationNames: ["a", "B", "c "])])
    #expect(catalog.lines.first?.stationNames == ["A", "B", "C"])
    var progress = JourneyProgress(journey: try catalog.journey(from: "B", to: "C"))
    #expect(progress.found(try #require(catalog.station(named: "A"))).count == 2, "found A, and the wrong way")
  }

  @Test func rejectsALineThroughAnUnknownStation() {
    #expect(throws: StationCatalog.Problem.unknownStationInLine(line: "L", station: "D")) {
      try StationCatalog(
        stations: stations, lines: [TransitLine(name: "L", displayName: "L", stationNames: ["A", "D"])])
    }
  }

  @Test func rejectsBadLines() {
    #expect(throws: StationCatalog.Problem.lineTooShort("L")) {
      try StationCatalog(stations: stations, lines: [TransitLine(name: "L", displayName: "L", stationNames: ["A"])])
    }
    #expect(throws: StationCatalog.Problem.stationTwiceInLine(line: "L", station: "a")) {
      try StationCatalog(
        stations: stations, lines: [TransitLine(name: "L", displayName: "L", stationNames: ["A", "B", "a"])])
    }
    #expect(throws: StationCatalog.Problem.duplicateLine("l")) {
      try StationCatalog(
        stations: stations,
        lines: [
          TransitLine(name: "L", displayName: "L", stationNames: ["A", "B"]),
          TransitLine(name: "l", displayName: "M", stationNames: ["B", "C"]),
        ])
    }
  }

  @Test func rejectsAnInterchangeToNowhereOrToItself() {
    #expect(throws: StationCatalog.Problem.unknownStationInInterchange(from: "A", to: "Nowhere", unknown: "Nowhere")) {
      try StationCatalog(stations: stations, interchanges: [Interchange(from: "A", to: "Nowhere", walkingTime: .zero)])
    }
    #expect(throws: StationCatalog.Problem.interchangeToItself("B")) {
      try StationCatalog(stations: stations, interchanges: [Interchange(from: "B", to: "b", walkingTime: .zero)])
    }
  }
}
