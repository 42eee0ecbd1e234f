import BeaconTestSupport
import Beacons
import MRTNavigation
import RunReports
import Testing

/// What `--report`'s page says was run: the command line the CLI hands in, quoted as a shell
/// would need it.
@Suite struct RunReportTests {
  @Test func theCommandIsTheOneHandedInQuotedForAShell() {
    let report = RunReport(
      file: ReportFile(path: "/nonexistent/ride.html"), program: "beacon-ride",
      command: ["beacon-ride", "--to", "Bundaran HI", "--note=it's", "--report", "ride.html"], title: "Ride",
      source: "replay", catalog: TestCatalogs.jakartaRail, catalogName: nil, policy: StationPresencePolicy(),
      ranging: BeaconRanging.Configuration())
    #expect(report.run.first?.label == "command")
    #expect(report.run.first?.value == #"beacon-ride --to 'Bundaran HI' '--note=it'\''s' --report ride.html"#)
    #expect(report.run.map(\.label) == ["command", "source", "catalog", "station detection", "smoothing"])
  }

  @Test func plainArgumentsAreLeftAsTheyAre() {
    #expect(RunReport.quoted("--gps=localhost:2947") == "--gps=localhost:2947")
    #expect(RunReport.quoted("") == "''")
  }
}
