import ArgumentParser
import ScanSession

/// The exit codes of the toolkit's commands (sysexits.h values, documented in the README): the
/// ``ProcessExitStatus`` the runs below the CLI throw, as ArgumentParser's codes.
public enum ExitStatus {
  /// Everything went as asked.
  public static let success = ExitCode(0)
  /// A command line error: unknown option, bad value (ArgumentParser's own code).
  public static let usage = ExitCode(ProcessExitStatus.usage)
  /// The input is not what it should be: not a btsnoop capture, corrupt mid-way.
  public static let dataError = ExitCode(ProcessExitStatus.dataError)
  /// The input cannot be opened: missing, unreadable, a directory.
  public static let noInput = ExitCode(ProcessExitStatus.noInput)
  /// The controller cannot be used: no Bluetooth in the kernel, no such device, no permission,
  /// nothing listening, it stopped answering or went away.
  public static let unavailable = ExitCode(ProcessExitStatus.unavailable)
  /// EX_TEMPFAIL: the controller went deaf and the staged recovery did not bring its reports
  /// back; starting the program again (systemd's `Restart=on-failure`) is the last stage.
  public static let deafController = ExitCode(ProcessExitStatus.deafController)
  /// A read or write failed while running.
  public static let ioError = ExitCode(ProcessExitStatus.ioError)
  /// EX_SOFTWARE: a defect of this build, such as its compiled-in network data.
  public static let software = ExitCode(ProcessExitStatus.software)
}

extension ExitCode {
  /// The code a run below the CLI ended with.
  init(_ status: ProcessExitStatus) {
    self.init(status.code)
  }
}
