import Glibc
import ProgramOutput
import Testing

extension StopSignalSharing {
  @Suite struct StopSignalTests {
    /// One test, since the flag is process-wide.
    @Test func requestResetAndSignal() async throws {
      StopSignal.reset()
      #expect(!StopSignal.isRequested)
      StopSignal.request()
      #expect(StopSignal.isRequested)
      StopSignal.reset()
      #expect(!StopSignal.isRequested)

      // Test threads may block signals, so the signal goes to the process and is awaited.
      StopSignal.install()
      kill(getpid(), SIGTERM)
      for _ in 0..<100 where !StopSignal.isRequested {
        try await Task.sleep(for: .milliseconds(10))
      }
      #expect(StopSignal.isRequested)
      StopSignal.reset()
    }
  }
}
