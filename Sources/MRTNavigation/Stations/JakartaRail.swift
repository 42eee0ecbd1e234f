import Beacons
import BluetoothTypes

/// The rail lines that meet the MRT North–South line at Dukuh Atas, with it: the network the
/// tools know without a catalog file.
///
/// Lines: the MRT North–South line (``JakartaMRT``), the KRL Commuter Line's Cikarang line
/// (through Sudirman and BNI City), the airport line (Manggarai – BNI City – Soekarno–Hatta)
/// and both LRT Jabodebek lines from Dukuh Atas (to Harjamukti and to Jati Mulya). Walking
/// links join MRT Dukuh Atas, KRL Sudirman, BNI City and LRT Dukuh Atas.
///
/// Beacon scheme: every station broadcasts iBeacon ``JakartaMRT/projectUUID``, major = its home
/// line (``northSouthLineMajor`` 1, ``cikarangLineMajor`` 2, ``airportLineMajor`` 3,
/// ``lrtCibuburLineMajor`` 4, ``lrtBekasiLineMajor`` 5), minor = its position along that line
/// from 1. A station several lines stop at has one beacon, of the first of them in that order:
/// Manggarai, BNI City and Duri are Cikarang-line stations (2), LRT Dukuh Atas to Cawang are
/// Cibubur-line stations (4). Majors 6 to 999 are free for other lines of a user's catalog.
/// Trains carry beacons of their own (``trainUUID``, ``TrainBeaconScheme``): major = line × 10
/// + 1 towards the line's last station (11: North–South towards Bundaran HI), + 2 towards its
/// first; minor = the train set.
///
/// Data (`tools/network-data/jakarta-rail.json`, with `SOURCES.md` beside it): the LRT stations'
/// order and platform centres from the GTFS feed `MuhammadNafishZaldinanda/gtfs-lrt-jabodebek`
/// (commit c2d7e44, OpenStreetMap platform nodes; © OpenStreetMap contributors, ODbL 1.0); the
/// KRL and airport stations' order and coordinates from Wikipedia's station articles (CC BY-SA
/// 4.0) and the press. Fourteen KRL and airport stations have estimated coordinates, good to a
/// few hundred metres: they are marked approximate (``Station/coordinateIsApproximate``), and GPS
/// does not find them. Walking times are estimates from the distance between the stations
/// (×1.3 for the way round, 1.2 m/s, plus the stairs). Karet is listed as it was served in
/// 2024–25; its closure into BNI City was announced but not confirmed in the sources.
public enum JakartaRail {
  /// The major value of the MRT North–South line's stations.
  public static let northSouthLineMajor: UInt16 = JakartaMRT.northSouthLineMajor
  /// The major value of the KRL Cikarang line's stations.
  public static let cikarangLineMajor: UInt16 = 2
  /// The major value of the airport line's stations.
  public static let airportLineMajor: UInt16 = 3
  /// The major value of the LRT Jabodebek Cibubur line's stations.
  public static let lrtCibuburLineMajor: UInt16 = 4
  /// The major value of the LRT Jabodebek Bekasi line's stations.
  public static let lrtBekasiLineMajor: UInt16 = 5

  /// The lines, in the order of their majors.
  public static let lines: [TransitLine] = [
    JakartaMRT.northSouthLine,
    TransitLine(
      name: "Cikarang", displayName: "KRL Cikarang line",
      stationNames: [
        "Cikarang", "Telagamurni", "Cibitung", "Tambun", "BekasiTimur", "Bekasi", "Kranji", "Cakung", "KlenderBaru",
        "Buaran", "Klender", "Jatinegara", "Matraman", "Manggarai", "Sudirman", "BNICity", "Karet", "TanahAbang",
        "Duri", "Angke", "KampungBandan",
      ], code: cikarangLineMajor),
    TransitLine(
      name: "Airport", displayName: "airport line",
      stationNames: ["Manggarai", "BNICity", "Duri", "RawaBuaya", "BatuCeper", "SoekarnoHatta"], code: airportLineMajor),
    TransitLine(
      name: "LRTCibubur", displayName: "LRT Jabodebek Cibubur line",
      stationNames: [
        "DukuhAtasLRT", "SetiabudiLRT", "RasunaSaid", "Kuningan", "Pancoran", "Cikoko", "Ciliwung", "Cawang", "TMII",
        "KampungRambutan", "Ciracas", "Harjamukti",
      ], code: lrtCibuburLineMajor,
      towardsFirst: "Dukuh Atas"),
    TransitLine(
      name: "LRTBekasi", displayName: "LRT Jabodebek Bekasi line",
      stationNames: [
        "DukuhAtasLRT", "SetiabudiLRT", "RasunaSaid", "Kuningan", "Pancoran", "Cikoko", "Ciliwung", "Cawang", "Halim",
        "JatiBeningBaru", "Cikunir1", "Cikunir2", "BekasiBarat", "JatiMulya",
      ], code: lrtBekasiLineMajor,
      towardsFirst: "Dukuh Atas"),
  ]

  /// The walking links around Dukuh Atas; every time is an estimate.
  public static let interchanges: [Interchange] = [
    Interchange(from: "DukuhAtas", to: "Sudirman", walkingTime: .seconds(7 * 60), note: "by the Dukuh Atas skybridge"),
    Interchange(from: "DukuhAtas", to: "BNICity", walkingTime: .seconds(8 * 60)),
    Interchange(from: "DukuhAtas", to: "DukuhAtasLRT", walkingTime: .seconds(14 * 60)),
    Interchange(from: "Sudirman", to: "BNICity", walkingTime: .seconds(7 * 60), note: "across Jalan Sudirman"),
    Interchange(
      from: "DukuhAtasLRT", to: "Sudirman", walkingTime: .seconds(9 * 60), note: "by the Dukuh Atas skybridge"),
    Interchange(from: "DukuhAtasLRT", to: "BNICity", walkingTime: .seconds(15 * 60)),
  ]

  /// Every station: the North–South line's first, in line order, then each other line's
  /// stations not listed before, in the order of ``lines``.
  public static let stations: [Station] = {
    let entries =
      JakartaMRT.northSouthLineEntries + cikarangLineEntries + airportLineEntries + lrtCibuburEntries
      + lrtBekasiEntries
    var homes: [String: (major: UInt16, position: Int)] = [:]
    for line in lines {
      guard let major = line.code else { continue }
      for (index, name) in line.stationNames.enumerated() where homes[name] == nil {
        homes[name] = (major, index + 1)
      }
    }
    return entries.compactMap { entry in
      homes[entry.name].map { home in
        entry.station(
          lineOrder: home.position,
          beacon: .iBeacon(uuid: JakartaMRT.projectUUID, major: home.major, minor: UInt16(home.position)))
      }
    }
  }()

  /// The network: its stations, lines and walking links.
  public static let network = StationCatalog(
    trustedStations: stations, lines: lines, interchanges: interchanges,
    trainBeacons: TrainBeaconScheme(uuid: trainUUID))

  /// The iBeacon proximity UUID of the beacons trains carry (``TrainBeaconScheme``):
  /// F63B21BA-2635-4BE4-8A11-72411E5B0001.
  public static let trainUUID = UUID128(high: 0xF63B_21BA_2635_4BE4, low: 0x8A11_7241_1E5B_0001)

  /// The Cikarang line, from Cikarang to Kampung Bandan.
  private static let cikarangLineEntries: [BuiltInStation] = [
    BuiltInStation(
      name: "Cikarang", displayName: "Cikarang", sponsored: nil, aliases: [],
      latitude: -6.253610, longitude: 107.142220, level: .atGrade, approximate: false),
    BuiltInStation(
      name: "Telagamurni", displayName: "Telagamurni", sponsored: "Metland Telagamurni",
      aliases: ["Telaga Murni", "Metland Telaga Murni"],
      latitude: -6.259000, longitude: 107.104500, level: .atGrade, approximate: true),
    BuiltInStation(
      name: "Cibitung", displayName: "Cibitung", sponsored: nil, aliases: [],
      latitude: -6.262780, longitude: 107.080280, level: .atGrade, approximate: false),
    BuiltInStation(
      name: "Tambun", displayName: "Tambun", sponsored: nil, aliases: [],
      latitude: -6.262780, longitude: 107.052500, level: .atGrade, approximate: false),
    BuiltInStation(
      name: "BekasiTimur", displayName: "Bekasi Timur", sponsored: nil, aliases: ["Bulak Kapal"],
      latitude: -6.247000, longitude: 107.017000, level: .atGrade, approximate: true),
    BuiltInStation(
      name: "Bekasi", displayName: "Bekasi", sponsored: nil, aliases: ["Bekasi Kota"],
      latitude: -6.235900, longitude: 106.998600, level: .atGrade, approximate: false),
    BuiltInStation(
      name: "Kranji", displayName: "Kranji", sponsored: nil, aliases: [],
      latitude: -6.226110, longitude: 106.982220, level: .atGrade, approximate: false),
    BuiltInStation(
      name: "Cakung", displayName: "Cakung", sponsored: nil, aliases: [],
      latitude: -6.219600, longitude: 106.952000, level: .atGrade, approximate: true),
    BuiltInStation(
      name: "KlenderBaru", displayName: "Klender Baru", sponsored: nil, aliases: [],
      latitude: -6.217500, longitude: 106.939500, level: .atGrade, approximate: true),
    BuiltInStation(
      name: "Buaran", displayName: "Buaran", sponsored: nil, aliases: [],
      latitude: -6.215600, longitude: 106.928300, level: .atGrade, approximate: true),
    BuiltInStation(
      name: "Klender", displayName: "Klender", sponsored: nil, aliases: [],
      latitude: -6.213300, longitude: 106.899700, level: .atGrade, approximate: true),
    BuiltInStation(
      name: "Jatinegara", displayName: "Jatinegara", sponsored: nil, aliases: ["Meester Cornelis"],
      latitude: -6.215000, longitude: 106.870280, level: .atGrade, approximate: false),
    BuiltInStation(
      name: "Matraman", displayName: "Matraman", sponsored: nil, aliases: [],
      latitude: -6.212563, longitude: 106.859825, level: .elevated, approximate: false),
    BuiltInStation(
      name: "Manggarai", displayName: "Manggarai", sponsored: nil, aliases: [],
      latitude: -6.209900, longitude: 106.850200, level: .atGrade, approximate: false),
    BuiltInStation(
      name: "Sudirman", displayName: "Sudirman", sponsored: nil, aliases: ["Dukuh", "Sudirman Lama"],
      latitude: -6.202500, longitude: 106.823300, level: .atGrade, approximate: true),
    BuiltInStation(
      name: "BNICity", displayName: "BNI City", sponsored: nil, aliases: ["Sudirman Baru"],
      latitude: -6.201900, longitude: 106.820500, level: .atGrade, approximate: true),
    BuiltInStation(
      name: "Karet", displayName: "Karet", sponsored: nil, aliases: [],
      latitude: -6.200900, longitude: 106.816500, level: .atGrade, approximate: true),
    BuiltInStation(
      name: "TanahAbang", displayName: "Tanah Abang", sponsored: nil, aliases: [],
      latitude: -6.189440, longitude: 106.811670, level: .atGrade, approximate: false),
    BuiltInStation(
      name: "Duri", displayName: "Duri", sponsored: nil, aliases: [],
      latitude: -6.156200, longitude: 106.801600, level: .atGrade, approximate: true),
    BuiltInStation(
      name: "Angke", displayName: "Angke", sponsored: nil, aliases: [],
      latitude: -6.144294, longitude: 106.800671, level: .atGrade, approximate: false),
    BuiltInStation(
      name: "KampungBandan", displayName: "Kampung Bandan", sponsored: nil, aliases: [],
      latitude: -6.132900, longitude: 106.828100, level: .atGrade, approximate: true),
  ]

  /// The airport line's stations that no other line here stops at.
  private static let airportLineEntries: [BuiltInStation] = [
    BuiltInStation(
      name: "RawaBuaya", displayName: "Rawa Buaya", sponsored: nil, aliases: ["Rawabuaya"],
      latitude: -6.163400, longitude: 106.720200, level: .atGrade, approximate: true),
    BuiltInStation(
      name: "BatuCeper", displayName: "Batu Ceper", sponsored: nil, aliases: ["Batuceper"],
      latitude: -6.171500, longitude: 106.662000, level: .atGrade, approximate: true),
    BuiltInStation(
      name: "SoekarnoHatta", displayName: "Bandara Soekarno-Hatta", sponsored: nil,
      aliases: ["Soekarno-Hatta Airport", "Bandara Soetta", "Soetta", "BST", "SHIA", "Airport"],
      latitude: -6.123200, longitude: 106.662600, level: .atGrade, approximate: true),
  ]

  /// LRT Jabodebek from Dukuh Atas to Harjamukti (the stations to Cawang shared with the Bekasi line).
  private static let lrtCibuburEntries: [BuiltInStation] = [
    BuiltInStation(
      name: "DukuhAtasLRT", displayName: "Dukuh Atas LRT", sponsored: "Dukuh Atas Bank Syariah Indonesia",
      aliases: ["Dukuh Atas BSI"],
      latitude: -6.204828, longitude: 106.825530, level: .elevated, approximate: false),
    BuiltInStation(
      name: "SetiabudiLRT", displayName: "Setiabudi LRT", sponsored: nil, aliases: [],
      latitude: -6.209344, longitude: 106.830228, level: .elevated, approximate: false),
    BuiltInStation(
      name: "RasunaSaid", displayName: "Rasuna Said", sponsored: nil, aliases: [],
      latitude: -6.221637, longitude: 106.832243, level: .elevated, approximate: false),
    BuiltInStation(
      name: "Kuningan", displayName: "Kuningan", sponsored: nil, aliases: [],
      latitude: -6.228785, longitude: 106.833202, level: .elevated, approximate: false),
    BuiltInStation(
      name: "Pancoran", displayName: "Pancoran", sponsored: "Pancoran bank bjb", aliases: [],
      latitude: -6.242141, longitude: 106.838517, level: .elevated, approximate: false),
    BuiltInStation(
      name: "Cikoko", displayName: "Cikoko", sponsored: nil, aliases: [],
      latitude: -6.243485, longitude: 106.857072, level: .elevated, approximate: false),
    BuiltInStation(
      name: "Ciliwung", displayName: "Ciliwung", sponsored: nil, aliases: [],
      latitude: -6.243447, longitude: 106.863971, level: .elevated, approximate: false),
    BuiltInStation(
      name: "Cawang", displayName: "Cawang", sponsored: nil, aliases: ["Cawang LRT"],
      latitude: -6.245906, longitude: 106.871216, level: .elevated, approximate: false),
    BuiltInStation(
      name: "TMII", displayName: "TMII", sponsored: nil, aliases: ["Taman Mini", "Taman Mini Indonesia Indah"],
      latitude: -6.292908, longitude: 106.880560, level: .elevated, approximate: false),
    BuiltInStation(
      name: "KampungRambutan", displayName: "Kampung Rambutan", sponsored: nil, aliases: [],
      latitude: -6.309549, longitude: 106.884381, level: .elevated, approximate: false),
    BuiltInStation(
      name: "Ciracas", displayName: "Ciracas", sponsored: nil, aliases: [],
      latitude: -6.323769, longitude: 106.886640, level: .elevated, approximate: false),
    BuiltInStation(
      name: "Harjamukti", displayName: "Harjamukti", sponsored: nil, aliases: [],
      latitude: -6.373893, longitude: 106.895669, level: .elevated, approximate: false),
  ]

  /// The Bekasi line's own stations, after Cawang.
  private static let lrtBekasiEntries: [BuiltInStation] = [
    BuiltInStation(
      name: "Halim", displayName: "Halim", sponsored: nil, aliases: [],
      latitude: -6.245865, longitude: 106.887288, level: .elevated, approximate: false),
    BuiltInStation(
      name: "JatiBeningBaru", displayName: "Jati Bening Baru", sponsored: nil, aliases: ["Jatibening Baru"],
      latitude: -6.257723, longitude: 106.927916, level: .elevated, approximate: false),
    BuiltInStation(
      name: "Cikunir1", displayName: "Cikunir 1", sponsored: nil, aliases: ["Cikunir Satu"],
      latitude: -6.256599, longitude: 106.951866, level: .elevated, approximate: false),
    BuiltInStation(
      name: "Cikunir2", displayName: "Cikunir 2", sponsored: nil, aliases: ["Cikunir Dua"],
      latitude: -6.254665, longitude: 106.963175, level: .elevated, approximate: false),
    BuiltInStation(
      name: "BekasiBarat", displayName: "Bekasi Barat", sponsored: nil, aliases: [],
      latitude: -6.252953, longitude: 106.990425, level: .elevated, approximate: false),
    BuiltInStation(
      name: "JatiMulya", displayName: "Jati Mulya", sponsored: nil, aliases: ["Jatimulya"],
      latitude: -6.264107, longitude: 107.021668, level: .elevated, approximate: false),
  ]
}
