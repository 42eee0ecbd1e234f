import LinuxNotifications
import Synchronization

/// A runner that starts nothing: it records each call and answers with a scripted outcome.
final class FakeProcessRunner: ProcessRunner {
  struct Call: Equatable {
    var executable: String
    var arguments: [String]
    var timeout: Duration
  }

  let calls = Mutex<[Call]>([])
  private let answer: @Sendable (Call) -> Result<ProcessOutcome, ProcessLaunchError>

  init(termination: ProcessOutcome.Termination = .exited(status: 0), standardError: String = "") {
    answer = { _ in .success(ProcessOutcome(processID: 4242, termination: termination, standardError: standardError)) }
  }

  init(launchError: ProcessLaunchError) {
    answer = { _ in .failure(launchError) }
  }

  var recorded: [Call] { calls.withLock { $0 } }

  func run(_ executable: String, arguments: [String], timeout: Duration) throws(ProcessLaunchError) -> ProcessOutcome {
    let call = Call(executable: executable, arguments: arguments, timeout: timeout)
    calls.withLock { $0.append(call) }
    return try answer(call).get()
  }
}
