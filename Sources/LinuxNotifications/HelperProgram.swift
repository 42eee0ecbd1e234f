/// Runs a helper program (`notify-send`, `paplay`, `aplay`) and turns anything but a clean exit
/// into a ``ChannelDeliveryError``.
struct HelperProgram {
  let path: String
  let runner: any ProcessRunner
  let timeout: Duration

  /// The program's name without its directory, for messages.
  var name: String { path.split(separator: "/").last.map(String.init) ?? path }

  func run(_ arguments: [String]) throws(ChannelDeliveryError) {
    let outcome: ProcessOutcome
    do {
      outcome = try runner.run(path, arguments: arguments, timeout: timeout)
    } catch {
      throw .launchFailed(error)
    }
    switch outcome.termination {
    case .exited(status: 0), .statusUnavailable:
      return
    case .exited(let status):
      throw .programFailed(program: name, status: status, standardError: outcome.standardError)
    case .signalled(let signal):
      throw .programKilled(program: name, signal: signal)
    case .timedOut:
      throw .timedOut(program: name, timeout: timeout)
    }
  }
}
