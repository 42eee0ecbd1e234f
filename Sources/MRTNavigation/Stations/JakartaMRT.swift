import BluetoothTypes

/// The MRT Jakarta North–South line, Lebak Bulus to Bundaran HI.
///
/// Beacon scheme: every station broadcasts iBeacon ``projectUUID``, major ``northSouthLineMajor``
/// (the line), minor = the station's position along the line (Lebak Bulus 1 … Bundaran HI 13).
/// Coordinates are approximate (to about 100 m); sponsored names are as of 2024.
public enum JakartaMRT {
  /// The iBeacon proximity UUID of this project's station beacons.
  public static let projectUUID = UUID128(high: 0xF63B_21BA_2635_4BE4, low: 0xB6FF_E2EA_B8B5_41C3)
  /// The major value of the North–South line.
  public static let northSouthLineMajor: UInt16 = 1

  private struct Entry {
    let name: String
    let displayName: String
    let sponsored: String?
    let aliases: [String]
    let latitude: Double
    let longitude: Double
  }

  private static let entries: [Entry] = [
    Entry(
      name: "LebakBulus", displayName: "Lebak Bulus", sponsored: "Lebak Bulus Grab", aliases: [], latitude: -6.2893,
      longitude: 106.7742),
    Entry(
      name: "Fatmawati", displayName: "Fatmawati", sponsored: "Fatmawati Indomaret", aliases: [], latitude: -6.2925,
      longitude: 106.7927),
    Entry(
      name: "CipeteRaya", displayName: "Cipete Raya", sponsored: nil, aliases: [], latitude: -6.2784,
      longitude: 106.7975),
    Entry(
      name: "HajiNawi", displayName: "Haji Nawi", sponsored: nil, aliases: [], latitude: -6.2667, longitude: 106.7973),
    Entry(name: "BlokA", displayName: "Blok A", sponsored: nil, aliases: [], latitude: -6.2557, longitude: 106.7971),
    Entry(
      name: "BlokM", displayName: "Blok M", sponsored: "Blok M BCA", aliases: [], latitude: -6.2444, longitude: 106.7980
    ),
    Entry(
      name: "ASEAN", displayName: "ASEAN", sponsored: nil, aliases: ["Sisingamangaraja"], latitude: -6.2388,
      longitude: 106.7985),
    Entry(
      name: "Senayan", displayName: "Senayan", sponsored: "Senayan Mastercard", aliases: [], latitude: -6.2268,
      longitude: 106.8026),
    Entry(
      name: "Istora", displayName: "Istora", sponsored: "Istora Mandiri", aliases: [], latitude: -6.2224,
      longitude: 106.8086),
    Entry(
      name: "BendunganHilir", displayName: "Bendungan Hilir", sponsored: nil, aliases: ["Benhil"], latitude: -6.2147,
      longitude: 106.8183),
    Entry(
      name: "Setiabudi", displayName: "Setiabudi", sponsored: "Setiabudi Astra", aliases: [], latitude: -6.2090,
      longitude: 106.8217),
    Entry(
      name: "DukuhAtas", displayName: "Dukuh Atas", sponsored: "Dukuh Atas BNI", aliases: [], latitude: -6.2006,
      longitude: 106.8228),
    Entry(
      name: "BundaranHI", displayName: "Bundaran HI", sponsored: "Bundaran HI Bank DKI", aliases: [], latitude: -6.1917,
      longitude: 106.8230),
  ]

  /// The line's stations, in order from Lebak Bulus.
  public static let northSouthLineStations: [Station] = entries.enumerated().map { index, entry in
    Station(
      name: entry.name, displayName: entry.displayName, sponsoredName: entry.sponsored,
      aliases: entry.aliases, lineOrder: index + 1,
      coordinate: GeoCoordinate(latitude: entry.latitude, longitude: entry.longitude),
      beacon: .iBeacon(uuid: projectUUID, major: northSouthLineMajor, minor: UInt16(index + 1)))
  }

  /// The built-in catalog: the North–South line. Sponsored names (e.g. `DukuhAtasBNI`) match
  /// because lookups ignore spaces and case. Uniqueness is checked by the catalog tests.
  public static let catalog = StationCatalog(trustedStations: northSouthLineStations)
}
