import BeaconTestSupport
import Foundation
import Testing

/// Names from outside (a `--catalog` file, what was typed) reach the terminal escaped: no
/// control byte of theirs is written, each event stays one line, and the escape is shown.
/// Long names keep the columns after them aligned.
@Suite struct UntrustedNamesTests {
  static let ride = TestPaths.fixture("ride-lebak-bulus-to-bundaran-hi.btsnoop")

  /// Lebak Bulus's name retitles the window, then holds a NUL, a newline and a right-to-left
  /// override; Fatmawati's turns the terminal red; Blok M's is long.
  static let hostileNames = [
    "LebakBulus": "Lebak\u{1B}]0;pwned\u{07} Bulus\u{0}\nX\u{202E}evil",
    "Fatmawati": "Fatmawati\u{1B}[31mRED",
    "BlokM": "Blok M, the Terminal and Bus Station of South Jakarta",
  ]

  /// The built-in catalog as `--list-stations --format json` writes it, with ``hostileNames``
  /// (JSON escapes them: `\u001b`, `\u0000`, `\n`, `\u202e`), as a file.
  static func hostileCatalog() throws -> String {
    let listing = try Executable.run("beacon-broadcast", ["--list-stations", "--format", "json"])
    try #require(listing.status == 0)
    var lines: [String] = []
    for line in listing.stdout.split(separator: "\n") {
      var object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      if let name = object["name"] as? String, let hostile = hostileNames[name] { object["displayName"] = hostile }
      object["lines"] = nil
      lines.append(String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self))
    }
    let path = try RideReportCommandTests.folder().appendingPathComponent("hostile.jsonl").path
    try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// No byte a terminal acts on: C0 controls but the newline, DEL, C1 controls (UTF-8 C2 80–9F),
  /// and no bidi override (E2 80 AE).
  static func expectNoControlBytes(_ text: String, _ what: String) {
    let bytes = Array(text.utf8)
    #expect(!bytes.contains { ($0 < 0x20 && $0 != 0x0A) || $0 == 0x7F }, "\(what): a raw control byte")
    let pairs = zip(bytes, bytes.dropFirst())
    #expect(!pairs.contains { $0 == 0xC2 && (0x80...0x9F).contains($1) }, "\(what): a C1 control")
    #expect(!text.unicodeScalars.contains("\u{202E}"), "\(what): a bidi override")
  }

  @Test(arguments: [[], ["--table"], ["--summary"], ["--notify"]])
  func scanShowsHostileNamesEscaped(mode: [String]) throws {
    let catalog = try Self.hostileCatalog()
    let result = try Executable.run("beacon-scan", ["--replay", Self.ride, "--catalog", catalog] + mode)
    #expect(result.status == 0, "\(result.stderr)")
    Self.expectNoControlBytes(result.stdout, "beacon-scan \(mode)")
    Self.expectNoControlBytes(result.stderr, "beacon-scan \(mode), standard error")
    // The tables' STATION column is at most 32 wide: the name is cut there, with an ellipsis.
    let shown =
      mode.isEmpty || mode == ["--notify"]
      ? "Lebak\\e]0;pwned\\a Bulus\\0\\nX\\u{202E}evil" : "Lebak\\e]0;pwned\\a Bulus\\0\\nX…"
    #expect(result.stdout.contains(shown))
    #expect(result.stdout.contains("Fatmawati\\e[31mRED"))
    // No line was broken in two: every Lebak Bulus line holds the whole name's start and end.
    let lebakBulus = result.stdout.split(separator: "\n").filter { $0.contains("Lebak") }
    #expect(!lebakBulus.isEmpty)
    #expect(lebakBulus.allSatisfy { $0.contains("pwned") && $0.contains("Bulus") })
  }

  @Test func rideShowsHostileNamesEscapedOneLineAnEvent() throws {
    let catalog = try Self.hostileCatalog()
    let result = try Executable.run(
      "beacon-ride", ["--replay", Self.ride, "--catalog", catalog, "--from", "LebakBulus", "--to", "BundaranHI"])
    #expect(result.status == 0, "\(result.stderr)")
    Self.expectNoControlBytes(result.stdout, "beacon-ride")
    Self.expectNoControlBytes(result.stderr, "beacon-ride, standard error")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.allSatisfy { $0.hasPrefix("2026-11-22T") }, "one line an event")
    #expect(lines.first?.contains("FOUND     Lebak\\e]0;pwned\\a Bulus\\0\\nX\\u{202E}evil") == true)
    // The journey's message on standard error names the origin, escaped too.
    #expect(result.stderr.contains("beacon-ride: Lebak\\e]0;pwned\\a Bulus\\0\\nX\\u{202E}evil → Bundaran HI"))
    // JSON keeps the names exactly, in its own escapes.
    let json = try Executable.run(
      "beacon-ride", ["--replay", Self.ride, "--catalog", catalog, "--to", "BundaranHI", "--format", "json"])
    Self.expectNoControlBytes(json.stdout, "beacon-ride --format json")
    let first = try #require(jsonLines(json.stdout).first)
    #expect(first["displayName"] as? String == Self.hostileNames["LebakBulus"])
  }

  @Test func aTypedNameIsEchoedEscaped() throws {
    let result = try Executable.run("beacon-ride", ["--replay", Self.ride, "--to", "Blok\u{1B}[2J\nM"])
    #expect(result.status == 64)
    Self.expectNoControlBytes(result.stderr, "the error")
    #expect(result.stderr.contains("No station named \"Blok\\e[2J\\nM\""))
  }

  /// The column of each line where `marker` starts, for the lines holding it.
  static func columns(of marker: String, in text: String) -> [Int] {
    text.split(separator: "\n").compactMap { line in
      line.range(of: marker).map { line.distance(from: line.startIndex, to: $0.lowerBound) }
    }
  }

  @Test func aLongStationNameKeepsTheDBmColumnAligned() throws {
    // "Bendungan Hilir (BendunganHilir)" is 32 characters: the built-in catalog's names.
    let result = try Executable.run("beacon-ride", ["--replay", Self.ride, "--to", "BundaranHI"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("Bendungan Hilir (BendunganHilir)"))
    let dBm = Self.columns(of: " dBm", in: result.stdout)
    #expect(dBm.count == 13)
    #expect(Set(dBm).count == 1, "\(dBm)")
  }

  /// `--list-stations`: the built-in catalog's longest display and sponsored names ("Bandara
  /// Soekarno-Hatta", "Dukuh Atas Bank Syariah Indonesia") keep BEACON in line; a catalog file's
  /// names are shown escaped.
  @Test func listStationsKeepsTheBeaconColumnAligned() throws {
    let result = try Executable.run("beacon-broadcast", ["--list-stations"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("Dukuh Atas Bank Syariah Indonesia"))
    let beacon = Self.columns(of: "ibeacon ", in: result.stdout)
    #expect(beacon.count == 55)
    #expect(Set(beacon + Self.columns(of: "BEACON", in: result.stdout)).count == 1, "\(Set(beacon))")
    let hostile = try Executable.run("beacon-broadcast", ["--list-stations", "--catalog", try Self.hostileCatalog()])
    Self.expectNoControlBytes(hostile.stdout, "--list-stations")
    #expect(hostile.stdout.contains("Lebak\\e]0;pwned\\a Bulus\\0\\nX\\u{202E}evil"))
    #expect(Set(Self.columns(of: "ibeacon ", in: hostile.stdout)).count == 1)
  }

  @Test(arguments: [["--table"], ["--summary"]])
  func aLongStationNameKeepsTheTableAligned(mode: [String]) throws {
    let catalog = try Self.hostileCatalog()
    let result = try Executable.run(
      "beacon-scan",
      ["--replay", TestPaths.fixture("ride-lebak-bulus-to-bundaran-hi.btsnoop"), "--catalog", catalog] + mode)
    #expect(result.status == 0)
    // The column after STATION (--table: KIND; --summary: REPORTS, right-aligned, so its end).
    let lines = result.stdout.split(separator: "\n").prefix { !$0.isEmpty }.map(String.init)
    let header = try #require(lines.first)
    let rows = lines.dropFirst().filter { $0.contains("Blok M, the Terminal") || $0.contains("Lebak") }
    #expect(rows.count == 2)
    if mode == ["--table"] {
      let kind = try #require(header.range(of: "KIND")).lowerBound.utf16Offset(in: header)
      for row in rows { #expect(row.count > kind && Array(row)[kind...].starts(with: "ibeacon"), "\(row)") }
    } else {
      let reports = try #require(header.range(of: "REPORTS")).upperBound.utf16Offset(in: header)
      for row in rows {
        let characters = Array(row)
        #expect(characters.count > reports && characters[reports - 1] != " " && characters[reports] == " ", "\(row)")
      }
    }
  }
}
