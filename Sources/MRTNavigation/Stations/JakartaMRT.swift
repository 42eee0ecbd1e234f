import BluetoothTypes
import Positioning

/// The MRT Jakarta North–South line, Lebak Bulus to Bundaran HI.
///
/// Beacon scheme: every station broadcasts iBeacon ``projectUUID``, major ``northSouthLineMajor``
/// (the line), minor = the station's position along the line (Lebak Bulus 1 … Bundaran HI 13).
/// Sponsored names are as of 2024.
///
/// Coordinates are each station's platform centre: the mean of its platform nodes in
/// OpenStreetMap, as the GTFS feed `MuhammadNafishZaldinanda/gtfs-mrt-jakarta` (commit c39d5b1,
/// `stops.txt`, stops with `location_type` 0) carries them; © OpenStreetMap contributors, under
/// the Open Database License 1.0. `tools/station-geometry.py` derives them from that file. The
/// line is elevated from Lebak Bulus to ASEAN and underground from Senayan to Bundaran HI.
public enum JakartaMRT {
  /// The iBeacon proximity UUID of this project's station beacons.
  public static let projectUUID = UUID128(high: 0xF63B_21BA_2635_4BE4, low: 0xB6FF_E2EA_B8B5_41C3)
  /// The major value of the North–South line.
  public static let northSouthLineMajor: UInt16 = 1

  static let northSouthLineEntries: [BuiltInStation] = [
    BuiltInStation(
      name: "LebakBulus", displayName: "Lebak Bulus", sponsored: "Lebak Bulus Grab", aliases: [], latitude: -6.289275,
      longitude: 106.774935, level: .elevated),
    BuiltInStation(
      name: "Fatmawati", displayName: "Fatmawati", sponsored: "Fatmawati Indomaret", aliases: [], latitude: -6.292461,
      longitude: 106.792464, level: .elevated),
    BuiltInStation(
      name: "CipeteRaya", displayName: "Cipete Raya", sponsored: nil, aliases: [], latitude: -6.278368,
      longitude: 106.797321, level: .elevated),
    BuiltInStation(
      name: "HajiNawi", displayName: "Haji Nawi", sponsored: nil, aliases: [], latitude: -6.266694,
      longitude: 106.797325, level: .elevated),
    BuiltInStation(
      name: "BlokA", displayName: "Blok A", sponsored: nil, aliases: [], latitude: -6.255785, longitude: 106.797145,
      level: .elevated),
    BuiltInStation(
      name: "BlokM", displayName: "Blok M", sponsored: "Blok M BCA", aliases: [], latitude: -6.244423,
      longitude: 106.798123, level: .elevated
    ),
    BuiltInStation(
      name: "ASEAN", displayName: "ASEAN", sponsored: nil, aliases: ["Sisingamangaraja"], latitude: -6.238771,
      longitude: 106.798447, level: .elevated),
    BuiltInStation(
      name: "Senayan", displayName: "Senayan", sponsored: "Senayan Mastercard", aliases: [], latitude: -6.226733,
      longitude: 106.802490, level: .underground),
    BuiltInStation(
      name: "Istora", displayName: "Istora", sponsored: "Istora Mandiri", aliases: [], latitude: -6.222388,
      longitude: 106.808622, level: .underground),
    BuiltInStation(
      name: "BendunganHilir", displayName: "Bendungan Hilir", sponsored: nil, aliases: ["Benhil"], latitude: -6.215024,
      longitude: 106.817950, level: .underground),
    BuiltInStation(
      name: "Setiabudi", displayName: "Setiabudi", sponsored: "Setiabudi Astra", aliases: [], latitude: -6.209072,
      longitude: 106.821702, level: .underground),
    BuiltInStation(
      name: "DukuhAtas", displayName: "Dukuh Atas", sponsored: "Dukuh Atas BNI", aliases: [], latitude: -6.200794,
      longitude: 106.822787, level: .underground),
    BuiltInStation(
      name: "BundaranHI", displayName: "Bundaran HI", sponsored: "Bundaran HI Bank DKI", aliases: [],
      latitude: -6.191850,
      longitude: 106.823011, level: .underground),
  ]

  /// The line's stations, in order from Lebak Bulus.
  public static let northSouthLineStations: [Station] = northSouthLineEntries.enumerated().map { index, entry in
    entry.station(
      lineOrder: index + 1, beacon: .iBeacon(uuid: projectUUID, major: northSouthLineMajor, minor: UInt16(index + 1)))
  }

  /// The line, Lebak Bulus to Bundaran HI.
  public static let northSouthLine = TransitLine(
    name: "NorthSouth", displayName: "MRT North–South line", stationNames: northSouthLineEntries.map(\.name),
    code: northSouthLineMajor)

  /// The North–South line alone. The tools' default is the network it is part of,
  /// ``JakartaRail/network``.
  public static let catalog = StationCatalog(trustedStations: northSouthLineStations, lines: [northSouthLine])
}
