import BeaconTestSupport
import Foundation
import Testing

/// The built executables, run as a user runs them.
@Suite struct ExecutableTests {
  static let ride = TestPaths.fixture("ride-lebak-bulus-to-bundaran-hi.btsnoop")

  @Test func demoPrintsEveryStationOfTheRideInLineOrder() throws {
    let result = try Executable.run("beacon-scan", ["--replay", Self.ride, "--once", "--format", "json"])
    #expect(result.status == 0, "\(result.stderr)")
    let stations = result.stdout.split(separator: "\n").compactMap { line -> String? in
      let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      return object?["station"] as? String
    }
    // A neighbouring station can be heard weakly before the train arrives; first sightings
    // still follow the line, each station once.
    #expect(Set(stations).count == 13)
    #expect(stations.first == "LebakBulus")
    #expect(stations.last == "BundaranHI")
  }

  @Test func textOutputHasHeaderAndStationNames() throws {
    let result = try Executable.run("beacon-scan", ["--replay", Self.ride, "--station", "CipeteRaya"])
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.first?.hasPrefix("TIME") == true)
    #expect(lines.count > 2)
    #expect(lines.dropFirst().allSatisfy { $0.hasSuffix("Cipete Raya") })
    #expect(result.stderr.contains("advertising report(s)"))
  }

  @Test func missingFileExits66AndSaysWhich() throws {
    let result = try Executable.run("beacon-scan", ["--replay", "/nonexistent/ride.btsnoop"])
    #expect(result.status == 66)
    #expect(result.stderr.contains("/nonexistent/ride.btsnoop"))
    #expect(result.stdout.split(separator: "\n").count <= 1)
  }

  @Test func notACaptureExits65NamingFileOffsetAndWhatItIs() throws {
    let path = TestPaths.fixture("broken-not-a-capture.btsnoop")
    let result = try Executable.run("beacon-scan", ["--replay", path])
    #expect(result.status == 65)
    #expect(result.stderr.contains(path))
    #expect(result.stderr.contains("byte 0"))
    #expect(result.stderr.contains("it looks like a text file"))
  }

  @Test func corruptMidFileExits65AfterReportingWhatCameBefore() throws {
    let path = TestPaths.fixture("broken-corrupt-mid-file.btsnoop")
    let result = try Executable.run("beacon-scan", ["--replay", path, "--format", "json"])
    #expect(result.status == 65)
    #expect(result.stderr.contains(path))
    #expect(result.stderr.contains("byte "))
  }

  @Test func truncatedFinalRecordWarnsAndSucceeds() throws {
    let result = try Executable.run("beacon-scan", ["--replay", TestPaths.fixture("tricky-reports.btsnoop")])
    #expect(result.status == 0)
    #expect(result.stderr.contains("warning"))
    #expect(result.stderr.lowercased().contains("truncated"))
  }

  @Test func usageErrorExits64() throws {
    let result = try Executable.run("beacon-scan", ["--replay", Self.ride, "--kind", "nonsense"])
    #expect(result.status == 64)
  }

  /// `-i` and `--gps` are read once, as a `TransportSpec` and a `GPSDEndpoint`; a text that is
  /// neither is refused with exit 64 and the parser's own error, which says what is wrong.
  @Test(arguments: [
    ("beacon-scan", ["-i", "bogus"], "'-i <device>': 'bogus' is not a transport; use one of: hciN or N"),
    ("beacon-scan", ["-i", "tcp:x"], "'-i <device>': 'tcp:x' has no port; write tcp:HOST:PORT"),
    ("beacon-broadcast", ["-i", "hci70000"], "'-i <device>': 'hci70000' is out of range"),
    ("beacon-ride", ["--gps", "h:0", "--to", "ASEAN"], "'--gps <host:port>': 'h:0': '0' is not a port (1 to 65535)"),
    ("beacon-ride", ["--gps", "[::1", "--to", "ASEAN"], "'[::1': an IPv6 address needs its closing bracket"),
  ])
  func unreadableDeviceOrGPSDAddressSaysWhatIsWrong(program: String, arguments: [String], message: String) throws {
    let result = try Executable.run(program, arguments)
    #expect(result.status == 64)
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }

  @Test func broadcastListsStationsAsJSONLines() throws {
    let result = try Executable.run("beacon-broadcast", ["--list-stations", "--format", "json"])
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n")
    // The built-in network: 13 MRT stations first, then the KRL, airport and LRT lines' 42.
    #expect(lines.count == 55)
    let first = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any]
    #expect(first?["name"] as? String == "LebakBulus")
    #expect(first?["uuid"] as? String == "F63B21BA-2635-4BE4-B6FF-E2EAB8B541C3")
    #expect(first?["major"] as? Int == 1)
    #expect(first?["minor"] as? Int == 1)
  }

  @Test func ridePlansAJourneyAsOneJSONObject() throws {
    let result = try Executable.run(
      "beacon-ride", ["--plan", "--from", "LebakBulus", "--to", "SoekarnoHatta", "--format", "json"])
    #expect(result.status == 0)
    let plan = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let legs = try #require(plan["legs"] as? [[String: Any]])
    #expect(legs.map { $0["line"] as? String } == ["NorthSouth", "Airport"])
    #expect(legs.map { $0["to"] as? String } == ["DukuhAtas", "SoekarnoHatta"])
    let transfers = try #require(plan["transfers"] as? [[String: Any]])
    #expect(transfers.map { $0["from"] as? String } == ["DukuhAtas"])
    #expect(transfers.map { $0["to"] as? String } == ["BNICity"])
  }

  @Test func ridePlanToAnUnknownStationSuggestsAName() throws {
    let result = try Executable.run("beacon-ride", ["--plan", "--from", "LebakBulus", "--to", "SoekarnoHata"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("Did you mean SoekarnoHatta?"))
  }

  @Test func broadcastSimulatesATrainOfTheNetworksScheme() throws {
    let result = try Executable.run(
      "beacon-broadcast", ["--train", "NorthSouth:BundaranHI", "--train-set", "9", "--format", "json"])
    #expect(result.status == 0, "\(result.stderr)")
    let plan = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(plan["uuid"] as? String == "F63B21BA-2635-4BE4-8A11-72411E5B0001")
    #expect(plan["major"] as? Int == 11)
    #expect(plan["minor"] as? Int == 9)
    #expect(plan["trainLine"] as? String == "NorthSouth")
    #expect(plan["towards"] as? String == "Bundaran HI")
    let wrong = try Executable.run("beacon-broadcast", ["--train", "NorthSouth:Senayan"])
    #expect(wrong.status == 64)
    #expect(wrong.stderr.contains("trains run towards Bundaran HI or Lebak Bulus"))
  }

  @Test func broadcastRouteWithATransferAdvertisesBothEndsOfTheWalk() throws {
    let result = try Executable.run("beacon-broadcast", ["--route", "BlokM:Duri", "--format", "json"])
    #expect(result.status == 0, "\(result.stderr)")
    let stations = result.stdout.split(separator: "\n").compactMap { line in
      (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["station"] as? String
    }
    #expect(
      stations == [
        "BlokM", "ASEAN", "Senayan", "Istora", "BendunganHilir", "Setiabudi", "DukuhAtas", "BNICity", "Duri",
      ])
  }

  @Test func broadcastSaysItIsADryRun() throws {
    let result = try Executable.run("beacon-broadcast", ["--station", "CipeteRaya"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("02 01 06 1A FF 4C 00 02 15 F6 3B 21 BA"))
    #expect(result.stdout.contains("Dry run"))
  }
}

extension ExecutableTests {
  @Test func tableAfterReplayHasOneRowPerBeaconInLineOrder() throws {
    let result = try Executable.run("beacon-scan", ["--replay", Self.ride, "--table", "--kind", "ibeacon"])
    #expect(result.status == 0)
    let rows = result.stdout.split(separator: "\n")
    #expect(rows.first?.hasPrefix("STATION") == true)
    #expect(rows.count == 14)
    #expect(rows[1].hasPrefix("Lebak Bulus"))
    #expect(rows[13].hasPrefix("Bundaran HI"))
    #expect(!result.stdout.contains("\u{1B}["), "no escape sequences when not on a terminal")
  }

  @Test func tableAfterReplayGivesLastSeenInTheCapturesTime() throws {
    let result = try Executable.run("beacon-scan", ["--replay", Self.ride, "--table"])
    #expect(result.status == 0)
    #expect(!result.stdout.contains("s ago"), "no age, that would read as an age before now")
    // Lebak Bulus's row ends with the time of its last report, as the capture has it.
    let reports = try Executable.run(
      "beacon-scan", ["--replay", Self.ride, "--station", "LebakBulus", "--format", "json"])
    let lastTime = try #require(jsonLines(reports.stdout).last?["time"] as? String)
    let row = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("Lebak Bulus") })
    #expect(row.hasSuffix("  \(lastTime)"), "\(row)")
  }

  @Test func tableRefusesJSON() throws {
    let result = try Executable.run("beacon-scan", ["--replay", Self.ride, "--table", "--format", "json"])
    #expect(result.status == 64)
  }
}
