import BeaconScanning
import BeaconTestSupport
import LinuxHCITransports
import ScanSession
import Testing

extension StopSignalSharing {
  /// The scan loop over captures and an absent controller: how a run ends, what its output is told
  /// and the exit status it throws, as `beacon-scan` and `beacon-ride` run it.
  @Suite struct ScanRunTests {
    static let program = "scan-session-tests"

    /// A replay reads the capture to its end and finishes the output with the scanner's counts.
    @Test func aReplayRunsToTheCapturesEndAndFinishesTheOutput() throws {
      let path = TestPaths.fixture("raw-hci-1001.btsnoop")
      let run = ScanRun(spec: .replay(path: path), program: Self.program)
      #expect(run.sourceName == path)
      #expect(run.scanning == nil)
      let finder = try run.makeFinder(scanner: BeaconScanner())
      let output = RecordedOutput()
      finder.delegate = output
      #expect(finder.start() == .started)
      #expect(run.sourceState(of: finder)() == .replaying)
      try run.run(finder, output: output)
      let statistics = try #require(output.finished)
      #expect(statistics.advertisingReports == 8)
      #expect(statistics.beaconReports == 5)
      #expect(output.sightings.count == statistics.emittedSightings)
    }

    /// A capture that cannot be read ends the run with the status that says why; its output is
    /// finished either way (a summary of what came before the damage).
    @Test(arguments: [
      ("broken-not-a-capture.btsnoop", ProcessExitStatus.dataError),
      ("broken-corrupt-mid-file.btsnoop", .dataError),
      ("no-such-capture.btsnoop", .noInput),
    ])
    func aBrokenCaptureEndsWithItsStatus(name: String, status: ProcessExitStatus) throws {
      let output = RecordedOutput()
      #expect(
        try exitStatus(of: ScanRun(spec: .replay(path: TestPaths.fixture(name)), program: Self.program), output)
          == status)
      #expect(output.finished != nil)
    }

    /// A controller that is not there ends the run with 69, before any output was started.
    @Test func anAbsentControllerIsUnavailable() throws {
      let run = ScanRun(spec: .tcp(host: "127.0.0.1", port: 1), program: Self.program)
      #expect(run.scanning == run.configuration)
      let output = RecordedOutput()
      #expect(try exitStatus(of: run, output) == .unavailable)
      #expect(output.finished == nil)
    }

    /// The sysexits codes the README documents, which the CLI exits with.
    @Test func theStatusesAreTheSysexitsCodes() {
      let statuses: [ProcessExitStatus] = [
        .usage, .dataError, .noInput, .unavailable, .software, .ioError, .deafController,
      ]
      #expect(statuses.map(\.code) == [64, 65, 66, 69, 70, 74, 75])
    }

    /// Starts `run`'s finder and runs it as the commands do; the status it ended with (`nil`: none).
    private func exitStatus(of run: ScanRun, _ output: RecordedOutput) throws -> ProcessExitStatus? {
      let finder = try run.makeFinder(scanner: BeaconScanner())
      finder.delegate = output
      do {
        switch finder.start() {
        case .started, .alreadyStarted: try run.run(finder, output: output)
        case .notAuthorized, .bluetoothUnavailable, .failed: try run.reportStartFailure(of: finder, output: output)
        }
      } catch let status as ProcessExitStatus {
        return status
      }
      return nil
    }
  }
}
