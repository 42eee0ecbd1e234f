import POSIXSupport
import SystemPackage

#if canImport(Glibc)
  import Glibc
#endif

/// Runs programs with `posix_spawn` and polls `waitpid` with `WNOHANG` until they end or a
/// deadline passes, then kills them with `SIGKILL`.
///
/// Foundation's `Process.waitUntilExit` depends on `SIGCHLD` handling that was seen to hang inside
/// the test runner; polling does not, and it bounds the wait. The child starts with no blocked
/// signals and default handlers (the CLIs block `SIGINT` and `SIGTERM` for their own use), standard
/// input and output on `/dev/null`, and standard error on a pipe whose first bytes are kept.
public struct SpawnProcessRunner: ProcessRunner {
  /// How often the child is polled.
  public var pollInterval: Duration
  /// How much of the child's standard error is kept for error messages.
  public var standardErrorLimit: Int
  /// How long to wait for a killed child to be reaped before giving up on it.
  public var reapGrace: Duration

  /// A runner polling every `pollInterval`.
  public init(
    pollInterval: Duration = .milliseconds(5), standardErrorLimit: Int = 2048, reapGrace: Duration = .seconds(2)
  ) {
    self.pollInterval = pollInterval
    self.standardErrorLimit = standardErrorLimit
    self.reapGrace = reapGrace
  }

  public func run(
    _ executable: String, arguments: [String], timeout: Duration
  ) throws(ProcessLaunchError) -> ProcessOutcome {
    // swift-system's pipe has no flags (no pipe2); both ends are marked close-on-exec right
    // after, so only the child's standard error (a dup2 copy) survives into the child.
    let pipeEnds: (readEnd: FileDescriptor, writeEnd: FileDescriptor)
    do throws(Errno) {
      pipeEnds = try systemCall { try FileDescriptor.pipe() }
    } catch {
      throw ProcessLaunchError(executable: executable, code: error.rawValue)
    }
    let readEnd = pipeEnds.readEnd.rawValue
    let writeEnd = pipeEnds.writeEnd.rawValue
    defer { close(readEnd) }
    _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
    _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
    _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)

    let spawned = spawn(executable, arguments: arguments, standardError: writeEnd)
    close(writeEnd)
    let pid: pid_t
    switch spawned {
    case .success(let child): pid = child
    case .failure(let error): throw error
    }

    var captured: [UInt8] = []
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    var termination = reap(pid)
    while termination == nil && clock.now < deadline {
      drain(readEnd, into: &captured)
      sleep(for: pollInterval)
      termination = reap(pid)
    }
    if termination == nil {
      kill(pid, SIGKILL)
      let reapDeadline = clock.now.advanced(by: reapGrace)
      while reap(pid) == nil && clock.now < reapDeadline { sleep(for: pollInterval) }
      termination = .timedOut
    }
    drain(readEnd, into: &captured)
    return ProcessOutcome(
      processID: pid, termination: termination ?? .timedOut,
      standardError: String(decoding: captured, as: UTF8.self))
  }

  private func spawn(
    _ executable: String, arguments: [String], standardError: Int32
  ) -> Result<pid_t, ProcessLaunchError> {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, standardError, 2)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var child: pid_t = 0
    let result = withShellLikeSpawnAttributes { attributes in
      posix_spawn(&child, executable, &actions, &attributes, argv, environ)
    }
    guard result == 0 else { return .failure(ProcessLaunchError(executable: executable, code: result)) }
    return .success(child)
  }

  /// The child's termination if it has ended (and is now reaped), otherwise `nil`.
  private func reap(_ pid: pid_t) -> ProcessOutcome.Termination? {
    var status: Int32 = 0
    do throws(Errno) {
      let result = try retryingOnInterrupt { () throws(Errno) in try valueOrErrno(waitpid(pid, &status, WNOHANG)) }
      if result == 0 { return nil }
    } catch {
      // ECHILD: someone else (a SIGCHLD handler) collected it; it has ended, status unknown.
      return .statusUnavailable
    }
    let signal = status & 0x7F
    return signal == 0 ? .exited(status: (status >> 8) & 0xFF) : .signalled(signal: signal)
  }

  private func drain(_ descriptor: Int32, into captured: inout [UInt8]) {
    var buffer = [UInt8](repeating: 0, count: 1024)
    let file = FileDescriptor(rawValue: descriptor)
    while true {
      // swift-system's read retries on EINTR; an error or the end of the pipe ends the draining.
      guard let count = try? buffer.withUnsafeMutableBytes({ try file.read(into: $0) }), count > 0 else { return }
      captured.append(contentsOf: buffer[0..<min(count, max(0, standardErrorLimit - captured.count))])
    }
  }

  private func sleep(for duration: Duration) {
    sleepRetryingOnInterrupt(for: duration)
  }
}
