import ArgumentParser

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
  /// calls it.
  public static func runAsProgram(_ arguments: [String]? = nil) -> Never {
    StandardStreams.prepare()
    do {
      var command = try parseAsRoot(arguments)
      try command.run()
      exit()
    } catch {
      let text = fullMessage(for: error, columns: nil)
      let status = exitCode(for: error)
      let lines = text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      if status == .success {
        let stdout = StandardOutput()
        for line in lines { stdout.writeLine(TerminalText.escaped(line)) }
        stdout.flush()
      } else {
        for line in lines { StandardOutput.warn(line, priority: .error) }
      }
      Glibc.exit(status.rawValue)
    }
  }
}
