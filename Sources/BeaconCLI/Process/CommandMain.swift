import ArgumentParser
import ProgramOutput
import ScanSession

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension ParsableCommand {
  /// Runs the command as a program, as ArgumentParser's `main(_:)` does, with two differences:
  /// the standard streams are made safe first (``StandardStreams/prepare()``: SIGPIPE ignored,
  /// closed descriptors on `/dev/null`), and ArgumentParser's messages (help, and errors that
  /// echo what was typed or read from a file) are shown a line at a time through
  /// ``TerminalText``, so that a name cannot drive the terminal. Each executable's `main.swift`
  /// calls it. A ``ProcessExitStatus`` thrown by a run below the CLI is its ``ExitCode``.
  public static func runAsProgram(_ arguments: [String]? = nil) -> Never {
    StandardStreams.prepare()
    do {
      var command = try parseAsRoot(arguments)
      try command.run()
      exit()
    } catch let thrown {
      let error = (thrown as? ProcessExitStatus).map { ExitCode($0) } ?? thrown
      var text = fullMessage(for: error, columns: nil)
      let status = exitCode(for: error)
      if text.isEmpty {
        // An exit status thrown after the run said what was wrong: nothing more to say.
      } else if status == .success {
        // Help and the like: ours, shown a line at a time.
        let stdout = StandardOutput()
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
          stdout.writeLine(TerminalText.escaped(String(line)))
        }
        stdout.flush()
      } else {
        // An error: its message (which may quote a name holding a newline) escaped whole, then
        // the usage lines ArgumentParser puts after it.
        let message = self.message(for: error)
        if !message.isEmpty { text = text.replacing(message, with: TerminalText.escaped(message)) }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
          StandardError.writeLine(String(line), priority: .error)
        }
      }
      Glibc.exit(status.rawValue)
    }
  }
}

extension ExitCode {
  /// The code a run ended with: ``ScanSession/ProcessExitStatus``, the toolkit's one table of
  /// exit statuses (sysexits.h values, documented in the README).
  init(_ status: ProcessExitStatus) {
    self.init(status.code)
  }
}
