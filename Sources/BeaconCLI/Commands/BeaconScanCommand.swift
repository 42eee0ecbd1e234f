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

  @Flag(
    help: ArgumentHelp(
      "One row per beacon: station, RSSI now and smoothed, reports, last seen. Live on a terminal; after a replay, printed once."
    ))
  public var table = false

  @OptionGroup public var output: FormatOptions
  @OptionGroup public var filters: BeaconFilterOptions
  @OptionGroup public var catalogOptions: CatalogOptions

  public init() {}

  public func validate() throws {
    if table, once { throw ValidationError("--table already shows each beacon once; drop --once.") }
    if table, output.format == .json {
      throw ValidationError("--table is for people; for programs use --format json without --table.")
    }
    guard replay != nil else {
      throw ValidationError(
        "Give a source: --replay FILE (a btsnoop capture). Live scanning on hci0, serial: and tcp: controllers is not in this version."
      )
    }
  }

  public func run() throws {
    let catalog = try catalogOptions.load()
    var scanner = BeaconScanner(catalog: catalog, filter: try filters.filter(catalog: catalog))
    let stdout = StandardOutput()
    guard let path = replay else { return }
    let presenter = SightingPresenter(mode: presentationMode(output: stdout), output: stdout, sourceName: path)
    var source: CaptureReplaySource
    do {
      source = try CaptureReplaySource(path: path)
      try scanner.run(&source, sighting: presenter.present, problem: presenter.warn)
    } catch let error as CaptureFileError {
      presenter.finish()
      StandardOutput.warn("beacon-scan: \(error)")
      switch error.reason {
      case .format, .packetCaptureFormat, .unrecognizedFormat: throw ExitStatus.dataError
      case .fileNotFound, .permissionDenied, .isADirectory: throw ExitStatus.noInput
      case .systemError, .encoding: throw ExitStatus.ioError
      }
    }
    presenter.finish()
    for warning in source.warnings {
      StandardOutput.warn("beacon-scan: warning: \(path): \(warning)")
    }
    let stats = scanner.statistics
    StandardOutput.warn(
      "beacon-scan: \(path): \(stats.advertisingReports) advertising report(s), "
        + "\(stats.beaconReports) with a beacon frame, \(stats.emittedSightings) matched"
        + (stats.malformedEvents > 0 ? ", \(stats.malformedEvents) malformed event(s)" : ""))
  }

  /// Lines or the table. A replay's table is printed once, at the end.
  func presentationMode(output: StandardOutput, live: Bool = false) -> SightingPresenter.Mode {
    table
      ? .table(live: live && output.isTerminal)
      : .lines(SightingFormatter(format: self.output.format), oncePerBeacon: once)
  }
}
