import ArgumentParser
import BeaconDomain
import HCICodec
import HCITransport

/// `beacon-scan`: find beacon frames and report them.
public struct BeaconScanCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "beacon-scan",
    abstract: "Find iBeacon, AltBeacon and Eddystone-UID frames and report them.",
    discussion: """
      Reads HCI traffic, finds LE advertising reports that carry beacon frames, names \
      the station each beacon belongs to, and prints one line per report.

      Sources:
        --replay FILE   a capture file, as written by
                        btmon -w FILE          (btsnoop, datalink 2001)
                        Android's HCI snoop log (btsnoop, datalink 1002)
                        hcidump -w FILE        (btsnoop, datalink 1001)
                        Wireshark or tshark    (pcap/pcapng with HCI)
                        nRF Sniffer, HackRF    (pcap/pcapng, link layer)
                        Times shown are the capture's.

      Examples:
        beacon-scan --replay ride.btsnoop
        beacon-scan --replay ride.btsnoop --once      # each beacon once
        beacon-scan --replay ride.btsnoop --format json --station CipeteRaya

      Exit status:
        0   done
        64  bad command line
        65  the file is no capture, or is corrupt (the message names the
            byte offset; everything before it was still reported)
        66  the capture cannot be opened
        74  a read failed while replaying
      """)

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Replay a capture file (btsnoop, pcap, pcapng) through the scanning pipeline.", valueName: "file"))
  public var replay: String?

  @Flag(help: "Print each beacon only the first time it is seen.")
  public var once = false

  @OptionGroup public var output: FormatOptions
  @OptionGroup public var filters: BeaconFilterOptions
  @OptionGroup public var catalogOptions: CatalogOptions

  public init() {}

  public func validate() throws {
    guard replay != nil else {
      throw ValidationError(
        "Give a source: --replay FILE (a btsnoop capture). Live scanning on hci0, serial: and tcp: controllers is not in this version."
      )
    }
  }

  public func run() throws {
    let catalog = try catalogOptions.load()
    var scanner = BeaconScanner(catalog: catalog, filter: try filters.filter(catalog: catalog))
    let formatter = SightingFormatter(format: output.format)
    let stdout = StandardOutput()
    defer { stdout.flush() }
    if let header = formatter.header { stdout.writeLine(header) }

    guard let path = replay else { return }
    var seen: Set<BeaconIdentity> = []
    var problemCount = 0
    let once = self.once
    let report = { (sighting: BeaconSighting) in
      if once {
        guard seen.insert(sighting.frame.identity).inserted else { return }
      }
      stdout.writeLine(formatter.line(for: sighting))
    }
    let warn = { (problem: ScanProblem) in
      problemCount += 1
      if problemCount <= Self.problemsShownInFull {
        StandardOutput.warn("beacon-scan: warning: \(path): \(problem)")
      }
    }
    var source: CaptureReplaySource
    do {
      source = try CaptureReplaySource(path: path)
      try scanner.run(&source, sighting: report, problem: warn)
    } catch let error as CaptureFileError {
      stdout.flush()
      StandardOutput.warn("beacon-scan: \(error)")
      switch error.reason {
      case .format, .packetCaptureFormat, .unrecognizedFormat: throw ExitStatus.dataError
      case .fileNotFound, .permissionDenied, .isADirectory: throw ExitStatus.noInput
      case .systemError, .encoding: throw ExitStatus.ioError
      }
    }
    stdout.flush()
    for warning in source.warnings {
      StandardOutput.warn("beacon-scan: warning: \(path): \(warning)")
    }
    if problemCount > Self.problemsShownInFull {
      StandardOutput.warn(
        "beacon-scan: warning: \(path): \(problemCount - Self.problemsShownInFull) more malformed event(s) not shown")
    }
    let stats = scanner.statistics
    StandardOutput.warn(
      "beacon-scan: \(path): \(stats.advertisingReports) advertising report(s), "
        + "\(stats.beaconReports) with a beacon frame, \(stats.emittedSightings) matched"
        + (stats.malformedEvents > 0 ? ", \(stats.malformedEvents) malformed event(s)" : ""))
  }

  /// Malformed events are listed one by one up to this many, then counted.
  static let problemsShownInFull = 20
}
