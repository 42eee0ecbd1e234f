/// How a run ends the program when it does not end well: a sysexits.h code, as the README lists
/// them. Thrown once the run has said on standard error what went wrong; the command line's
/// parser is given it as its exit code in one place (`BeaconCLI`'s `runAsProgram`).
package struct ProcessExitStatus: Error, Hashable, Sendable {
  /// The status the process exits with.
  package let code: Int32

  package init(code: Int32) {
    self.code = code
  }

  /// EX_USAGE: a command line error: unknown option, bad value.
  package static let usage = Self(code: 64)
  /// EX_DATAERR: the input is not what it should be: not a btsnoop capture, corrupt mid-way.
  package static let dataError = Self(code: 65)
  /// EX_NOINPUT: the input cannot be opened: missing, unreadable, a directory.
  package static let noInput = Self(code: 66)
  /// EX_UNAVAILABLE: the controller cannot be used: no Bluetooth in the kernel, no such device,
  /// no permission, nothing listening, it stopped answering or went away.
  package static let unavailable = Self(code: 69)
  /// EX_SOFTWARE: a defect of this build, such as its compiled-in network data.
  package static let software = Self(code: 70)
  /// EX_IOERR: a read or write failed while running.
  package static let ioError = Self(code: 74)
  /// EX_TEMPFAIL: the controller went deaf and the staged recovery did not bring its reports
  /// back; starting the program again (systemd's `Restart=on-failure`) is the last stage.
  package static let deafController = Self(code: 75)
}
